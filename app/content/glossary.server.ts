import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import { describeIssues } from "../../common/zod-issues.ts";
import type { PageSiteConfig } from "../../config/site.ts";
import { projectRoot } from "../../server/project-root.ts";
import { renderMarkdown } from "./markdown.server.ts";
import { fillPlaceholders, placeholderValues } from "./placeholders.ts";

const SOURCE = "content/glossary.yaml";

const entrySchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  term: z.string().min(1),
  match: z.array(z.string().min(1)).min(1),
  exact: z.array(z.string()).optional().default([]),
  short: z.string().min(1),
  body: z.string().min(1),
});

export type GlossaryTerm = { id: string; term: string; short: string; bodyHtml: string; patterns: RegExp[] };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function wordPattern(words: string[], flags: string): RegExp | null {
  if (words.length === 0) return null;
  const longestFirst = [...words].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return new RegExp(`(?<![\\w-])(?:${longestFirst.join("|")})(?![\\w-])`, flags);
}

/** The glossary's terms, in the file's order, with the configured names filled in. */
export function loadGlossary(site: PageSiteConfig): GlossaryTerm[] {
  const parsed = z.array(entrySchema).safeParse(parse(readFileSync(path.join(projectRoot, SOURCE), "utf8")));
  if (!parsed.success) throw new Error(`${SOURCE}: ${describeIssues(parsed.error).join("; ")}`);
  const values = placeholderValues(site);
  return parsed.data.map((entry) => {
    const loose = entry.match.filter((word) => !entry.exact.includes(word));
    return {
      id: entry.id,
      term: entry.term,
      short: fillPlaceholders(entry.short, values, `${SOURCE} ${entry.id}`),
      bodyHtml: renderMarkdown(fillPlaceholders(entry.body, values, `${SOURCE} ${entry.id}`), `${SOURCE} ${entry.id}`),
      patterns: [wordPattern(loose, "i"), wordPattern(entry.exact, "")].filter((pattern): pattern is RegExp => pattern !== null),
    };
  });
}

/** Text inside these is never linked: links, code, headings, buttons. */
const SKIPPED = /^<(\/?)(a|code|pre|h[1-6]|button|summary)\b[^>]*?(\/?)>$/i;

/**
 * Links each term's first use in rendered guide HTML to /glossary, with its
 * short explanation as a tooltip shown on hover or keyboard focus and read as
 * the link's description. `linked` carries the terms already linked on the
 * page across the pieces of one guide.
 */
export function linkGlossaryTerms(html: string, terms: GlossaryTerm[], linked: Set<string>): string {
  let skipDepth = 0;
  return html
    .split(/(<[^>]+>)/)
    .map((piece) => {
      if (piece.startsWith("<")) {
        const tag = SKIPPED.exec(piece);
        if (tag && !tag[3]) skipDepth += tag[1] ? -1 : 1;
        return piece;
      }
      if (skipDepth > 0 || piece.trim() === "") return piece;
      let out = "";
      let rest = piece;
      for (;;) {
        let first: { term: GlossaryTerm; index: number; text: string } | null = null;
        for (const term of terms) {
          if (linked.has(term.id)) continue;
          for (const pattern of term.patterns) {
            const found = pattern.exec(rest);
            if (found && (!first || found.index < first.index)) first = { term, index: found.index, text: found[0] };
          }
        }
        if (!first) return out + rest;
        linked.add(first.term.id);
        const tipId = `term-${first.term.id}`;
        out +=
          rest.slice(0, first.index) +
          `<span class="term"><a href="/glossary#${first.term.id}" aria-describedby="${tipId}">${first.text}</a>` +
          `<span role="tooltip" id="${tipId}" class="term-tip" data-pagefind-ignore>${escapeHtml(first.term.short)}</span></span>`;
        rest = rest.slice(first.index + first.text.length);
      }
    })
    .join("");
}
