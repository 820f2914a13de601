import path from "node:path";
import { describe, expect, it } from "vitest";
import { sitePages } from "../../app/site-pages.ts";
import { budgetFor, pageWeight } from "../../bench/lib/page-weight.ts";
import { loadSiteConfig } from "../../config/site.ts";

const site = loadSiteConfig();
const clientDir = path.resolve("build/client");

describe("page weight budgets (gzipped, first visit)", () => {
  const articles = sitePages(site).filter((page) => page.article);
  const pages = ["/", ...articles.map((page) => page.path)];

  it("covers the guides, the guide index, the glossary, the legal pages and the earn page as articles", () => {
    expect(articles.map((page) => page.path)).toEqual(
      expect.arrayContaining(["/how-to", "/glossary", "/privacy-policy", "/terms-and-conditions", "/earn-tokens"]),
    );
    expect(articles.length).toBeGreaterThan(36);
  });

  it.each(pages)("%s stays within its budget", (pagePath) => {
    const weight = pageWeight(clientDir, pagePath);
    const budget = budgetFor(pagePath, pagePath !== "/") as NonNullable<ReturnType<typeof budgetFor>>;
    expect(weight.files).toBeGreaterThan(2);
    expect(weight.jsBytes, "JavaScript").toBeLessThanOrEqual(budget.js);
    expect(weight.cssBytes, "CSS").toBeLessThanOrEqual(budget.css);
    expect(weight.htmlBytes, "HTML").toBeLessThanOrEqual(budget.html);
  });
});
