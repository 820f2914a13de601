import type { LabelsFile } from "../../app/content/guide-labels.ts";

/** A mobile en.json of the tests' own: every mobile key the label file names, with the text it holds. */
export function mobileLocaleOf(labels: LabelsFile): Record<string, unknown> {
  const locale: Record<string, unknown> = {};
  for (const label of labels.labels) {
    if (label.app !== "mobile" || label.key === null) continue;
    const parts = label.key.split(".");
    let node = locale;
    for (const part of parts.slice(0, -1)) {
      if (typeof node[part] !== "object") node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts.at(-1) as string] = label.label;
  }
  return locale;
}
