import { z } from "zod";
import { readContentFile, renderMarkdown } from "./markdown.server.ts";

const legalFrontmatter = z.object({ title: z.string().min(1), description: z.string().min(20) });

export type LegalDocument = z.infer<typeof legalFrontmatter> & { html: string };

/** `content/legal/<slug>.md`, rendered at build time. */
export function loadLegalDocument(slug: "privacy-policy" | "terms-and-conditions"): LegalDocument {
  const file = `legal/${slug}.md`;
  const { data, body } = readContentFile(file, legalFrontmatter);
  return { ...data, html: renderMarkdown(body, `content/${file}`) };
}
