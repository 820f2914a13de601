import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { guideCatalog } from "../../app/content/guide-catalog.ts";
import { howToBuyPath } from "../../common/links.ts";
import { useTestApp } from "../helpers/test-app.ts";

/** The HTML as a crawler or a phone without JavaScript sees it: scripts removed. */
const withoutScripts = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "");
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Every page in the built Pagefind index, with its indexed text: the fragments are gzipped JSON behind a signature. */
function searchIndex(): Map<string, string> {
  const dir = path.resolve("build/client/pagefind/fragment");
  const pages = new Map<string, string>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".pf_fragment"))) {
    const fragment = JSON.parse(
      gunzipSync(readFileSync(path.join(dir, file)))
        .toString("utf8")
        .replace(/^pagefind_dcd/, ""),
    ) as {
      url: string;
      content: string;
    };
    pages.set(fragment.url.replace(/\/$/, ""), fragment.content);
  }
  return pages;
}

const NEW_GUIDE_TASKS = ["get-eth", "networks", "avoid-scams", "sign-in-choices", "hardware-wallet"];

describe("the newcomer pages as served", () => {
  const t = useTestApp({ withSite: true });
  const get = async (url: string) => {
    const reply = await t.app.inject({ method: "GET", url });
    expect(reply.statusCode, url).toBe(200);
    return withoutScripts(reply.body);
  };

  it("prerenders the new guides, the buy path, the FAQ and the glossary, and lists each in the sitemap and the search index", async () => {
    const newGuides = guideCatalog(t.site).filter((guide) => NEW_GUIDE_TASKS.includes(guide.task));
    expect(newGuides.map((guide) => guide.task).sort()).toEqual([...NEW_GUIDE_TASKS].sort());
    const paths = [...newGuides.map((guide) => guide.path), howToBuyPath(t.site), "/faq", "/glossary"];
    const sitemap = (await t.app.inject({ method: "GET", url: "/sitemap.xml" })).body;
    const index = searchIndex();
    const howTo = await get("/how-to");
    for (const pagePath of paths) {
      expect(/<h1[^>]*>[\s\S]+?<\/h1>/.test(await get(pagePath)), `${pagePath} has its title`).toBe(true);
      expect(sitemap, pagePath).toContain(`<loc>${t.site.site.origin}${pagePath}</loc>`);
      expect(index.has(pagePath), `${pagePath} in the search index`).toBe(true);
    }
    for (const guide of newGuides) expect(howTo, guide.path).toContain(`href="${guide.path}"`);
  });

  it("answers at least 15 questions on /faq, the issue's among them, each answer linking to a page of the site, with the rules from configuration", async () => {
    const html = /<article[\s\S]*<\/article>/.exec(await get("/faq"))?.[0] ?? "";
    const { symbol } = t.site.token;
    const sections = [...html.matchAll(/<section aria-labelledby="([^"]+)"><h2 id="\1"[^>]*>([^<]+)<\/h2>([\s\S]*?)<\/section>/g)];
    expect(sections.length).toBeGreaterThanOrEqual(15);
    for (const [, , question, answer] of sections) expect(/<a href="\/[a-z]/.test(answer ?? ""), `${question} links a page`).toBe(true);
    const questions = sections.map((section) => section[2]?.replace(/&#x27;|&#39;/g, "'"));
    for (const asked of [
      `Is ${symbol} on an exchange?`,
      "Why don't I see my tokens?",
      "What is gas?",
      "Is the daily reward free?",
      "When can I withdraw my rewards?",
      "Is this site MetaMask?",
      "Someone from support messaged me. Is it you?",
    ]) {
      expect(questions).toContain(asked);
    }
    const amount = (value: number) => `${value.toLocaleString("en-US")} ${symbol}`;
    expect(html).toContain(amount(t.site.rewards.minTransfer));
    expect(html).toContain(amount(t.site.rewards.dailyAmount));
    expect(html).toContain(amount(t.site.rewards.referralBonus));
    expect(html).toContain(`${t.site.rewards.claimIntervalHours} hours`);
    expect(searchIndex().get("/faq")).toContain("Is the daily reward free?");
  });

  it("walks the buy path for each platform, from ETH to the token in the wallet, linked from home", async () => {
    const buyPath = howToBuyPath(t.site);
    const html = await get(buyPath);
    const { slug } = t.site.token;
    for (const platform of ["browser", "android", "ios"]) {
      const section = new RegExp(`<details[^>]*data-platform="${platform}"[\\s\\S]*?</details>`).exec(html)?.[0] ?? "";
      const links = [...section.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
      expect(links, platform).toEqual([
        `/${platform}-create-wallet`,
        "/guides-get-eth",
        `/${platform}-buy-${slug}`,
        `/${platform}-import-token`,
      ]);
    }
    expect(await get("/")).toMatch(new RegExp(`href="${escapeRegExp(buyPath)}"`));
  });

  it("asks for the platform first on /how-to, with plain links to each list, and links the recovery-phrase guide", async () => {
    const html = await get("/how-to");
    const choice = /<nav[^>]*data-platform-choice[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
    expect([...choice.matchAll(/href="#([a-z]+)-guides"/g)].map((match) => match[1])).toEqual(["browser", "android", "ios"]);
    expect(html.indexOf("data-platform-choice")).toBeLessThan(html.indexOf('<details id="browser"'));
    for (const platform of ["browser", "android", "ios"]) {
      expect(html).toMatch(new RegExp(`<details id="${platform}" data-platform="${platform}"[^>]*>[\\s\\S]*?<ol id="${platform}-guides"`));
    }
    expect(html).toMatch(/<a[^>]*href="\/guides-secret-recovery-phrase"[^>]*>recovery-phrase guide<\/a>/);
    const browserList = /<ol id="browser-guides"[\s\S]*?<\/ol>/.exec(html)?.[0] ?? "";
    expect(browserList.indexOf(`/browser-buy-${t.site.token.slug}`)).toBeLessThan(browserList.indexOf("/browser-add-liquidity"));
  });

  it("lists at least 40 glossary terms under an A–Z index, and the footer links the glossary and the FAQ", async () => {
    const html = await get("/glossary");
    expect((html.match(/<dt id="/g) ?? []).length).toBeGreaterThanOrEqual(40);
    const nav = /<nav aria-label="Glossary from A to Z"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
    const letters = [...nav.matchAll(/href="#letter-([a-z])"/g)].map((match) => match[1]);
    expect(letters.length).toBeGreaterThan(15);
    expect(letters).toEqual([...letters].sort());
    for (const letter of letters) expect(html).toContain(`<h2 id="letter-${letter}"`);
    for (const page of ["/", "/how-to", "/browser-create-wallet"]) {
      const footer = /<footer[\s\S]*<\/footer>/.exec(await get(page))?.[0] ?? "";
      expect(footer, page).toContain('href="/glossary"');
      expect(footer, page).toContain('href="/faq"');
    }
  });
});
