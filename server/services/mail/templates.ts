import { readFileSync } from "node:fs";
import path from "node:path";
import { Marked } from "marked";
import { z } from "zod";
import { fillPlaceholders, placeholderValues } from "../../../app/content/placeholders.ts";
import { splitFrontmatter } from "../../../common/frontmatter.ts";
import { derivePalette } from "../../../config/palette.ts";
import type { SiteConfig } from "../../../config/site.ts";
import { projectRoot } from "../../project-root.ts";

export const EMAIL_TEMPLATES = [
  "verify-email",
  "reset-password",
  "password-changed",
  "change-email",
  "email-change-requested",
  "email-changed",
  "contact-reply",
  "waitlist-confirm",
  "waitlist-open",
  "streak-reminder",
] as const;
export type EmailTemplate = (typeof EMAIL_TEMPLATES)[number];

export type RenderedEmail = { subject: string; text: string; html: string };

/** What an email names: `text` may come from a member (a name) and is printed as typed; `links` are URLs the server built. */
export type EmailValues = { text?: Record<string, string>; links?: Record<string, string> };

const frontmatterSchema = z.object({ subject: z.string().min(1) });
const sources = new Map<EmailTemplate, { subject: string; body: string }>();
const markdown = new Marked({ gfm: true, breaks: false });

function source(template: EmailTemplate) {
  let cached = sources.get(template);
  if (!cached) {
    const file = `content/emails/${template}.md`;
    const { frontmatter, body } = splitFrontmatter(readFileSync(path.join(projectRoot, file), "utf8"), file);
    cached = { subject: frontmatterSchema.parse(frontmatter).subject, body };
    sources.set(template, cached);
  }
  return cached;
}

/**
 * Every ASCII punctuation mark backslash-escaped: a name stays text in Markdown and in the HTML it becomes.
 * In a link's destination (`[Reset my password]({{site.origin}}/forgot-password)`) Markdown undoes the
 * escapes, so the href is the plain URL, and an escaped `)` still cannot end the link early.
 */
function literal(value: string): string {
  return value.replace(/[!-/:-@[-`{-~]/g, "\\$&");
}

/** `[label](url)` as `label: url`, and `[address](mailto:address)` as the address, for the plain-text part. */
function linksAsText(text: string): string {
  return text.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label: string, url: string) =>
    url === `mailto:${label}` ? label : `${label}: ${url}`,
  );
}

/**
 * An email from `content/emails/<template>.md`: the site's placeholders
 * (so a re-branded token's emails carry its name) and the email's own values,
 * as a plain-text part and an HTML part.
 */
export function renderEmail(site: SiteConfig, template: EmailTemplate, values: EmailValues): RenderedEmail {
  const { subject, body } = source(template);
  const file = `content/emails/${template}.md`;
  const siteValues = placeholderValues(site);
  const links = values.links ?? {};
  const text = values.text ?? {};
  const plain = { ...siteValues, ...text, ...links };
  const escaped = {
    ...Object.fromEntries(Object.entries(siteValues).map(([key, value]) => [key, literal(value)])),
    ...Object.fromEntries(Object.entries(text).map(([key, value]) => [key, literal(value)])),
    ...links,
  };
  const html = markdown.parse(fillPlaceholders(body, escaped, file), { async: false });
  // The site's ink and link colours, on white: the palette's gate checked both against white. Emails stay light in
  // dark mode: the meta asks mail apps that honour it not to recolour them.
  const palette = derivePalette(site.site.colors);
  return {
    subject: fillPlaceholders(subject, plain, file).replace(/\s+/g, " ").trim(),
    text: linksAsText(fillPlaceholders(body, plain, file)),
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="light only"><title>${literalHtml(fillPlaceholders(subject, plain, file))}</title><style>a{color:${palette["brand-700"]}}</style></head><body style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:${palette["ink-900"]};background:#ffffff;max-width:36rem;margin:0 auto;padding:1rem">${html}</body></html>`,
  };
}

function literalHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
