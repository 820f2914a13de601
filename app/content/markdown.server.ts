import { readFileSync } from "node:fs";
import path from "node:path";
import { Marked, type TokenizerAndRendererExtension, type Tokens } from "marked";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { z } from "zod";
import { splitFrontmatter } from "../../common/frontmatter.ts";
import { explorerAddressUrl } from "../../common/links.ts";
import { describeIssues } from "../../common/zod-issues.ts";
import { projectRoot } from "../../server/project-root.ts";
import { AddressBlock } from "../components/ui/address-block.tsx";
import { CopyButton } from "../components/ui/copy-button.tsx";
import { site } from "../site.ts";
import { sitePages } from "../site-pages.ts";
import { fillPlaceholders, placeholderValues } from "./placeholders.ts";

export const CONTENT_DIR = path.join(projectRoot, "content");

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
  const { frontmatter, body } = splitFrontmatter(raw, `content/${file}`);
  const result = schema.safeParse(frontmatter);
  if (!result.success) {
    const problems = describeIssues(result.error, "frontmatter").join("; ");
    throw new Error(`content/${file}: ${problems}`);
  }
  return { data: result.data, body };
}

const ADDRESS = /0x[0-9a-fA-F]{40}(?![0-9a-zA-Z])/;

/** The same address block the token-address dialog shows, as static HTML; the Markdown component makes its Copy button work. */
export function addressBlockHtml(address: string): string {
  return renderToStaticMarkup(
    createElement(AddressBlock, { address, explorerUrl: explorerAddressUrl(site, address), explorerName: site.explorer.name }),
  );
}

/** A printed link longer than this (the DEX's swap link, about 190 characters) gets a Copy button, as an address does: retyping it is hopeless on a phone. */
const LONG_LINK_LENGTH = 60;

function copyLinkHtml(url: string): string {
  return renderToStaticMarkup(
    createElement(CopyButton, { text: url, label: "Copy link", className: "btn-secondary ml-2 min-h-10 px-4 py-1.5 text-sm align-middle" }),
  );
}

/** An address printed in running text, as in the terms: `{{token.address}}` without backticks. */
const addressInText: TokenizerAndRendererExtension = {
  name: "address",
  level: "inline",
  start: (source) => source.match(ADDRESS)?.index,
  tokenizer(source) {
    const match = new RegExp(`^${ADDRESS.source}`).exec(source);
    return match ? { type: "address", raw: match[0] } : undefined;
  },
  renderer: (token) => addressBlockHtml(token.raw),
};

/**
 * Markdown to HTML for the site's own content. Every printed address becomes
 * an address block (in backticks or not), and a long printed link gets Copy. Internal links must name a
 * page that exists (else the build fails); external links open in a new tab.
 */
let knownPaths: Set<string> | undefined;
const staticFiles = new Set(["/whitepaper.pdf"]);

export function renderMarkdown(markdown: string, source: string): string {
  knownPaths ??= new Set(sitePages(site).map((page) => page.path));
  const pages = knownPaths;
  const marked = new Marked({
    gfm: true,
    extensions: [addressInText],
    renderer: {
      codespan({ text }: Tokens.Codespan) {
        if (new RegExp(`^${ADDRESS.source}$`).test(text)) return addressBlockHtml(text);
        return false;
      },
      heading({ tokens, depth }: Tokens.Heading) {
        const text = this.parser.parseInline(tokens);
        return `<h${depth} id="${slugify(text)}">${text}</h${depth}>\n`;
      },
      link({ href, text: written, tokens }: Tokens.Link) {
        const text = this.parser.parseInline(tokens);
        if (href.startsWith("/")) {
          const target = href.split(/[?#]/)[0] ?? href;
          if (!pages.has(target) && !staticFiles.has(target)) throw new Error(`${source}: link to unknown page ${href}`);
          return `<a href="${href}">${text}</a>`;
        }
        if (href.startsWith("#") || href.startsWith("mailto:")) return `<a href="${href}">${text}</a>`;
        const copy = written === href && href.length > LONG_LINK_LENGTH ? copyLinkHtml(href) : "";
        return `<a href="${href}" rel="noopener noreferrer" target="_blank">${text}<span class="sr-only"> (opens in a new tab)</span></a>${copy}`;
      },
    },
  });
  return marked.parse(markdown, { async: false });
}
