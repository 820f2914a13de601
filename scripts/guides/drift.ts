import type { GuideEntry } from "../../app/content/guide-catalog.ts";
import type { GuideDocument } from "../../app/content/guide-document.ts";
import { appsFor, type LabelsFile, quotedLabels } from "../../app/content/guide-labels.ts";
import { type LocaleFile, lookUp } from "./locale-lookup.ts";

export type GuidePage = { entry: GuideEntry; document: GuideDocument; fill: (text: string) => string };

export type LabelDrift = {
  app: "mobile" | "extension";
  key: string;
  label: string;
  /** The newer file's text, or null when the key is gone. */
  now: string | null;
  /** Each page and step that quotes the label. */
  quotedIn: Array<{ path: string; file: string; step: number; title: string }>;
};

/**
 * The labels whose text changed or vanished in newer locale files, each with
 * the guide steps that quote it: the list a team re-checks after a MetaMask
 * release. Labels without a locale key (text checked in the extension's page
 * objects, or outside MetaMask) cannot be compared and are counted apart.
 */
export function findDrift(
  labels: LabelsFile,
  locales: Partial<Record<"mobile" | "extension", LocaleFile>>,
  pages: GuidePage[],
): { drift: LabelDrift[]; unkeyed: number } {
  const drift: LabelDrift[] = [];
  let unkeyed = 0;
  for (const label of labels.labels) {
    if (label.app !== "mobile" && label.app !== "extension") continue;
    const locale = locales[label.app];
    if (!locale) continue;
    if (label.key === null) {
      unkeyed++;
      continue;
    }
    const now = lookUp(locale, label.app, label.key) ?? null;
    if (now === label.label) continue;
    const quotedIn = pages.flatMap(({ entry, document, fill }) =>
      appsFor(entry.platform).includes(label.app)
        ? quotedLabels(document)
            .filter((quoted) => quoted.label === fill(label.label))
            .map(({ step, title }) => ({ path: entry.path, file: `content/guides/${entry.file}`, step, title }))
        : [],
    );
    drift.push({ app: label.app, key: label.key, label: label.label, now, quotedIn });
  }
  return { drift, unkeyed };
}

export function describeDrift({ drift, unkeyed }: ReturnType<typeof findDrift>): string {
  const lines: string[] = [];
  for (const item of drift) {
    const change = item.now === null ? "vanished" : `changed to "${item.now}"`;
    lines.push(`${item.app} ${item.key}: "${item.label}" ${change}`);
    if (item.quotedIn.length === 0) lines.push("  quoted in no guide");
    for (const where of item.quotedIn) lines.push(`  ${where.path} step ${where.step} "${where.title}" (${where.file})`);
  }
  if (drift.length === 0) lines.push("No quoted label changed or vanished.");
  if (unkeyed > 0) lines.push(`${unkeyed} extension labels have no locale key (checked in page objects); re-check them by hand.`);
  return lines.join("\n");
}
