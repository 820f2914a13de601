import { href, Link } from "react-router";
import { Markdown } from "../components/ui/markdown.tsx";
import { SectionHeading, TitledSection } from "../components/ui/titled-section.tsx";
import { loadGlossary } from "../content/glossary.server.ts";
import { TitledPage } from "../layout/titled-page.tsx";
import { ARTICLE } from "../lib/article-page.ts";
import { pageMeta } from "../lib/page-meta.ts";
import { site } from "../site.ts";
import type { Route } from "./+types/glossary";

/** The terms in A–Z order, grouped under their first letter. */
export function loader() {
  const terms = loadGlossary(site)
    .map(({ id, term, bodyHtml }) => ({ id, term, bodyHtml }))
    .sort((a, b) => a.term.localeCompare(b.term, "en", { sensitivity: "base" }));
  const letters = new Map<string, typeof terms>();
  for (const term of terms) {
    const letter = term.term.charAt(0).toUpperCase();
    letters.set(letter, [...(letters.get(letter) ?? []), term]);
  }
  return { letters: [...letters].map(([letter, entries]) => ({ letter, id: `letter-${letter.toLowerCase()}`, terms: entries })) };
}

export const handle = ARTICLE;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Glossary: the words of the wallet guides",
    description: `Gas, networks, ERC-20, slippage, spending caps, the Secret Recovery Phrase and more, explained for ${site.token.symbol} holders.`,
    path: href("/glossary"),
  });

/** Every term the guides use, A to Z, each with an anchor the guides link to. */
export default function Glossary({ loaderData }: Route.ComponentProps) {
  return (
    <TitledPage
      as="article"
      data-pagefind-body
      title="Glossary"
      width="3xl"
      lead={
        <>
          The words the{" "}
          <Link to={href("/how-to")} className="link">
            wallet guides
          </Link>{" "}
          use, in plain language. Each guide links a term here the first time it uses it.
        </>
      }
    >
      <nav aria-label="Glossary from A to Z" className="mt-8">
        <ul className="flex flex-wrap gap-1">
          {loaderData.letters.map((group) => (
            <li key={group.letter}>
              <a
                href={`#${group.id}`}
                className="inline-flex size-11 items-center justify-center rounded-lg font-bold text-brand-700 underline-offset-4 hover:bg-sand-100 hover:underline"
              >
                {group.letter}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {loaderData.letters.map((group) => (
        <TitledSection key={group.letter} headingId={group.id} className="mt-10">
          <SectionHeading className="border-b border-ink-100 pb-1 text-2xl font-black text-ink-700">{group.letter}</SectionHeading>
          <dl className="mt-6 space-y-8">
            {group.terms.map((term) => (
              <div key={term.id}>
                <dt id={term.id} className="text-xl font-bold">
                  {term.term}
                </dt>
                <dd className="mt-2 max-w-[70ch]">
                  <Markdown html={term.bodyHtml} />
                </dd>
              </div>
            ))}
          </dl>
        </TitledSection>
      ))}
    </TitledPage>
  );
}
