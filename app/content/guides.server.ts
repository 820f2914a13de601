import QRCode from "qrcode";
import { EXAMPLE_RECIPIENT, EXAMPLE_TOKENS, paymentRequestUri } from "../../common/payment-request.ts";
import { site } from "../site.ts";
import { type GuideEntry, type GuidePlatform, guideCatalog, PLATFORM_NAMES } from "./guide-catalog.ts";
import { parseGuide } from "./guide-document.ts";
import { guideIllustration, type Illustration } from "./guide-illustrations.ts";
import { renderMarkdown } from "./markdown.server.ts";

type GuideLink = { path: string; title: string };

export type GuidePageData = {
  path: string;
  title: string;
  description: string;
  platform: GuidePlatform;
  platformName: string;
  introHtml: string;
  steps: Array<{ title: string; html: string; illustration: Illustration | null }>;
  previous: GuideLink | null;
  next: GuideLink | null;
  /** The same task on each platform, for the switcher (absent on the tips guides). */
  platforms: Array<{ name: string; path: string; current: boolean; sameTask: boolean }>;
  addToken: boolean;
  paymentRequest: { uri: string; svg: string; tokens: string } | null;
};

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

  const platforms =
    entry.platform === "tips"
      ? []
      : (["browser", "android", "ios"] as const).map((platform) => {
          const match = catalog.find((candidate) => candidate.platform === platform && candidate.task === entry.task);
          return {
            name: PLATFORM_NAMES[platform],
            path: match?.path ?? `/how-to#${platform}`,
            current: platform === entry.platform,
            sameTask: Boolean(match),
          };
        });

  let paymentRequest: GuidePageData["paymentRequest"] = null;
  if (entry.task === "receive-qr") {
    const uri = paymentRequestUri(site, { recipient: EXAMPLE_RECIPIENT, tokens: EXAMPLE_TOKENS });
    const svg = await QRCode.toString(uri, {
      type: "svg",
      margin: 2,
      errorCorrectionLevel: "M",
      color: { dark: "#0f1d33", light: "#ffffff" },
    });
    paymentRequest = { uri, svg, tokens: EXAMPLE_TOKENS.toString() };
  }

  return {
    path: entry.path,
    title: entry.title,
    description: entry.description,
    platform: entry.platform,
    platformName: PLATFORM_NAMES[entry.platform],
    introHtml: renderMarkdown(document.intro, source),
    steps: document.steps.map((step, index) => ({
      title: step.title,
      html: renderMarkdown(step.markdown, `${source} step ${index + 1}`),
      illustration: step.screen ? guideIllustration(entry.path, index + 1, step.screen) : null,
    })),
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
