/**
 * npm run guides:drift -- --mobile EN_JSON --extension MESSAGES_JSON
 * Compares the labels the guides quote with newer MetaMask locale files and
 * prints each guide and step whose labels changed or vanished. Exit status 1
 * when something drifted, 2 on a usage mistake.
 */
import { parseArgs } from "node:util";
import { guideCatalog, guideValues } from "../../app/content/guide-catalog.ts";
import { parseGuide } from "../../app/content/guide-document.ts";
import { loadLabels } from "../../app/content/guide-labels.ts";
import { fillPlaceholders } from "../../app/content/placeholders.ts";
import { loadSiteConfig } from "../../config/site.ts";
import { describeDrift, findDrift } from "./drift.ts";
import { readLocale } from "./locale-lookup.ts";

const { values } = parseArgs({ options: { mobile: { type: "string" }, extension: { type: "string" } } });
if (!values.mobile && !values.extension) {
  console.error("usage: npm run guides:drift -- --mobile path/to/en.json --extension path/to/messages.json (one or both)");
  process.exit(2);
}
const site = loadSiteConfig();
const pages = guideCatalog(site).map((entry) => ({
  entry,
  document: parseGuide(entry, site),
  fill: (text: string) => fillPlaceholders(text, guideValues(site, entry.platform), "content/guides/metamask-labels.yaml"),
}));
const report = findDrift(
  loadLabels(),
  {
    ...(values.mobile ? { mobile: readLocale(values.mobile) } : {}),
    ...(values.extension ? { extension: readLocale(values.extension) } : {}),
  },
  pages,
);
console.log(describeDrift(report));
process.exit(report.drift.length > 0 ? 1 : 0);
