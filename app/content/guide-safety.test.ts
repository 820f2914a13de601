import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "../../config/site.ts";
import { guideCatalog } from "./guide-catalog.ts";
import { parseGuide } from "./guide-document.ts";

/** Instructions whose slip costs a reader money or locks them out of a wallet. */
const site = loadSiteConfig();
const pages = guideCatalog(site).map((entry) => ({ entry, guide: parseGuide(entry, site) }));
const pageText = ({ guide }: (typeof pages)[number]) =>
  [guide.intro, ...guide.steps.map((step) => `${step.title}\n${step.markdown}\n${JSON.stringify(step.screen)}`)].join("\n");

describe("the receive guides", () => {
  const receive = pages.filter(({ entry }) => entry.task === "receive-qr");

  it("exist on every platform", () => {
    expect(receive.map(({ entry }) => entry.platform).sort()).toEqual(["android", "browser", "ios"]);
  });

  it.each(receive.map((page) => [page.entry.path, page] as const))("%s never hands the sender the token's contract address", (_, page) => {
    const text = pageText(page);
    expect(text.toLowerCase()).not.toContain(site.token.address.toLowerCase());
    expect(text).not.toMatch(/give (them|the sender)[^.]*(official|contract|token) address/i);
    expect(text).toMatch(/only your own (wallet )?address/i);
  });
});

describe("the import-wallet guides", () => {
  const imports = pages.filter(({ entry }) => entry.task === "import-wallet");
  const resetLabels = ["Forgot password?", "Reset wallet"];

  it("exist on every platform", () => {
    expect(imports.map(({ entry }) => entry.platform).sort()).toEqual(["android", "browser", "ios"]);
  });

  it.each(imports.map((page) => [page.entry.path, page] as const))(
    "%s leads with Add wallet → Import a wallet, which erases nothing",
    (_, page) => {
      const first = page.guide.steps[0]?.markdown ?? "";
      const add = first.indexOf("**Add wallet**");
      const importWallet = first.indexOf("**Import a wallet**");
      expect(add).toBeGreaterThanOrEqual(0);
      expect(importWallet).toBeGreaterThan(add);
      expect(page.guide.intro).not.toMatch(/replaces|removes/i);
    },
  );

  it.each(imports.map((page) => [page.entry.path, page] as const))(
    "%s names the reset only under a forgotten password, with its warning",
    (_, page) => {
      const steps = page.guide.steps;
      const withReset = steps.filter((step) => resetLabels.some((label) => step.markdown.includes(`**${label}**`)));
      expect(withReset.map((step) => step.title)).toEqual([steps.at(-1)?.title]);
      const reset = withReset[0];
      expect(reset?.title).toMatch(/forgot your password/i);
      expect(reset?.markdown).toMatch(/callout-warning[\s\S]*erases the wallet/);
      expect(page.guide.intro).not.toMatch(/Forgot password|Reset wallet/i);
    },
  );
});
