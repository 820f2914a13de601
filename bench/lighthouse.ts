/**
 * Lighthouse (mobile, simulated throttling) on Debian's Chromium: the median
 * of 3 runs for login and every article (the home page, the guides, /how-to,
 * /glossary, the legal pages, /earn-tokens); LIGHTHOUSE_PAGES=/a,/b picks others.
 * Goals: articles Performance 100; login, a React page, ≥ 95; Accessibility, Best
 * Practices and SEO 100; CLS 0 for articles, ≤ 0.02 for the rest.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { sitePages } from "../app/site-pages.ts";
import { loadSiteConfig } from "../config/site.ts";
import { CHROMIUM_ARGS, findChromium } from "../tests/e2e/support/chromium.ts";
import { startServer } from "../tests/support/server-process.ts";
import { recordSection, round } from "./lib/report.ts";
import { median } from "./lib/wrk.ts";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const ARTICLES = sitePages(loadSiteConfig())
  .filter((page) => page.article)
  .map((page) => page.path);
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(",") ?? ["/login", ...ARTICLES];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

export type LighthouseScores = Record<(typeof CATEGORIES)[number], number> & {
  cls: number;
  lcpMs: number;
  tbtMs: number;
  failing: string[];
  /** What kept Lighthouse from scoring a category in this run: its runtime error (every audit then errs with it), else the audits that errored. */
  errors: string[];
};

export async function auditPage(url: string, port: number): Promise<LighthouseScores> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  // A category Lighthouse could not score is NaN, left out of the median and explained in the notes, never a 0.
  const score = (id: string) => {
    const value = categories[id]?.score;
    return value === null || value === undefined ? Number.NaN : Math.round(value * 100);
  };
  const failing = Object.values(audits)
    .filter((audit) => audit.scoreDisplayMode === "binary" && audit.score === 0)
    .map((audit) => audit.id);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    "best-practices": score("best-practices"),
    seo: score("seo"),
    cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    lcpMs: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    tbtMs: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    failing,
    errors: runtimeError
      ? [`${runtimeError.code}: ${runtimeError.message}`]
      : Object.values(audits)
          .filter((audit) => audit.errorMessage)
          .map((audit) => `${audit.id}: ${audit.errorMessage}`),
  };
}

const server = await startServer({
  PGLITE_DIR: path.join(mkdtempSync(path.join(os.tmpdir(), "bench-lighthouse-")), "pglite"),
  LOG_LEVEL: "warn",
});
const chrome = await chromeLauncher.launch({ chromePath: findChromium(), chromeFlags: ["--headless=new", ...CHROMIUM_ARGS] });
try {
  const rows: Array<Array<string | number>> = [];
  const notes: string[] = [];
  for (const page of PAGES) {
    const runs: LighthouseScores[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await auditPage(`${server.url}${page}`, chrome.port));
    // A run that could not measure a metric (NaN) does not count toward its median.
    const pick = (key: keyof Omit<LighthouseScores, "failing" | "errors">) =>
      median(runs.map((scores) => scores[key]).filter(Number.isFinite));
    rows.push([
      page,
      pick("performance"),
      pick("accessibility"),
      pick("best-practices"),
      pick("seo"),
      round(pick("cls"), 3),
      round(pick("lcpMs"), 0),
      round(pick("tbtMs"), 0),
    ]);
    const failing = [...new Set(runs.flatMap((scores) => scores.failing))];
    if (failing.length > 0) notes.push(`${page}: failing audits: ${failing.join(", ")}`);
    const erred = runs.filter((scores) => scores.errors.length > 0);
    if (erred.length > 0)
      notes.push(
        `${page}: Lighthouse reported errors in ${erred.length} of ${RUNS} runs; a category they left unscored is out of the median (${[...new Set(erred.flatMap((scores) => scores.errors))].join("; ")})`,
      );
  }
  recordSection("lighthouse", {
    title: `Lighthouse ${RUNS}× per page (mobile, simulated throttling), median`,
    goal: "articles (/ and the guides, /how-to, /glossary, legal, /earn-tokens): Performance 100, CLS 0; /login: Performance ≥ 95, CLS ≤ 0.02; every page: Accessibility, Best Practices, SEO 100",
    columns: ["page", "Performance", "Accessibility", "Best Practices", "SEO", "CLS", "LCP ms", "TBT ms"],
    rows,
    notes,
  });
} finally {
  await chrome.kill();
  await server.stop();
}
