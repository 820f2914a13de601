import { href, Link } from "react-router";
import { howToBuyPath, swapUrl } from "../../common/links.ts";
import { PageSection } from "../components/ui/page-section.tsx";
import { SectionHeading, TitledSection } from "../components/ui/titled-section.tsx";
import { loadGlossary } from "../content/glossary.server.ts";
import { useComingSoonGuard } from "../features/auth/account-links.tsx";
import { useAuthStatus } from "../features/auth/use-auth-status.ts";
import { MarketPrice, MarketStats, PriceChart, Tokenomics } from "../features/market/market-section.tsx";
import { STATS } from "../features/market/market-view.ts";
import { PriceBadge } from "../features/price/price-badge.tsx";
import { AddTokenButton } from "../features/token/add-token-button.tsx";
import { TokenFactCards } from "../features/token/token-fact-cards.tsx";
import { ARTICLE } from "../lib/article-page.ts";
import { pageMeta } from "../lib/page-meta.ts";
import { site } from "../site.ts";
import type { Route } from "./+types/home";

/** The stats' one-line explanations, from the glossary their "What is this?" links to. */
export function loader() {
  const wanted = new Set<string>(STATS.map((stat) => stat.glossary));
  return { shorts: Object.fromEntries(loadGlossary(site).flatMap((term) => (wanted.has(term.id) ? [[term.id, term.short]] : []))) };
}

/** Prerendered with the articles' script, no React (decision 053). */
export const handle = ARTICLE;

export const meta: Route.MetaFunction = () => pageMeta({ title: site.token.name, description: site.site.description, path: href("/") });

const { token, rewards } = site;

const rewardFigures = [
  { label: "Every day you claim", amount: rewards.dailyAmount },
  { label: "Each time a friend you invited claims", amount: rewards.referralBonus },
  { label: `Minimum to transfer to ${token.chainName}`, amount: rewards.minTransfer },
];

const platforms = [
  {
    name: "Browser extension",
    anchor: "browser",
    text: "Install the wallet in Chrome, Firefox, Edge or Brave, then add and trade the token.",
  },
  { name: "Android", anchor: "android", text: "Set up the wallet app on an Android phone, buy with a swap and send with a QR code." },
  { name: "iOS", anchor: "ios", text: "The same guides for iPhone, with the notes that differ on iOS." },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const status = useAuthStatus({ check: true });
  const signUpGuard = useComingSoonGuard(status);

  return (
    <>
      <section className="bg-ink-900 text-white">
        <div className="mx-auto grid max-w-6xl items-start gap-10 px-4 pt-10 pb-16 sm:px-6 md:grid-cols-[1.5fr_1fr] md:pt-16 md:pb-24">
          <div>
            <p className="text-sm font-semibold tracking-widest text-gold-400 uppercase">ERC-20 on {token.chainName}</p>
            <h1 className="mt-3 text-4xl font-black tracking-tight sm:text-6xl">
              {token.name} <span className="text-brand-300">({token.symbol})</span>
            </h1>
            <p className="mt-4 text-xl text-white/90 sm:text-2xl">{site.site.tagline}</p>
            <div className="mt-6 flex min-h-12 items-center">
              <PriceBadge />
            </div>
            <MarketPrice />
            <div className="mt-6 flex flex-wrap gap-3">
              <Link to={howToBuyPath(site)} className="btn-primary">
                Buy {token.symbol}
              </Link>
            </div>
            <div className="mt-6 max-w-xl text-ink-900" data-add-token>
              <AddTokenButton />
            </div>
          </div>
          <PriceChart />
        </div>
      </section>

      <PageSection
        id="market"
        title="The market, read from the chain"
        spacing="pt-16"
        intro={
          <>
            Every figure comes from the {site.dex.name} pool and the token contract on {token.chainName}, read by this site itself.
          </>
        }
      >
        <MarketStats shorts={loaderData.shorts} />
      </PageSection>

      <PageSection
        id="tokenomics"
        title="Supply and tokenomics"
        spacing="pt-16"
        intro={
          <>
            Who holds the tokens kept apart from the market, with links to check each balance on {site.explorer.name}, and what the reward
            program has paid so far.
          </>
        }
      >
        <Tokenomics />
      </PageSection>

      <PageSection
        id="token"
        title="The token, in the open"
        intro={
          <>
            Everything about {token.symbol} can be checked: its address, its source code on {site.explorer.name}, and the whitepaper that
            sets out the rules.
          </>
        }
      >
        <TokenFactCards />
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <a href={swapUrl(site)} className="btn-primary" rel="noopener noreferrer" target="_blank">
            Buy {token.symbol}
            <span className="sr-only"> on {site.dex.name} (opens in a new tab)</span>
          </a>
          <span className="text-base text-ink-800">
            On {site.dex.name}, paid in {site.dex.quoteSymbol}.
          </span>
        </div>
        <p className="mt-3 text-base text-ink-800">
          First time?{" "}
          <Link to={howToBuyPath(site)} className="link">
            How to buy {token.symbol}, step by step
          </Link>
          : get ETH, swap it, and add {token.symbol} to your wallet.
        </p>
      </PageSection>

      <TitledSection className="bg-surface">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <SectionHeading className="text-3xl font-bold">Rewards with simple rules</SectionHeading>
          <dl className="mt-8 grid gap-4 sm:grid-cols-3">
            {rewardFigures.map((figure) => (
              <div key={figure.label} className="rounded-2xl bg-sand-100 p-6">
                <dt className="text-base text-ink-800">{figure.label}</dt>
                <dd className="mt-1 text-3xl font-black text-brand-700">
                  {figure.amount.toLocaleString("en-US")} {token.symbol}
                </dd>
              </div>
            ))}
          </dl>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={href("/register")} onClick={signUpGuard} className="btn-primary">
              Sign up for rewards
            </Link>
            <Link to={href("/earn-tokens")} className="btn-secondary">
              How earning works
            </Link>
          </div>
        </div>
      </TitledSection>

      <PageSection
        id="guides"
        title="Wallet tutorials, step by step"
        intro={
          <>
            New to wallets? Our guides walk you through installing one, keeping your recovery phrase safe, and adding, buying, sending and
            selling {token.symbol}.
          </>
        }
      >
        <ul className="mt-8 grid gap-4 md:grid-cols-3">
          {platforms.map((platform) => (
            <li key={platform.name}>
              <Link
                to={{ pathname: href("/how-to"), hash: platform.anchor }}
                className="card block h-full hover:border-brand-300 hover:shadow-md"
              >
                <h3 className="text-xl font-bold text-ink-900">{platform.name} guides</h3>
                <p className="mt-2 text-base text-ink-800">{platform.text}</p>
              </Link>
            </li>
          ))}
        </ul>
        <Link to={href("/how-to")} className="btn-secondary mt-8">
          See all wallet guides
        </Link>
      </PageSection>

      <TitledSection className="bg-brand-100">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-12 sm:px-6 md:flex-row md:items-center md:justify-between">
          <div>
            <SectionHeading className="text-2xl font-bold">Questions?</SectionHeading>
            <p className="mt-1 text-lg text-ink-800">We read every message and answer within a few days.</p>
          </div>
          <Link to={href("/contact-us")} className="btn-primary">
            Contact us
          </Link>
        </div>
      </TitledSection>
    </>
  );
}
