import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { splitFrontmatter } from "../../common/frontmatter.ts";
import { describeIssues } from "../../common/zod-issues.ts";
import type { PageSiteConfig } from "../../config/site.ts";
import { projectRoot } from "../../server/project-root.ts";
import { GUIDE_PLATFORMS, type GuidePlatform } from "./guide-platforms.ts";
import { fillPlaceholders, placeholderValues } from "./placeholders.ts";

export { GUIDE_PLATFORMS, type GuidePlatform, PLATFORM_NAMES } from "./guide-platforms.ts";

const frontmatterSchema = z.object({
  title: z.string().min(3).max(90),
  description: z.string().min(50).max(160),
  platform: z.enum(["browser", "mobile", "tips"]),
  order: z.number().int().min(1),
  task: z.string().regex(/^[a-z0-9-]+$/),
  /** When the steps were last checked against MetaMask; the versions come from content/guides/metamask-labels.yaml. */
  checked: z.iso.date(),
  /** steps: each `## ` is a numbered step; sections: an explainer whose `## ` headings are topics, not steps. */
  layout: z.enum(["steps", "sections"]).default("steps"),
  /** Ids of the answers from content/troubleshooting.md shown at the end of the guide. */
  troubleshooting: z.array(z.string().regex(/^[a-z-]+$/)).default([]),
});

export type GuideEntry = {
  path: string;
  platform: GuidePlatform;
  task: string;
  order: number;
  title: string;
  description: string;
  checked: string;
  layout: "steps" | "sections";
  troubleshooting: string[];
  /** Relative to content/guides. */
  file: string;
};

export const GUIDES_DIR = path.join(projectRoot, "content/guides");

const mobileValues: Record<"android" | "ios", Record<string, string>> = {
  android: { "platform.name": "Android", "platform.store": "Google Play", "platform.device": "Android phone" },
  ios: { "platform.name": "iOS", "platform.store": "the App Store", "platform.device": "iPhone" },
};

/** The placeholder values of one guide page: the site's, plus the platform's on mobile pages. */
export function guideValues(site: PageSiteConfig, platform: GuidePlatform): Record<string, string> {
  return { ...placeholderValues(site), ...(platform === "android" || platform === "ios" ? mobileValues[platform] : {}) };
}

/**
 * Every guide page, from the files under content/guides: a browser or tips
 * file is one page, a mobile file two (Android and iOS). `TOKEN` in a file
 * name becomes the token's slug. Invalid frontmatter fails the build.
 */
export function guideCatalog(site: PageSiteConfig): GuideEntry[] {
  const entries: GuideEntry[] = [];
  for (const folder of ["browser", "mobile", "tips"] as const) {
    for (const name of readdirSync(path.join(GUIDES_DIR, folder))
      .filter((file) => file.endsWith(".md"))
      .sort()) {
      const file = `${folder}/${name}`;
      const slug = name.replace(/\.md$/, "").replace(/TOKEN/g, site.token.slug);
      const platforms: GuidePlatform[] = folder === "mobile" ? ["android", "ios"] : [folder];
      for (const platform of platforms) {
        const source = `content/guides/${file}`;
        const raw = fillPlaceholders(readFileSync(path.join(GUIDES_DIR, file), "utf8"), guideValues(site, platform), source);
        const parsed = frontmatterSchema.safeParse(splitFrontmatter(raw, source).frontmatter);
        if (!parsed.success) {
          throw new Error(`${source}: ${describeIssues(parsed.error).join("; ")}`);
        }
        const prefix = platform === "tips" ? "guides" : platform;
        entries.push({
          path: `/${prefix}-${slug}`,
          platform,
          task: parsed.data.task,
          order: parsed.data.order,
          title: parsed.data.title,
          description: parsed.data.description,
          checked: parsed.data.checked,
          layout: parsed.data.layout,
          troubleshooting: parsed.data.troubleshooting,
          file,
        });
      }
    }
  }
  const order = (entry: GuideEntry) => GUIDE_PLATFORMS.indexOf(entry.platform) * 1000 + entry.order;
  return entries.sort((a, b) => order(a) - order(b));
}
