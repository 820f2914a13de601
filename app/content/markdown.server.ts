import { readFileSync } from "node:fs";
import path from "node:path";
import { Marked, type Tokens } from "marked";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";
import { site } from "../site.ts";
import { sitePages } from "../site-pages.ts";
import { fillPlaceholders, placeholderValues } from "./placeholders.ts";

export const CONTENT_DIR = path.resolve(process.cwd(), "content");

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Reads `content/<file>`, validates its frontmatter and fills `{{placeholders}}` from the site configuration. */
export function readContentFile<Schema extends z.ZodType>(file: string, schema: Schema): { data: z.infer<Schema>; body: string } {
  const raw = fillPlaceholders(readFileSync(path.join(CONTENT_DIR, file), "utf8"), placeholderValues(site), `content/${file}`);
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(raw);
  if (!match) throw new Error(`content/${file}: frontmatter (between --- lines) is missing`);
  const [, frontmatter = "", body = ""] = match;
  const result = schema.safeParse(parseYaml(frontmatter));
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".") || "frontmatter"}: ${issue.message}`).join("; ");
    throw new Error(`content/${file}: ${problems}`);
  }
  return { data: result.data, body };
}

/**
 * Markdown to HTML for the site's own content. Internal links must name a
 * page that exists (else the build fails); external links open in a new tab.
 */
let knownPaths: Set<string> | undefined;
const staticFiles = new Set(["/whitepaper.pdf"]);

export function renderMarkdown(markdown: string, source: string): string {
  knownPaths ??= new Set(sitePages(site).map((page) => page.path));
  const pages = knownPaths;
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth }: Tokens.Heading) {
        const text = this.parser.parseInline(tokens);
        return `<h${depth} id="${slugify(text)}">${text}</h${depth}>\n`;
      },
      link({ href, tokens }: Tokens.Link) {
        const text = this.parser.parseInline(tokens);
        if (href.startsWith("/")) {
          const target = href.split(/[?#]/)[0] ?? href;
          if (!pages.has(target) && !staticFiles.has(target)) throw new Error(`${source}: link to unknown page ${href}`);
          return `<a href="${href}">${text}</a>`;
        }
        if (href.startsWith("#") || href.startsWith("mailto:")) return `<a href="${href}">${text}</a>`;
        return `<a href="${href}" rel="noopener noreferrer" target="_blank">${text}<span class="sr-only"> (opens in a new tab)</span></a>`;
      },
    },
  });
  return marked.parse(markdown, { async: false });
}
