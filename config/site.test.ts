import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { addLiquidityUrl, poolUrl, swapUrl } from "../common/links.ts";
import { defaultSiteConfig } from "./kestrel.ts";
import { loadSiteConfig, SiteConfigError, siteEnvironmentVariables } from "./site.ts";

describe("loadSiteConfig", () => {
  it("describes the demo token when nothing is set", () => {
    const site = loadSiteConfig({});
    expect(site.token).toMatchObject({ name: "Kestrel", symbol: "KSTL", slug: "kestrel", decimals: 18, chainId: 1 });
    expect(site.rewards).toMatchObject({ dailyAmount: 100, referralBonus: 10, minTransfer: 10_000, claimIntervalHours: 24 });
    expect(site.signups).toBe("coming-soon");
  });

  it("re-brands from environment variables", () => {
    const site = loadSiteConfig({
      TOKEN_NAME: "Osprey",
      TOKEN_SYMBOL: "OSP",
      TOKEN_SLUG: "osprey",
      TOKEN_ADDRESS: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
      TOKEN_DECIMALS: "9",
      REWARD_DAILY_AMOUNT: "50",
      REWARD_SPECIAL_DAYS: "2027-03-01:2, 2027-04-01:3",
      SIGNUPS: "open",
    });
    expect(site.token).toMatchObject({ name: "Osprey", symbol: "OSP", slug: "osprey", decimals: 9 });
    expect(site.rewards.dailyAmount).toBe(50);
    expect(site.rewards.specialDays).toEqual([
      { date: "2027-03-01", multiplier: 2 },
      { date: "2027-04-01", multiplier: 3 },
    ]);
    expect(site.signups).toBe("open");
  });

  it("reads streak milestones as days:tokens, or none, and refuses them out of order", () => {
    expect(loadSiteConfig({ REWARD_STREAK_MILESTONES: "5:20, 10:80" }).rewards.streakMilestones).toEqual([
      { days: 5, bonus: 20 },
      { days: 10, bonus: 80 },
    ]);
    expect(loadSiteConfig({ REWARD_STREAK_MILESTONES: "none" }).rewards.streakMilestones).toEqual([]);
    expect(() => loadSiteConfig({ REWARD_STREAK_MILESTONES: "10:80,5:20" })).toThrow(
      "must list each milestone once, from the shortest streak to the longest",
    );
  });

  it("names the token in every text when a team sets only its token, so nothing but the socials it must set still says Kestrel", () => {
    const site = loadSiteConfig({ TOKEN_NAME: "Osprey", TOKEN_SYMBOL: "OSP", TOKEN_SLUG: "osprey", TOKEN_CHAIN_NAME: "Base" });
    expect(site.site.description).toMatch(/^Osprey \(OSP\) is an ERC-20 token on Base\. /);
    expect(site.site.about).toMatch(/^Osprey is run by /);
    expect(site.legal).toMatchObject({ operator: "Osprey Project", email: "hello@osprey.example" });
    expect(site.contact).toMatchObject({ subject: "New message from the Osprey website", accessKey: "osprey-site-contact-form" });
    const { socials, ...rest } = site;
    expect(JSON.stringify(rest)).not.toMatch(/kestrel|kstl/i);
    expect(socials.x).toBe("https://x.com/kestreltoken");
  });

  it("lets a team's own texts name its token, and refuses a name it does not know", () => {
    expect(loadSiteConfig({ TOKEN_NAME: "Osprey", SITE_TAGLINE: "{{token.name}}, every day" }).site.tagline).toBe("Osprey, every day");
    expect(() => loadSiteConfig({ SITE_ABOUT: "{{token.price}} today" })).toThrow(
      "site.about: unknown placeholder {{token.price}}; a text may name token.name, token.symbol, token.slug, token.chainName",
    );
  });

  it("links to the DEX on the token's chain: the name it knows for the chain id, or the one DEX_CHAIN gives", () => {
    const onEthereum = loadSiteConfig({});
    expect(poolUrl(onEthereum)).toBe(`https://app.uniswap.org/explore/pools/ethereum/${onEthereum.dex.poolAddress}`);
    const onBase = loadSiteConfig({ TOKEN_CHAIN_ID: "8453", TOKEN_CHAIN_NAME: "Base" });
    expect(onBase.dex.chain).toBe("base");
    expect(swapUrl(onBase)).toContain("/swap?chain=base&");
    expect(addLiquidityUrl(onBase)).toMatch(/&chain=base$/);
    expect(loadSiteConfig({ TOKEN_CHAIN_ID: "8453", DEX_CHAIN: "base_staging" }).dex.chain).toBe("base_staging");
    expect(() => loadSiteConfig({ TOKEN_CHAIN_ID: "999999" })).toThrow(/dex\.chain: no name is known for token\.chainId; set DEX_CHAIN/);
  });

  it("takes the brand's four colours, colours the phone's toolbar with the ink, and refuses colours that would be hard to read", () => {
    const blue = loadSiteConfig({ SITE_COLOR_INK: "#111111", SITE_COLOR_BRAND: "#2563EB", SITE_COLOR_BACKGROUND: "#ffffff" });
    expect(blue.site.colors).toMatchObject({ ink: "#111111", brand: "#2563EB", background: "#ffffff" });
    expect(blue.site.themeColor).toBe("#111111");
    expect(loadSiteConfig({ SITE_COLOR_INK: "#111111", SITE_THEME_COLOR: "#2563eb" }).site.themeColor).toBe("#2563eb");
    expect(() => loadSiteConfig({ SITE_COLOR_BRAND: "#16a34a" })).toThrow(
      /site\.colors: white on brand-600 has a contrast of 3\.30:1; it needs 4\.5:1/,
    );
    expect(() => loadSiteConfig({ SITE_COLOR_HIGHLIGHT: "gold" })).toThrow(/site\.colors\.highlight: must be a colour written #rrggbb/);
  });

  it("has an environment variable for every field of the configuration", () => {
    const fields = (node: object, at: string[] = []): string[] =>
      Object.entries(node).flatMap(([key, value]) =>
        typeof value === "object" && value !== null && !Array.isArray(value) ? fields(value, [...at, key]) : [[...at, key].join(".")],
      );
    const named = Object.values(siteEnvironmentVariables).map((field) => field.join("."));
    expect(fields(defaultSiteConfig).filter((field) => !named.includes(field))).toEqual([]);
  });

  it("re-brands from a JSON file, with variables applied after it", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "site-config-"));
    const file = path.join(dir, "token.json");
    writeFileSync(file, JSON.stringify({ token: { name: "Merlin", symbol: "MRLN" }, socials: { x: "https://x.com/merlin" } }));
    const site = loadSiteConfig({ SITE_CONFIG_FILE: file, TOKEN_SYMBOL: "MRL" });
    expect(site.token.name).toBe("Merlin");
    expect(site.token.symbol).toBe("MRL");
    expect(site.socials.x).toBe("https://x.com/merlin");
    expect(site.socials.telegram).toBe("https://t.me/kestreltoken");
  });

  it("names every bad field at once", () => {
    let error: unknown;
    try {
      loadSiteConfig({
        TOKEN_ADDRESS: "0xa0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
        TOKEN_DECIMALS: "eighteen",
        SITE_ORIGIN: "https://kestrel.example/app/",
        SIGNUPS: "maybe",
        REWARD_SPECIAL_DAYS: "2027-03-01:5",
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SiteConfigError);
    const problems = (error as SiteConfigError).problems.join("\n");
    expect(problems).toContain("token.address: must be a 0x-prefixed Ethereum address written with its EIP-55 checksum");
    expect(problems).toContain('TOKEN_DECIMALS: "eighteen" is not a number');
    expect(problems).toContain("site.origin: must be an origin");
    expect(problems).toContain("signups:");
    expect(problems).toContain("rewards.specialDays.0.multiplier");
  });

  it("refuses a configuration file that is not JSON", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "site-config-"));
    const file = path.join(dir, "token.json");
    writeFileSync(file, "name: Merlin");
    expect(() => loadSiteConfig({ SITE_CONFIG_FILE: file })).toThrow(/SITE_CONFIG_FILE/);
  });
});
