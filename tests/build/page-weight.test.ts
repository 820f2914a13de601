import path from "node:path";
import { describe, expect, it } from "vitest";
import { guideCatalog } from "../../app/content/guide-catalog.ts";
import { budgetFor, pageWeight } from "../../bench/lib/page-weight.ts";
import { loadSiteConfig } from "../../config/site.ts";

const site = loadSiteConfig();
const clientDir = path.resolve("build/client");

describe("page weight budgets (gzipped, first visit)", () => {
  const pages = ["/", ...guideCatalog(site).map((guide) => guide.path)];

  it.each(pages)("%s stays within its budget", (pagePath) => {
    const weight = pageWeight(clientDir, pagePath);
    const budget = budgetFor(pagePath, pagePath !== "/") as NonNullable<ReturnType<typeof budgetFor>>;
    expect(weight.files).toBeGreaterThan(2);
    expect(weight.jsBytes, "JavaScript").toBeLessThanOrEqual(budget.js);
    expect(weight.cssBytes, "CSS").toBeLessThanOrEqual(budget.css);
    expect(weight.htmlBytes, "HTML").toBeLessThanOrEqual(budget.html);
  });
});
