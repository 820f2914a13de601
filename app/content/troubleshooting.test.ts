import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "../../config/site.ts";
import { guideCatalog } from "./guide-catalog.ts";
import { guideTroubleshooting, troubleshootingAnswers } from "./troubleshooting.ts";

const site = loadSiteConfig();

describe("troubleshooting answers", () => {
  it("answers the six problems the guides issue names, with the token's own facts filled in", () => {
    const answers = troubleshootingAnswers(site, "android");
    expect([...answers.keys()]).toEqual(["no-quote", "failed-swap", "stuck-pending", "token-missing", "wrong-network", "high-gas"]);
    expect(answers.get("no-quote")?.markdown).toContain(site.dex.name);
    expect(answers.get("token-missing")?.markdown).toContain(site.token.address);
    expect(answers.get("wrong-network")?.question).toBe("The wallet is on the wrong network");
  });

  it("gives every guide that moves funds the answers for what goes wrong there", () => {
    const listed = (path: string) => guideCatalog(site).find((entry) => entry.path === path)?.troubleshooting;
    expect(listed(`/ios-buy-${site.token.slug}`)).toEqual(expect.arrayContaining(["no-quote", "failed-swap", "stuck-pending", "high-gas"]));
    expect(listed(`/android-sell-${site.token.slug}`)).toEqual(expect.arrayContaining(["no-quote", "wrong-network"]));
    expect(listed("/android-send-specific-address")).toContain("stuck-pending");
    for (const entry of guideCatalog(site))
      expect(() => guideTroubleshooting(site, entry.platform, entry.troubleshooting, entry.path)).not.toThrow();
  });

  it("refuses an id that has no answer", () => {
    expect(() => guideTroubleshooting(site, "browser", ["no-such-answer"], "test")).toThrow(
      'test: unknown troubleshooting answer "no-such-answer"',
    );
  });
});
