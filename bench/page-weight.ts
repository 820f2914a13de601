/**
 * Gzipped HTML, JS and CSS each public page loads on a first visit, from the
 * build. Budget: articles (home, guides, glossary, legal pages, earn page) ≤ 15 KB JS, ≤ 15 KB CSS, ≤ 15 KB HTML
 * (enforced by tests/build/page-weight.test.ts); login, register, contact, dashboard and account have a JS budget each.
 */
import path from "node:path";
import { sitePages } from "../app/site-pages.ts";
import { loadSiteConfig } from "../config/site.ts";
import { APP_PAGE_BUDGET, ARTICLE_BUDGET, pageWeight } from "./lib/page-weight.ts";
import { recordSection } from "./lib/report.ts";

const site = loadSiteConfig();
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const rows = sitePages(site).map((page) => {
  const weight = pageWeight(path.resolve("build/client"), page.path);
  const budget = page.article ? ARTICLE_BUDGET : null;
  const appBudget = APP_PAGE_BUDGET[page.path];
  const fits = budget
    ? weight.jsBytes <= budget.js && weight.cssBytes <= budget.css && weight.htmlBytes <= budget.html
    : appBudget === undefined
      ? null
      : weight.jsBytes <= appBudget;
  const within = fits === null ? "-" : fits ? "yes" : "NO";
  return [page.path, kb(weight.htmlBytes), kb(weight.jsBytes), kb(weight.cssBytes), weight.files, within];
});
recordSection("pageWeight", {
  title: "Page weight on first visit (gzipped KB)",
  goal: "articles (home, guides, glossary, legal pages, earn page) ≤ 15 KB JS, ≤ 15 KB CSS, ≤ 15 KB HTML; login, register, contact, dashboard, account: the JS budgets in bench/lib/page-weight.ts",
  columns: ["page", "HTML", "JS", "CSS", "files", "within budget"],
  rows,
});
