/**
 * tsx scripts/guides/extract-labels.ts --mobile path/to/en.json [--extension path/to/messages.json] [--uniswap path/to/en-US.json]
 * Writes content/guides/metamask-labels.yaml: for each label in
 * label-sources.ts, the text the app's own locale file gives its key, with
 * the app version and source it was checked in. Only these facts are
 * committed, never the locale files themselves.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { stringify } from "yaml";
import { LABELS_FILE, type LabelsFile, parseLabelsFile } from "../../app/content/guide-labels.ts";
import { LABEL_SOURCES, SOURCE_FACTS } from "./label-sources.ts";
import { type LocaleFile, lookUp, readLocale } from "./locale-lookup.ts";

export function extractLabels(locales: Partial<Record<"mobile" | "extension" | "uniswap", LocaleFile>>): LabelsFile {
  const labels = LABEL_SOURCES.map((wanted) => {
    if (wanted.app === "other") return { label: wanted.label, app: wanted.app, key: null, version: null, source: wanted.source };
    const facts = SOURCE_FACTS[wanted.app];
    const locale = locales[wanted.app];
    const fromLocale = wanted.key && locale ? lookUp(locale, wanted.app, wanted.key) : undefined;
    if (wanted.key && locale && fromLocale === undefined) throw new Error(`${wanted.app} locale has no key ${wanted.key}`);
    const label = fromLocale ?? wanted.label;
    if (label === undefined) throw new Error(`${wanted.app} ${wanted.key}: give the locale file, or the label checked in ${wanted.source}`);
    return {
      label,
      app: wanted.app,
      key: wanted.key ?? null,
      version: facts.version,
      source: `${facts.repository} ${wanted.source ?? facts.localePath} @ ${facts.commit}`,
    };
  });
  return {
    checked: SOURCE_FACTS.checked,
    versions: { extension: SOURCE_FACTS.extension.version, mobile: SOURCE_FACTS.mobile.version },
    labels,
  };
}

if (process.argv[1]?.endsWith("extract-labels.ts")) {
  const { values } = parseArgs({ options: { mobile: { type: "string" }, extension: { type: "string" }, uniswap: { type: "string" } } });
  if (!values.mobile) {
    console.error(
      "usage: tsx scripts/guides/extract-labels.ts --mobile path/to/en.json [--extension path/to/messages.json] [--uniswap path/to/en-US.json]",
    );
    process.exit(2);
  }
  const data = extractLabels({
    mobile: readLocale(values.mobile),
    ...(values.extension ? { extension: readLocale(values.extension) } : {}),
    ...(values.uniswap ? { uniswap: readLocale(values.uniswap) } : {}),
  });
  const text = `# Written by scripts/guides/extract-labels.ts from MetaMask's public sources; edit label-sources.ts, not this file.\n${stringify(data, { lineWidth: 0 })}`;
  parseLabelsFile(text, LABELS_FILE);
  writeFileSync(LABELS_FILE, text);
  console.log(`Wrote ${data.labels.length} labels to ${LABELS_FILE}`);
}
