import { z } from "zod";
import { readContentFile, renderMarkdown, slugify } from "./markdown.server.ts";

const FILE = "faq.md";
const frontmatter = z.object({ title: z.string().min(3), description: z.string().min(50).max(160) });

export type FaqEntry = { id: string; question: string; html: string };

/**
 * content/faq.md: each `## ` heading is a question, the text under it its
 * answer. Every answer must link to one of the site's pages (a guide, the
 * glossary…), so a reader always has the next step; one that does not fails
 * the build, as does a repeated question.
 */
export function loadFaq(): { title: string; description: string; entries: FaqEntry[] } {
  const { data, body } = readContentFile(FILE, frontmatter);
  const entries = body
    .split(/^(?=## )/m)
    .slice(1)
    .map((section) => {
      const [heading = "", ...lines] = section.split("\n");
      const question = heading.replace(/^## /, "").trim();
      const html = renderMarkdown(lines.join("\n").trim(), `content/${FILE}: ${question}`);
      if (!/<a href="\/[^"]/.test(html)) throw new Error(`content/${FILE}: the answer to "${question}" links to no page of the site`);
      return { id: slugify(question), question, html };
    });
  const ids = new Set(entries.map((entry) => entry.id));
  if (ids.size !== entries.length) throw new Error(`content/${FILE}: two questions have the same anchor`);
  return { ...data, entries };
}
