import { href, Link } from "react-router";
import { useComingSoonGuard } from "../features/auth/account-links.tsx";
import { useAuthStatus } from "../features/auth/auth-status.ts";
import { ARTICLE } from "../lib/article-page.ts";
import { pageMeta } from "../lib/page-meta.ts";
import { site } from "../site.ts";
import type { Route } from "./+types/earn-tokens";

const { token, rewards } = site;
const amount = (value: number) => `${value.toLocaleString("en-US")} ${token.symbol}`;

export const handle = ARTICLE;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Earn Tokens",
    description: `Claim ${amount(rewards.dailyAmount)} every day and earn ${amount(rewards.referralBonus)} each time a friend you invited claims theirs.`,
    path: href("/earn-tokens"),
  });

const tasks: Array<{ name: string; text: string; live: boolean }> = [
  {
    name: "Daily check-in",
    text: `Sign in and claim ${amount(rewards.dailyAmount)}. A new claim opens ${rewards.claimIntervalHours} hours after your last one; on special days the reward is doubled or tripled.`,
    live: true,
  },
  {
    name: "Invite friends",
    text: `Share your referral link. Each time a friend who signed up with it claims their daily reward, you receive ${amount(rewards.referralBonus)}.`,
    live: true,
  },
  { name: "Watch videos", text: "Short explainers about wallets and safety, with a reward for watching to the end.", live: false },
  { name: "Answer surveys", text: "Tell us what to build next and earn for your time.", live: false },
  { name: "Share the news", text: `Post about ${token.name} on your social accounts.`, live: false },
];

export default function EarnTokens() {
  const status = useAuthStatus({ check: true });
  const signUpGuard = useComingSoonGuard(status);

  return (
    <>
      <section className="bg-ink-900 text-white">
        <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:px-6 sm:py-20">
          <h1 className="text-4xl font-black tracking-tight sm:text-5xl">Earn {token.symbol} every day</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-8 text-white/85">
            Complete simple daily tasks, invite friends, and watch your balance grow. Once it reaches {amount(rewards.minTransfer)}, you can
            transfer it to your own wallet on {token.chainName}.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to={href("/register")} onClick={signUpGuard} className="btn-primary">
              Sign up for rewards
            </Link>
            <Link to={href("/login")} onClick={signUpGuard} className="btn-on-dark">
              I have an account
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="tasks-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="tasks-heading" className="text-3xl font-bold">
          Daily tasks
        </h2>
        <ul className="mt-8 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {tasks.map((task) => (
            <li key={task.name} className="card">
              {/* The badge sits above the name on every card, however long the name; the name stays first to read. */}
              <div className="flex flex-col-reverse items-start gap-2">
                <h3 className="text-xl font-bold">{task.name}</h3>
                <span
                  className={`shrink-0 rounded-full px-3 py-1 text-sm font-semibold whitespace-nowrap ${task.live ? "bg-success-700 text-white" : "bg-sand-200 text-ink-900"}`}
                >
                  {task.live ? "Available now" : "Coming later"}
                </span>
              </div>
              <p className="mt-3 text-base leading-7 text-ink-800">{task.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="referral-heading" className="bg-surface">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 md:grid-cols-2">
          <div>
            <h2 id="referral-heading" className="text-3xl font-bold">
              The referral system
            </h2>
            <ol className="mt-6 list-decimal space-y-3 pl-6 text-lg leading-8 text-ink-800">
              <li>Every account gets its own referral code and a link to share.</li>
              <li>A friend signs up with your link, or types your code on the sign-up form.</li>
              <li>
                Every time that friend claims a daily reward, {amount(rewards.referralBonus)} is added to your balance, with no limit on the
                number of friends. Until your friend confirms their email address, the bonus waits as pending.
              </li>
            </ol>
          </div>
          <div className="rounded-2xl bg-sand-100 p-6">
            <h3 className="text-xl font-bold">The rules, in short</h3>
            <ul className="mt-4 list-disc space-y-2 pl-6 text-base leading-7 text-ink-800">
              <li>One daily claim per account, {rewards.claimIntervalHours} hours apart.</li>
              <li>Special days double or triple the daily reward; they are announced on our social channels.</li>
              <li>
                Rewards are recorded in your account. Transfers to {token.chainName} start at {amount(rewards.minTransfer)}.
              </li>
              <li>
                One account per person, {site.legal.minimumAge} or older (or with a parent's consent). See the{" "}
                <Link to={href("/terms-and-conditions")} className="link">
                  Terms and Conditions
                </Link>
                .
              </li>
            </ul>
          </div>
        </div>
      </section>
    </>
  );
}
