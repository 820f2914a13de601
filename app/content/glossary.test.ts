import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "../../config/site.ts";
import { linkGlossaryTerms, loadGlossary } from "./glossary.server.ts";
import { guideCatalog } from "./guide-catalog.ts";
import { loadGuidePage } from "./guides.server.ts";

const site = loadSiteConfig();
const terms = loadGlossary(site);
const REQUIRED = [
  "gas",
  "network",
  "erc-20",
  "dex-and-cex",
  "slippage",
  "spending-cap",
  "secret-recovery-phrase",
  "private-key",
  "public-address",
  "liquidity-pool",
  "v3-position",
  "impermanent-loss",
];

describe("the glossary", () => {
  it("explains every term the guides issue asked for, and at least 40 in all, each with a short line for the tooltip", () => {
    const ids = terms.map((term) => term.id);
    expect(ids).toEqual(expect.arrayContaining(REQUIRED));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(40);
    for (const term of terms) {
      expect(term.short.length, term.id).toBeLessThan(140);
      expect(term.bodyHtml, term.id).not.toContain("{{");
    }
  });

  it("links a term's first use only, never inside a link, code or a heading, and keeps the rest of the text", () => {
    const html =
      '<h2>Gas</h2><p>See <a href="/x">gas prices</a> and <code>gas</code>.</p><p>You pay GAS fees in ETH. Gas again. Your Secret Recovery Phrase.</p>';
    const linked = linkGlossaryTerms(html, terms, new Set());
    expect(linked.match(/href="\/glossary#gas"/g)).toHaveLength(1);
    expect(linked).toContain('You pay <span class="term"><a href="/glossary#gas" aria-describedby="term-gas">GAS fees</a>');
    expect(linked).toContain("<h2>Gas</h2>");
    expect(linked).toContain('<a href="/x">gas prices</a> and <code>gas</code>');
    expect(linked).toContain(' in <span class="term"><a href="/glossary#eth" aria-describedby="term-eth">ETH</a>');
    expect(linked).toContain('. Gas again. Your <span class="term"><a href="/glossary#secret-recovery-phrase"');
    expect(linked.replace(/<span role="tooltip"[^>]*>[^<]*<\/span>/g, "").replace(/<[^>]+>/g, "")).toBe(html.replace(/<[^>]+>/g, ""));
  });

  it("links each term at most once in every guide, and links gas across the guides", async () => {
    let linkedGas = 0;
    for (const guide of guideCatalog(site)) {
      const page = await loadGuidePage(guide.path);
      const html = [page.introHtml, ...page.steps.map((step) => step.html)].join("");
      for (const term of terms) {
        expect((html.match(new RegExp(`href="/glossary#${term.id}"`, "g")) ?? []).length, `${guide.path} ${term.id}`).toBeLessThanOrEqual(
          1,
        );
      }
      if (html.includes('href="/glossary#gas"')) linkedGas++;
    }
    expect(linkedGas).toBeGreaterThan(5);
  });
});
