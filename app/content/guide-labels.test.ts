import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "../../config/site.ts";
import { extractLabels } from "../../scripts/guides/extract-labels.ts";
import { LABEL_SOURCES, SOURCE_FACTS } from "../../scripts/guides/label-sources.ts";
import { mobileLocaleOf } from "../../tests/helpers/mobile-locale.ts";
import { type GuideEntry, guideCatalog, guideValues } from "./guide-catalog.ts";
import { type GuideDocument, parseGuide } from "./guide-document.ts";
import { type LabelsFile, loadLabels, quotedLabels, unknownLabels } from "./guide-labels.ts";
import { fillPlaceholders } from "./placeholders.ts";

const site = loadSiteConfig();
const labels = loadLabels();
const fillFor = (platform: GuideEntry["platform"]) => (text: string) => fillPlaceholders(text, guideValues(site, platform), "test");

const entry = (platform: GuideEntry["platform"]): GuideEntry => ({
  path: `/${platform}-made-up`,
  platform,
  task: "made-up",
  order: 1,
  title: "A made-up guide",
  description: "A guide that exists only in this test.",
  checked: "2026-11-27",
  layout: "steps",
  troubleshooting: [],
  file: `${platform}/made-up.md`,
});
const document = (markdown: string, button = "Continue"): GuideDocument => ({
  intro: "Intro with **bold that is no step**.",
  steps: [
    { title: "First", markdown: "Click **Add wallet**.", screen: null },
    {
      title: "Second",
      markdown,
      screen: { frame: "phone", title: "Screen", alt: "A screen drawn for this test only.", items: [{ kind: "button", text: button }] },
    },
  ],
});

describe("the labels the guides quote", () => {
  it("are all in the label data file, for every page of every guide", () => {
    const unknown = guideCatalog(site).flatMap((page) => unknownLabels(page, parseGuide(page, site), labels, fillFor(page.platform)));
    expect(unknown).toEqual([]);
  });

  it("are found in steps' bold text and drawings, not in the introduction or in a list item's lead", () => {
    const found = quotedLabels(document("- **Tokens**: emphasis, then **Forgot password?** in the same line.", "Paste"));
    expect(found.map(({ step, label }) => `${step}:${label}`)).toEqual(["1:Add wallet", "2:Forgot password?", "2:Paste"]);
  });

  it("fail the check with the guide, the step and the label named when a label is unknown", () => {
    const problems = unknownLabels(entry("android"), document("Tap **Swipe to swap**."), labels, fillFor("android"));
    expect(problems).toEqual([
      'content/guides/android/made-up.md (/android-made-up) step 2 "Second": the label "Swipe to swap" is not in content/guides/metamask-labels.yaml for mobile or other',
    ]);
  });

  it("are checked per platform: a mobile-only label on a browser page is unknown", () => {
    expect(labels.labels.some((label) => label.app === "mobile" && label.label === "Trade")).toBe(true);
    expect(labels.labels.some((label) => label.app === "extension" && label.label === "Trade")).toBe(false);
    expect(unknownLabels(entry("browser"), document("Click **Trade**."), labels, fillFor("browser"))).toHaveLength(1);
    expect(unknownLabels(entry("android"), document("Tap **Trade**."), labels, fillFor("android"))).toEqual([]);
  });
});

describe("Uniswap's labels", () => {
  it("come from its locale keys at one commit and count on browser pages only", () => {
    const uniswap = labels.labels.filter((label) => label.app === "uniswap");
    expect(uniswap.map((label) => label.label)).toContain("New position");
    for (const label of uniswap) {
      expect(label.key, label.label).not.toBeNull();
      expect(label.version, label.label).toBe(SOURCE_FACTS.uniswap.version);
    }
    expect(unknownLabels(entry("browser"), document("Click **Custom range**."), labels, fillFor("browser"))).toEqual([]);
    expect(unknownLabels(entry("android"), document("Tap **Custom range**."), labels, fillFor("android"))).toHaveLength(1);
  });
});

describe("the label data file", () => {
  it("names the app, the locale key, the version and the source of every label", () => {
    expect(labels.versions).toEqual({ extension: SOURCE_FACTS.extension.version, mobile: SOURCE_FACTS.mobile.version });
    for (const label of labels.labels) {
      if (label.app === "mobile") expect(label.version, label.label).toBe(SOURCE_FACTS.mobile.version);
      if (label.app === "extension") expect(label.version, label.label).toBe(SOURCE_FACTS.extension.version);
      if (label.app === "other") expect(label.version, label.label).toBeNull();
      expect(label.source.length, label.label).toBeGreaterThan(10);
    }
    expect(labels.labels.filter((label) => label.app === "mobile" && label.key !== null).length).toBeGreaterThan(60);
  });

  it("is what the extraction gives from the locale files, so nobody edits a label by hand", () => {
    const mobileLocale = mobileLocaleOf(labels);
    const extracted: LabelsFile = extractLabels({ mobile: mobileLocale });
    expect(extracted).toEqual(labels);
    expect(extracted.labels).toHaveLength(LABEL_SOURCES.length);
  });

  it("refuses a locale file that lacks a key the guides rely on", () => {
    expect(() => extractLabels({ mobile: { login: {} } })).toThrow(/mobile locale has no key/);
  });
});
