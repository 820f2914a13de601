import { Markdown } from "../../components/ui/markdown.tsx";
import type { GuidePageData } from "../../content/guides.server.ts";

/** What commonly goes wrong in this guide, each answer folded under its question. */
export function Troubleshooting({ answers }: { answers: GuidePageData["troubleshooting"] }) {
  if (answers.length === 0) return null;
  return (
    <section aria-labelledby="troubleshooting" className="mt-14 max-w-3xl">
      <h2 id="troubleshooting" className="text-2xl font-bold">
        Troubleshooting
      </h2>
      <div className="mt-4 space-y-3">
        {answers.map((answer) => (
          <details key={answer.question} className="card p-0">
            <summary className="cursor-pointer rounded-2xl px-5 py-4 font-semibold hover:bg-sand-100">{answer.question}</summary>
            <Markdown html={answer.html} className="px-5 pb-5" />
          </details>
        ))}
      </div>
    </section>
  );
}
