import { href, Link } from "react-router";
import { Markdown } from "../components/ui/markdown.tsx";
import { loadGlossary } from "../content/glossary.server.ts";
import { ARTICLE } from "../lib/article-page.ts";
import { pageMeta } from "../lib/page-meta.ts";
import { site } from "../site.ts";
import type { Route } from "./+types/glossary";

export function loader() {
  return { terms: loadGlossary(site).map(({ id, term, bodyHtml }) => ({ id, term, bodyHtml })) };
}

export const handle = ARTICLE;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Glossary: the words of the wallet guides",
    description: `Gas, networks, ERC-20, slippage, spending caps, the Secret Recovery Phrase and more, explained for ${site.token.symbol} holders.`,
    path: href("/glossary"),
  });

/** Every term the guides use, each with an anchor the guides link to. */
export default function Glossary({ loaderData }: Route.ComponentProps) {
  return (
    <article data-pagefind-body className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold sm:text-4xl">Glossary</h1>
      <p className="mt-3 max-w-[70ch] text-lg text-ink-800">
        The words the{" "}
        <Link to={href("/how-to")} className="link">
          wallet guides
        </Link>{" "}
        use, in plain language. Each guide links a term here the first time it uses it.
      </p>
      <dl className="mt-10 space-y-8">
        {loaderData.terms.map((term) => (
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
    </article>
  );
}
