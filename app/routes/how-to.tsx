import { useEffect } from "react";
import { href, Link, useLocation } from "react-router";
import { howToBuyPath } from "../../common/links.ts";
import { SectionHeading, TitledSection } from "../components/ui/titled-section.tsx";
import { loadGuideIndex } from "../content/guides.server.ts";
import { GuideSearch } from "../features/guides/guide-search.tsx";
import { PlatformChoice } from "../features/guides/platform-choice.tsx";
import { ARTICLE } from "../lib/article-page.ts";
import { pageMeta } from "../lib/page-meta.ts";
import { site } from "../site.ts";
import type { Route } from "./+types/how-to";

export function loader() {
  return { sections: loadGuideIndex() };
}

export const handle = ARTICLE;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Wallet guides",
    description: `Step-by-step MetaMask guides for the browser, Android and iOS: set up a wallet, keep it safe, and add, buy, send and sell ${site.token.symbol}.`,
    path: href("/how-to"),
  });

const reasons = [
  {
    title: "You hold your own keys",
    text: `MetaMask is a self-custody wallet: your ${site.token.symbol} stays in an account only your Secret Recovery Phrase controls, not on an exchange.`,
  },
  {
    title: "It works everywhere you do",
    text: "The same wallet runs as a browser extension and as an app for Android and iOS, restored from one Secret Recovery Phrase.",
  },
  {
    title: "It speaks to decentralized exchanges",
    text: `Swap for ${site.token.symbol} inside the app, or connect to ${site.dex.name} to add liquidity.`,
  },
  {
    title: "It is widely used and its code is public",
    text: "Millions of people use it. Its code is source-available: anyone can read and review it, under a licence that is not open source.",
  },
];

/** /how-to#android opens the Android list. */
function useOpenSectionFromHash() {
  const { hash } = useLocation();
  useEffect(() => {
    const section = hash ? document.getElementById(hash.slice(1)) : null;
    if (section instanceof HTMLDetailsElement) {
      section.open = true;
      section.scrollIntoView();
    }
  }, [hash]);
}

export default function HowTo({ loaderData }: Route.ComponentProps) {
  useOpenSectionFromHash();
  return (
    <>
      <section className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
        <h1 className="text-4xl font-black tracking-tight">Wallet guides</h1>
        <PlatformChoice className="mt-6" />
        <p className="mt-6 text-lg text-ink-800">
          Follow your platform's guides in order: install, create or import a wallet, add {site.token.symbol}, then buy, receive, send or
          sell it. New to wallets? Read the{" "}
          <Link to={href("/guides-secret-recovery-phrase")} className="link">
            recovery-phrase guide
          </Link>{" "}
          first. Want {site.token.symbol} now? Follow{" "}
          <Link to={howToBuyPath(site)} className="link">
            How to buy {site.token.symbol}
          </Link>
          . A word you do not know is in the{" "}
          <Link to={href("/glossary")} className="link">
            glossary
          </Link>
          , and common questions are in the{" "}
          <Link to={href("/faq")} className="link">
            FAQ
          </Link>
          .
        </p>
        <GuideSearch className="mt-6 max-w-md" />
        <div className="mt-10 space-y-4">
          {loaderData.sections.map((section, index) => (
            <details
              key={section.platform}
              id={section.platform}
              data-platform={section.platform === "tips" ? undefined : section.platform}
              open={index === 0}
              className="group card p-0"
            >
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-6 py-5 text-xl font-bold hover:bg-sand-100 [&::-webkit-details-marker]:hidden">
                <span>
                  {section.name}
                  <span className="ml-3 text-base font-normal text-ink-700">{section.guides.length} guides</span>
                </span>
                <span aria-hidden="true" className="text-2xl transition-transform group-open:rotate-45">
                  +
                </span>
              </summary>
              <ol id={`${section.platform}-guides`} className="scroll-mt-4 space-y-1 px-6 pb-6">
                {section.guides.map((guide, position) => (
                  <li key={guide.path}>
                    <Link to={guide.path} className="group/item flex gap-4 rounded-xl p-3 hover:bg-sand-100">
                      <span className="mt-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-ink-900 text-sm font-bold text-white">
                        {position + 1}
                      </span>
                      <span>
                        <span className="block font-semibold text-brand-700 underline-offset-4 group-hover/item:underline">
                          {guide.title}
                        </span>
                        <span className="block text-base text-ink-800">{guide.description}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ol>
            </details>
          ))}
        </div>
      </section>
      <TitledSection className="bg-surface">
        <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
          <SectionHeading className="text-3xl font-bold">Why MetaMask?</SectionHeading>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {reasons.map((reason) => (
              <li key={reason.title} className="rounded-2xl bg-sand-100 p-5">
                <h3 className="text-lg font-bold">{reason.title}</h3>
                <p className="mt-2 text-base text-ink-800">{reason.text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-6 text-base text-ink-800">
            Any wallet that supports {site.token.chainName} tokens can hold {site.token.symbol}; our guides use MetaMask because it is the
            most common. Install it only from its official site or your device's app store.
          </p>
        </div>
      </TitledSection>
    </>
  );
}
