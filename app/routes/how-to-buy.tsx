import { href, Link } from "react-router";
import { howToBuyPath } from "../../common/links.ts";
import { SectionHeading, TitledSection } from "../components/ui/titled-section.tsx";
import { buyPath, buyPathSafety } from "../content/buy-path.server.ts";
import { PlatformChoice } from "../features/guides/platform-choice.tsx";
import type { ChosenPlatform } from "../features/guides/platform-preference.ts";
import { ARTICLE } from "../lib/article-page.ts";
import { pageMeta } from "../lib/page-meta.ts";
import { site } from "../site.ts";
import type { Route } from "./+types/how-to-buy";

export function loader() {
  return { platforms: buyPath(site), safety: buyPathSafety(site) };
}

export const handle = ARTICLE;

const { symbol, name } = site.token;

const SECTION_NAMES: Record<ChosenPlatform, string> = {
  browser: "In the browser extension",
  android: "On an Android phone",
  ios: "On an iPhone",
};

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: `How to buy ${symbol}`,
    description: `Buy ${name} (${symbol}) step by step: get ETH into MetaMask, swap it for ${symbol}, then add ${symbol} to your wallet, in a browser or on a phone.`,
    path: howToBuyPath(site),
  });

/** The one path from no crypto to holding the token: get ETH, buy, add to the wallet, per platform, each step a guide. */
export default function HowToBuy({ loaderData }: Route.ComponentProps) {
  return (
    <article data-pagefind-body className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-4xl font-black tracking-tight">How to buy {symbol}</h1>
      <p className="mt-4 max-w-[70ch] text-lg text-ink-800">
        {symbol} is not listed on major centralized exchanges: you buy it from your own wallet, by swapping ETH for it on {site.dex.name},
        inside MetaMask. Three steps, each with its own guide. Pick where you use your wallet and follow them in order.
      </p>
      <PlatformChoice className="mt-6" />
      <div className="mt-8 space-y-4">
        {loaderData.platforms.map(({ platform, steps }) => (
          <details key={platform} id={platform} data-platform={platform} open={platform === "browser"} className="group card p-0">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-6 py-5 text-xl font-bold hover:bg-sand-100 [&::-webkit-details-marker]:hidden">
              <span>{SECTION_NAMES[platform]}</span>
              <span aria-hidden="true" className="text-2xl transition-transform group-open:rotate-45">
                +
              </span>
            </summary>
            <ol id={`${platform}-guides`} className="scroll-mt-4 space-y-4 px-6 pb-6">
              {steps.map((step, index) => (
                <li key={step.title} className="flex gap-4">
                  <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-ink-900 font-bold text-white">
                    {index + 1}
                  </span>
                  <div>
                    <h2 className="text-lg font-bold">{step.title}</h2>
                    <p className="mt-1 max-w-[65ch] text-base text-ink-800">{step.text}</p>
                    <Link to={step.guide.path} className="link mt-1 inline-block font-semibold">
                      Guide: {step.guide.title}
                    </Link>
                  </div>
                </li>
              ))}
            </ol>
          </details>
        ))}
      </div>
      <TitledSection className="mt-10 rounded-2xl bg-sand-100 p-6">
        <SectionHeading className="text-xl font-bold">Before you spend money</SectionHeading>
        <ul className="mt-3 list-disc space-y-1 pl-6">
          {loaderData.safety.map((guide) => (
            <li key={guide.path}>
              <Link to={guide.path} className="link">
                {guide.title}
              </Link>
            </li>
          ))}
          <li>
            <Link to={href("/faq")} className="link">
              Questions newcomers ask
            </Link>
          </li>
        </ul>
        <p className="mt-3 text-base text-ink-800">
          Crypto-assets are volatile: only use money you can afford to lose. Nobody from this site or from MetaMask will ever ask for your
          Secret Recovery Phrase.
        </p>
      </TitledSection>
    </article>
  );
}
