/**
 * Gzipped HTML, JS and CSS each public page loads on a first visit, from the
 * build. Budgets: articles (guides, glossary, legal pages) ≤ 15 KB JS, ≤ 15 KB CSS, ≤ 15 KB HTML; home ≤ 130 KB JS
 * (enforced by tests/build/page-weight.test.ts).
 */
import path from "node:path";
import { sitePages } from "../app/site-pages.ts";
import { loadSiteConfig } from "../config/site.ts";
import { budgetFor, pageWeight } from "./lib/page-weight.ts";
import { recordSection } from "./lib/report.ts";

const site = loadSiteConfig();
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const rows = sitePages(site).map((page) => {
  const weight = pageWeight(path.resolve("build/client"), page.path);
  const budget = budgetFor(page.path, page.article === true);
  const within = budget
    ? weight.jsBytes <= budget.js && weight.cssBytes <= budget.css && weight.htmlBytes <= budget.html
      ? "yes"
      : "NO"
    : "-";
  return [page.path, kb(weight.htmlBytes), kb(weight.jsBytes), kb(weight.cssBytes), weight.files, within];
});
recordSection("pageWeight", {
  title: "Page weight on first visit (gzipped KB)",
  goal: "articles (guides, glossary, legal pages) ≤ 15 KB JS, ≤ 15 KB CSS, ≤ 15 KB HTML; home ≤ 130 KB JS",
  columns: ["page", "HTML", "JS", "CSS", "files", "within budget"],
  rows,
});
