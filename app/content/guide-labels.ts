import { readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { describeIssues } from "../../common/zod-issues.ts";
import { projectRoot } from "../../server/project-root.ts";
import type { GuideEntry } from "./guide-catalog.ts";
import type { GuideDocument } from "./guide-document.ts";

/**
 * The UI labels the guides quote, as checked in MetaMask's public sources
 * (content/guides/metamask-labels.yaml, written by scripts/guides/extract-labels.ts).
 * A guide that quotes a label missing from that list fails the build, so a
 * label is never typed from memory; `npm run guides:drift` finds the guides
 * to re-check when MetaMask renames one.
 */
export const LABELS_FILE = path.join(projectRoot, "content/guides/metamask-labels.yaml");

/** extension and mobile: MetaMask's apps; uniswap: the DEX's web app; other: a store, a browser, the operating system or another site. */
export const LABEL_APPS = ["extension", "mobile", "uniswap", "other"] as const;
export type LabelApp = (typeof LABEL_APPS)[number];

const labelSchema = z.object({
  label: z.string().min(1).max(200),
  app: z.enum(LABEL_APPS),
  /** The locale key the text comes from: a dotted path in mobile's en.json, a message name in the extension's messages.json, a flat key in Uniswap's en-US.json; null when the source has none. */
  key: z.string().min(1).nullable(),
  /** The app version (for Uniswap's web app, which publishes none, the commit) the label was checked in; null for other software. */
  version: z.string().min(1).nullable(),
  /** Repository and path (or page) where the label was checked. */
  source: z.string().min(3),
});

const labelsFileSchema = z.object({
  checked: z.iso.date(),
  versions: z.object({ extension: z.string().min(1), mobile: z.string().min(1) }),
  labels: z.array(labelSchema).min(1),
});

export type QuotedLabel = z.infer<typeof labelSchema>;
export type LabelsFile = z.infer<typeof labelsFileSchema>;

export function parseLabelsFile(text: string, source: string): LabelsFile {
  const result = labelsFileSchema.safeParse(parseYaml(text));
  if (!result.success) throw new Error(`${source}: ${describeIssues(result.error).join("; ")}`);
  return result.data;
}

let loaded: LabelsFile | null = null;
export function loadLabels(): LabelsFile {
  loaded ??= parseLabelsFile(readFileSync(LABELS_FILE, "utf8"), "content/guides/metamask-labels.yaml");
  return loaded;
}

/** The apps whose labels a page may quote: a browser page MetaMask's extension, a phone page the mobile app; both may quote other software. */
export function appsFor(platform: GuideEntry["platform"]): LabelApp[] {
  if (platform === "browser") return ["extension", "uniswap", "other"];
  if (platform === "android" || platform === "ios") return ["mobile", "other"];
  return [...LABEL_APPS];
}

/**
 * What a step quotes from a screen: its bold text, and the buttons, links,
 * tabs, checkboxes and field labels of its drawing. Bold that opens a list
 * item ("- **Tokens**: …") is emphasis, not a label: write such an item so
 * that the label it names comes later in the line.
 */
export function quotedLabels(document: GuideDocument): Array<{ step: number; title: string; label: string }> {
  const found: Array<{ step: number; title: string; label: string }> = [];
  for (const [index, step] of document.steps.entries()) {
    const add = (label: string) => found.push({ step: index + 1, title: step.title, label: label.trim() });
    for (const line of step.markdown.split("\n")) {
      const lead = /^\s*(?:[-*]|\d+\.) \*\*[^*]+\*\*/.exec(line)?.[0];
      const rest = lead ? line.slice(lead.length) : line;
      for (const [, bold] of rest.matchAll(/\*\*([^*]+)\*\*/g)) add(bold as string);
    }
    for (const item of step.screen?.items ?? []) {
      if (item.kind === "button" || item.kind === "link" || item.kind === "checkbox") add(item.text);
      else if (item.kind === "input") add(item.label);
      else if (item.kind === "tabs") for (const option of item.options) add(option);
    }
  }
  return found;
}

/** Every quoted label of a page that the list does not hold for the page's platform, as an error line naming the guide, the step and the label. */
export function unknownLabels(entry: GuideEntry, document: GuideDocument, labels: LabelsFile, fill: (text: string) => string): string[] {
  const apps = appsFor(entry.platform);
  const known = new Set(labels.labels.filter((label) => apps.includes(label.app)).map((label) => fill(label.label)));
  return quotedLabels(document)
    .filter(({ label }) => !known.has(label))
    .map(
      ({ step, title, label }) =>
        `content/guides/${entry.file} (${entry.path}) step ${step} "${title}": the label "${label}" is not in content/guides/metamask-labels.yaml for ${apps.join(" or ")}`,
    );
}
