import { EXAMPLE_RECIPIENT, EXAMPLE_TOKENS, paymentRequestUri } from "../../common/payment-request.ts";
import { site } from "../site.ts";
import { type GlossaryTerm, linkGlossaryTerms, loadGlossary } from "./glossary.server.ts";
import { type GuideEntry, type GuidePlatform, guideCatalog, PLATFORM_NAMES } from "./guide-catalog.ts";
import { parseGuide } from "./guide-document.ts";
import { guideIllustration, type Illustration } from "./guide-illustrations.ts";
import { loadLabels } from "./guide-labels.ts";
import { renderMarkdown } from "./markdown.server.ts";
import { qrSvg } from "./qr-svg.ts";
import { guideTroubleshooting } from "./troubleshooting.ts";

type GuideLink = { path: string; title: string };

export type GuidePageData = {
  path: string;
  title: string;
  description: string;
  platform: GuidePlatform;
  platformName: string;
  introHtml: string;
  /** When the steps were checked, and the MetaMask versions they were checked against, shown under the title. */
  checked: { date: string; extension: string; mobile: string };
  layout: "steps" | "sections";
  steps: Array<{ title: string; html: string; illustration: Illustration | null }>;
  /** Answers to what commonly goes wrong, from content/troubleshooting.md, as HTML: no component of its own in the page's budget. */
  troubleshootingHtml: string;
  previous: GuideLink | null;
  next: GuideLink | null;
  /** The platforms that have this guide's task, for the switcher (absent on the tips guides). */
  platforms: Array<{ name: string; path: string; current: boolean }>;
  addToken: boolean;
  paymentRequest: { uri: string; svg: string; tokens: string } | null;
};

/**
 * The example request drawn as a QR code that no camera can read: its three
 * corner finder squares are left out, so a reader who points a wallet at the
 * example by mistake gets nothing to pay. The rest of the pattern is the real
 * encoding, so it looks like the code the reader's own wallet shows.
 */
function exampleQrSvg(uri: string): string {
  const inFinder = (row: number, column: number, size: number) =>
    (row < 8 && column < 8) || (row < 8 && column >= size - 8) || (row >= size - 8 && column < 8);
  const box = (row: number, column: number) =>
    `<rect x="${column + 2.5}" y="${row + 2.5}" width="6" height="6" fill="none" stroke="#94a3b8" stroke-dasharray="1 1"/>`;
  return qrSvg(uri, {
    drawn: (row, column, size) => !inFinder(row, column, size),
    extra: (size) => `${box(0, 0)}${box(0, size - 7)}${box(size - 7, 0)}`,
  });
}

let terms: GlossaryTerm[] | undefined;
const glossary = () => (terms ??= loadGlossary(site));

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The guide's troubleshooting answers, each folded under its question. */
function troubleshootingHtml(entry: GuideEntry, source: string): string {
  const answers = guideTroubleshooting(site, entry.platform, entry.troubleshooting, source);
  if (answers.length === 0) return "";
  const folded = answers.map(
    (answer) =>
      `<details class="card mt-3 p-0"><summary class="cursor-pointer rounded-2xl px-5 py-4 font-semibold">${escapeHtml(answer.question)}</summary><div class="px-5 pb-5">${renderMarkdown(answer.markdown, `content/troubleshooting.md#${answer.id} (${entry.platform})`)}</div></details>`,
  );
  return `<section aria-labelledby="troubleshooting"><h2 id="troubleshooting">Troubleshooting</h2>${folded.join("")}</section>`;
}

function link(entry: GuideEntry | undefined): GuideLink | null {
  return entry ? { path: entry.path, title: entry.title } : null;
}

/** Everything a guide page shows, rendered at build time; the page itself makes no calls. */
export async function loadGuidePage(pagePath: string): Promise<GuidePageData> {
  const catalog = guideCatalog(site);
  const entry = catalog.find((candidate) => candidate.path === pagePath);
  if (!entry) throw new Response("Not Found", { status: 404 });
  const document = parseGuide(entry, site);
  const source = `content/guides/${entry.file} (${entry.platform})`;
  const siblings = catalog.filter((candidate) => candidate.platform === entry.platform);
  const position = siblings.indexOf(entry);
  // Each glossary term is linked once per guide, at its first use, in reading order.
  const linked = new Set<string>();
  const linkTerms = (html: string) => linkGlossaryTerms(html, glossary(), linked);

  const platforms =
    entry.platform === "tips"
      ? []
      : (["browser", "android", "ios"] as const).flatMap((platform) => {
          const match = catalog.find((candidate) => candidate.platform === platform && candidate.task === entry.task);
          return match ? [{ name: PLATFORM_NAMES[platform], path: match.path, current: platform === entry.platform }] : [];
        });

  let paymentRequest: GuidePageData["paymentRequest"] = null;
  // The extension has no payment-request screen; only the phone guides explain one.
  if (entry.task === "receive-qr" && entry.platform !== "browser") {
    const uri = paymentRequestUri(site, { recipient: EXAMPLE_RECIPIENT, tokens: EXAMPLE_TOKENS });
    paymentRequest = { uri, svg: exampleQrSvg(uri), tokens: EXAMPLE_TOKENS.toString() };
  }

  return {
    path: entry.path,
    title: entry.title,
    description: entry.description,
    platform: entry.platform,
    platformName: PLATFORM_NAMES[entry.platform],
    introHtml: linkTerms(renderMarkdown(document.intro, source)),
    checked: { date: entry.checked, ...loadLabels().versions },
    layout: entry.layout,
    steps: document.steps.map((step, index) => ({
      title: step.title,
      html: linkTerms(renderMarkdown(step.markdown, `${source} step ${index + 1}`)),
      illustration: step.screen ? guideIllustration(entry.path, index + 1, step.screen) : null,
    })),
    troubleshootingHtml: troubleshootingHtml(entry, source),
    previous: link(siblings[position - 1]),
    next: link(siblings[position + 1]),
    platforms,
    addToken: entry.task === "import-token",
    paymentRequest,
  };
}

/** The guide chooser's lists, in learning order. */
export function loadGuideIndex(): Array<{ platform: GuidePlatform; name: string; guides: Array<GuideLink & { description: string }> }> {
  const catalog = guideCatalog(site);
  return (["browser", "android", "ios", "tips"] as const).map((platform) => ({
    platform,
    name: PLATFORM_NAMES[platform],
    guides: catalog
      .filter((entry) => entry.platform === platform)
      .map((entry) => ({ path: entry.path, title: entry.title, description: entry.description })),
  }));
}

/** Every guide with its step titles, for the "Something looks different?" report form. */
export function loadGuideOutlines(): Array<{ path: string; title: string; steps: string[] }> {
  return guideCatalog(site).map((entry) => ({
    path: entry.path,
    title: `${entry.title} (${PLATFORM_NAMES[entry.platform]})`,
    steps: parseGuide(entry, site).steps.map((step) => step.title),
  }));
}
