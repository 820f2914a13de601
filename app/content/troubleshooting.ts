import { readFileSync } from "node:fs";
import path from "node:path";
import type { PageSiteConfig } from "../../config/site.ts";
import { GUIDES_DIR, type GuidePlatform, guideValues } from "./guide-catalog.ts";
import { applyBlocks } from "./guide-document.ts";
import { fillPlaceholders } from "./placeholders.ts";

export type TroubleshootingAnswer = { id: string; question: string; markdown: string };

const FILE = path.join(GUIDES_DIR, "..", "troubleshooting.md");

/** The shared answers of content/troubleshooting.md, worded for one platform: each `## id: Question` is one. */
export function troubleshootingAnswers(site: PageSiteConfig, platform: GuidePlatform): Map<string, TroubleshootingAnswer> {
  const source = `content/troubleshooting.md (${platform})`;
  const body = applyBlocks(fillPlaceholders(readFileSync(FILE, "utf8"), guideValues(site, platform), source), platform, source);
  const answers = new Map<string, TroubleshootingAnswer>();
  for (const section of body.split(/^(?=## )/m).slice(1)) {
    const [heading = "", ...lines] = section.split("\n");
    const match = /^## ([a-z-]+): (.+)$/.exec(heading);
    if (!match?.[1] || !match[2]) throw new Error(`${source}: "${heading}" must read "## id: Question"`);
    answers.set(match[1], { id: match[1], question: match[2].trim(), markdown: lines.join("\n").trim() });
  }
  return answers;
}

/** The answers a guide lists in its `troubleshooting:` frontmatter, in that order; an unknown id fails the build. */
export function guideTroubleshooting(
  site: PageSiteConfig,
  platform: GuidePlatform,
  ids: readonly string[],
  source: string,
): TroubleshootingAnswer[] {
  const answers = troubleshootingAnswers(site, platform);
  return ids.map((id) => {
    const answer = answers.get(id);
    if (!answer) throw new Error(`${source}: unknown troubleshooting answer "${id}" (content/troubleshooting.md)`);
    return answer;
  });
}
