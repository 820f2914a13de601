import path from "node:path";
import { describe, expect, it } from "vitest";
import { sitePages } from "../../app/site-pages.ts";
import { APP_PAGE_BUDGET, ARTICLE_BUDGET, pageWeight } from "../../bench/lib/page-weight.ts";
import { loadSiteConfig } from "../../config/site.ts";

const site = loadSiteConfig();
const clientDir = path.resolve("build/client");

describe("page weight budgets (gzipped, first visit)", () => {
  const articles = sitePages(site).filter((page) => page.article);
  const pages = articles.map((page) => page.path);

  it("covers the home page, the guides, the guide index, the glossary, the legal pages and the earn page as articles", () => {
    expect(pages).toEqual(
      expect.arrayContaining(["/", "/how-to", "/glossary", "/privacy-policy", "/terms-and-conditions", "/earn-tokens"]),
    );
    expect(articles.length).toBeGreaterThan(36);
  });

  it.each(pages)("%s stays within its budget", (pagePath) => {
    const weight = pageWeight(clientDir, pagePath);
    // Its one script (built on its own, decision 066) and the stylesheet.
    expect(weight.files).toBeGreaterThanOrEqual(2);
    expect(weight.jsBytes, "JavaScript").toBeLessThanOrEqual(ARTICLE_BUDGET.js);
    expect(weight.cssBytes, "CSS").toBeLessThanOrEqual(ARTICLE_BUDGET.css);
    expect(weight.htmlBytes, "HTML").toBeLessThanOrEqual(ARTICLE_BUDGET.html);
  });

  it.each(Object.entries(APP_PAGE_BUDGET))("%s loads at most its budget of JavaScript, with every chunk it imports", (pagePath, budget) => {
    const weight = pageWeight(clientDir, pagePath);
    expect(weight.files).toBeGreaterThan(5);
    expect(weight.jsBytes, "JavaScript").toBeLessThanOrEqual(budget);
  });
});
