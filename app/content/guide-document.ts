import { readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { splitFrontmatter } from "../../common/frontmatter.ts";
import { describeIssues } from "../../common/zod-issues.ts";
import type { PageSiteConfig } from "../../config/site.ts";
import { GUIDES_DIR, type GuideEntry, guideValues } from "./guide-catalog.ts";
import { fillPlaceholders } from "./placeholders.ts";
import { type ScreenSpec, screenSpecSchema } from "./screen-spec.ts";

export type GuideStep = { title: string; markdown: string; screen: ScreenSpec | null };
export type GuideDocument = { intro: string; steps: GuideStep[] };

const CALLOUTS = { warning: "Warning", tip: "Tip", note: "Note" } as const;
const PLATFORM_BLOCKS = ["android", "ios"] as const;

/**
 * Keeps this platform's `:::android` / `:::ios` blocks and drops the other's;
 * turns `:::warning`, `:::tip` and `:::note` into callouts. Fenced code is left alone.
 */
export function applyBlocks(body: string, platform: GuideEntry["platform"], source: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let skipping = 0;
  let inFence = false;
  for (const [index, line] of body.split("\n").entries()) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    const marker = inFence ? null : /^:::\s*([a-z]*)\s*$/.exec(line);
    if (!marker) {
      if (skipping === 0) out.push(line);
      continue;
    }
    const name = marker[1] ?? "";
    if (name === "") {
      const closed = open.pop();
      if (closed === undefined) throw new Error(`${source}:${index + 1}: ":::" closes nothing`);
      if (skipping > 0) skipping--;
      else if (closed in CALLOUTS) out.push("", "</div>", "");
      continue;
    }
    open.push(name);
    if (skipping > 0) {
      skipping++;
    } else if ((PLATFORM_BLOCKS as readonly string[]).includes(name)) {
      if (name !== platform) skipping = 1;
    } else if (name in CALLOUTS) {
      const title = CALLOUTS[name as keyof typeof CALLOUTS];
      out.push("", `<div class="callout callout-${name}" role="note"><p class="callout-title">${title}</p>`, "");
    } else {
      throw new Error(`${source}:${index + 1}: unknown block ":::${name}"`);
    }
  }
  if (open.length > 0) throw new Error(`${source}: ":::${open.at(-1)}" is never closed`);
  if (inFence) throw new Error(`${source}: a code fence is never closed`);
  return out.join("\n");
}

function extractScreen(markdown: string, source: string): { markdown: string; screen: ScreenSpec | null } {
  const screens = [...markdown.matchAll(/^```screen\n([\s\S]*?)^```\s*$/gm)];
  if (screens.length === 0) return { markdown, screen: null };
  if (screens.length > 1) throw new Error(`${source}: a step has ${screens.length} screens; at most one`);
  const result = screenSpecSchema.safeParse(parseYaml(screens[0]?.[1] ?? ""));
  if (!result.success) {
    throw new Error(`${source}: screen: ${describeIssues(result.error).join("; ")}`);
  }
  return { markdown: markdown.replace(screens[0]?.[0] ?? "", ""), screen: result.data };
}

/** A guide page's text for its platform: the introduction, then one step per `## ` heading with its screen. */
export function parseGuide(entry: GuideEntry, site: PageSiteConfig): GuideDocument {
  const source = `content/guides/${entry.file} (${entry.platform})`;
  const raw = fillPlaceholders(readFileSync(path.join(GUIDES_DIR, entry.file), "utf8"), guideValues(site, entry.platform), source);
  const body = applyBlocks(splitFrontmatter(raw, source).body, entry.platform, source);

  const sections: Array<{ title: string | null; lines: string[] }> = [{ title: null, lines: [] }];
  let inFence = false;
  for (const line of body.split("\n")) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    const heading = inFence ? null : /^## (.+)$/.exec(line);
    if (heading) sections.push({ title: (heading[1] ?? "").trim(), lines: [] });
    else sections.at(-1)?.lines.push(line);
  }
  const [intro, ...stepSections] = sections;
  if (!intro || stepSections.length === 0) throw new Error(`${source}: a guide needs at least one "## " step`);
  if (/^```screen/m.test(intro.lines.join("\n"))) throw new Error(`${source}: a screen belongs to a step, not the introduction`);
  return {
    intro: intro.lines.join("\n").trim(),
    steps: stepSections.map((section, index) => {
      const { markdown, screen } = extractScreen(section.lines.join("\n"), `${source} step ${index + 1}`);
      return { title: section.title ?? "", markdown: markdown.trim(), screen };
    }),
  };
}
