import { href, Link } from "react-router";
import { Markdown } from "../components/ui/markdown.tsx";
import { SectionHeading, TitledSection } from "../components/ui/titled-section.tsx";
import { loadFaq } from "../content/faq.server.ts";
import { TitledPage } from "../layout/titled-page.tsx";
import { ARTICLE } from "../lib/article-page.ts";
import { pageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/faq";

export function loader() {
  return loadFaq();
}

export const handle = ARTICLE;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: loaderData.title, description: loaderData.description, path: href("/faq") });

/** The questions newcomers ask, from content/faq.md: a list of questions, then each answer under its own heading. */
export default function Faq({ loaderData }: Route.ComponentProps) {
  return (
    <TitledPage
      as="article"
      data-pagefind-body
      title={loaderData.title}
      width="3xl"
      lead={
        <>
          Short answers, each with the guide that goes further. A word you do not know is in the{" "}
          <Link to={href("/glossary")} className="link">
            glossary
          </Link>
          .
        </>
      }
    >
      <TitledSection as="nav" className="mt-8 rounded-2xl bg-sand-100 p-5" data-pagefind-ignore>
        <SectionHeading className="text-lg font-bold">Questions</SectionHeading>
        <ul className="mt-2 space-y-1">
          {loaderData.entries.map((entry) => (
            <li key={entry.id}>
              <a href={`#${entry.id}`} className="link">
                {entry.question}
              </a>
            </li>
          ))}
        </ul>
      </TitledSection>
      <div className="mt-10 space-y-10">
        {loaderData.entries.map((entry) => (
          <TitledSection key={entry.id} headingId={entry.id}>
            <SectionHeading className="text-2xl font-bold">{entry.question}</SectionHeading>
            <Markdown html={entry.html} className="mt-3" />
          </TitledSection>
        ))}
      </div>
    </TitledPage>
  );
}
