import { href, Link } from "react-router";
import { PageSection } from "../components/ui/page-section.tsx";
import { SectionHeading, TitledSection } from "../components/ui/titled-section.tsx";
import { useComingSoonGuard } from "../features/auth/account-links.tsx";
import { useAuthStatus } from "../features/auth/use-auth-status.ts";
import { pageOfferText, quizOfferText } from "../features/quests/offer-text.ts";
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
    description: `Claim ${amount(rewards.dailyAmount)} every day, earn streak bonuses and quiz rewards, and ${amount(rewards.referralBonus)} each time a friend you invited claims.`,
    path: href("/earn-tokens"),
  });

// What a friend does before the referrer's bonus stops waiting (REWARD_REFERRAL_AFTER_FIRST_QUIZ adds the quiz).
const bonusWaits = rewards.referralAfterFirstQuiz
  ? { until: "confirm their email address and pass a first quiz", done: "confirmed their email address and passed a first quiz" }
  : { until: "confirm their email address", done: "confirmed their email address" };
const claimsToTransfer = Math.ceil(rewards.minTransfer / rewards.dailyAmount);
const daysText = (days: number) => `${days.toLocaleString("en-US")} ${days === 1 ? "day" : "days"}`;
const milestonesText = rewards.streakMilestones.map((milestone) => `${amount(milestone.bonus)} at ${daysText(milestone.days)}`).join(", ");
// The page is prerendered: special days already past when it was built are not offered.
const upcomingSpecialDays = rewards.specialDays.filter((special) => special.date >= new Date().toISOString().slice(0, 10));

/** What pays today, each with its amount from the configuration: nothing is listed that does not exist. */
const waysToEarn: Array<{ name: string; text: string; offer?: "quiz" | "pages" }> = [
  {
    name: "Daily claim",
    text: `Sign in and claim ${amount(rewards.dailyAmount)}. A new claim opens ${rewards.claimIntervalHours} hours after your last one.${
      upcomingSpecialDays.length > 0
        ? ` Special days pay more: ${upcomingSpecialDays.map((special) => `×${special.multiplier} on ${special.date} (UTC)`).join(", ")}.`
        : ""
    }`,
  },
  ...(rewards.streakMilestones.length > 0
    ? [
        {
          name: "Streak bonuses",
          text: `Claim on consecutive days (UTC) to build a streak: ${milestonesText}, each once per streak. Every 7th day earns a freeze that covers one missed day, and a reminder email, if you turn it on in your account, tells you when your streak is at risk.`,
        },
      ]
    : []),
  {
    name: "Quizzes",
    // The quizzes' amounts as first seeded; the page's script shows what the operators' settings hold now.
    text: quizOfferText([{ title: "", xp: rewards.quizXp, tokens: String(rewards.quizTokens) }], token.symbol),
    offer: "quiz",
  },
  { name: "Visit and read", text: pageOfferText([]), offer: "pages" },
  {
    name: "Referrals",
    text: `Share your referral link. Each time a friend who signed up with it claims a daily reward, you receive ${amount(rewards.referralBonus)}; it waits as pending until they ${bonusWaits.until}.`,
  },
];

/** The five kinds of task the site has always named, and what stands behind each today. */
const taskKinds: Array<{ name: string; text: string }> = [
  { name: "Check-ins", text: "The daily claim, and the streak bonuses that reward coming back day after day." },
  {
    name: "Videos",
    text: "No reward for watching: a view cannot be checked. The wallet guides take their place, and their quizzes pay.",
  },
  { name: "Surveys", text: "The quizzes: questions on a guide, each answer explained, graded on our server." },
  {
    name: "Sharing",
    text: "Sharing your referral link from the dashboard. A post cannot be checked, so posting pays nothing by itself; a friend who joins and claims does.",
  },
  { name: "Inviting", text: "The referral bonus, every time a friend you invited claims." },
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
            Claim every day, keep a streak, pass quizzes on our wallet guides and invite friends. Once your balance reaches{" "}
            {amount(rewards.minTransfer)} ({claimsToTransfer.toLocaleString("en-US")} daily claims, {daysText(claimsToTransfer)} at one a
            day; fewer with bonuses), you can transfer it to your own wallet on {token.chainName}.
          </p>
          {/* A member sees their own progress instead of the sign-up buttons (app/enhance/member-progress.ts fills it in). */}
          <div data-member-progress hidden className="mx-auto mt-8 max-w-2xl rounded-2xl bg-white/10 p-5 text-left">
            <h2 className="text-xl font-bold">Your progress</h2>
            <ul className="mt-3 space-y-1 text-base text-white/90">
              <li data-progress="streak" />
              <li data-progress="balance" />
              <li data-progress="quizzes" />
            </ul>
            <div className="mt-5 flex flex-wrap gap-3">
              <a href="/dashboard" className="btn-primary">
                Go to your dashboard
              </a>
              <a href="/quests" className="btn-on-dark">
                Take a quiz
              </a>
              <a href="/leaderboard" className="btn-on-dark">
                See the leaderboard
              </a>
            </div>
          </div>
          <div data-visitor-only className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to={href("/register")} onClick={signUpGuard} className="btn-primary">
              Sign up for rewards
            </Link>
            <Link to={href("/login")} onClick={signUpGuard} className="btn-on-dark">
              I have an account
            </Link>
          </div>
        </div>
      </section>

      <PageSection id="ways" title="Ways to earn">
        <ul className="mt-8 grid gap-4 md:grid-cols-2">
          {waysToEarn.map((way) => (
            <li key={way.name} className="card" data-quest-offer={way.offer}>
              <h3 className="text-xl font-bold">{way.name}</h3>
              <p className="mt-3 text-base leading-7 text-ink-800">{way.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-6 max-w-3xl text-base text-ink-800">
          {rewards.claimXp > 0 ? "Quizzes and daily claims also earn XP" : "Quizzes also earn XP"}, which ranks the members who choose a
          display name on the monthly{" "}
          <Link to={href("/leaderboard")} className="link">
            leaderboard
          </Link>
          .
        </p>
        <h2 className="mt-14 text-2xl font-bold">Check-ins, videos, surveys, sharing and inviting</h2>
        <p className="mt-2 max-w-3xl text-base text-ink-800">
          We pay only for what our server can check. Here is what stands behind each kind of task:
        </p>
        <dl className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {taskKinds.map((kind) => (
            <div key={kind.name} className="rounded-2xl bg-sand-100 p-5">
              <dt className="text-lg font-bold">{kind.name}</dt>
              <dd className="mt-2 text-base leading-7 text-ink-800">{kind.text}</dd>
            </div>
          ))}
        </dl>
      </PageSection>

      <TitledSection className="bg-surface">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 md:grid-cols-2">
          <div>
            <SectionHeading className="text-3xl font-bold">The referral system</SectionHeading>
            <ol className="mt-6 list-decimal space-y-3 pl-6 text-lg leading-8 text-ink-800">
              <li>Every account gets its own referral code and a link to share.</li>
              <li>A friend signs up with your link, or types your code on the sign-up form.</li>
              <li>
                Every time that friend claims a daily reward, {amount(rewards.referralBonus)} is added to your balance, with no limit on the
                number of friends. Until your friend has {bonusWaits.done}, the bonus waits as pending.
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
      </TitledSection>
    </>
  );
}
