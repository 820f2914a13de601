import type { HistoryRange, HistoryReply, MarketReply } from "../../common/api/market.ts";
import { explorerAddressUrl } from "../../common/links.ts";
import { chartTable } from "../features/market/chart-table.ts";
import {
  asOfText,
  changeText,
  chartPaths,
  chartSummary,
  loadHistory,
  loadMarket,
  priceText,
  STATS,
  sourceText,
  statText,
  tokensText,
  updatedText,
} from "../features/market/market-view.ts";
import { PRICE_REFRESH_MS } from "../lib/timings.ts";
import { site } from "../site.ts";

const UNAVAILABLE = "Unavailable";

/** How old the figures are: from the indexed block's time (or the demo's), not from when this page asked. */
const ageSeconds = (reply: MarketReply) => (Date.now() - Date.parse(reply.as_of.time)) / 1000;

function all<T extends Element>(selector: string): T[] {
  return [...document.querySelectorAll<T>(selector)];
}

function showFigures(reply: MarketReply): void {
  const change = document.querySelector<HTMLElement>("[data-market-change]");
  if (change) {
    change.textContent = changeText(reply.change_24h_percent);
    change.className = `text-lg font-semibold ${reply.change_24h_percent?.startsWith("-") ? "text-red-200" : "text-green-200"}`;
  }
  const asOf = document.querySelector("[data-market-as-of]");
  if (asOf) asOf.textContent = ` · ${asOfText(reply)}`;
  const demo = document.querySelector<HTMLElement>("[data-market-demo]");
  if (demo) demo.classList.toggle("invisible", !reply.demo);
  const updated = document.querySelector("[data-market-updated]");
  if (updated) updated.textContent = updatedText(ageSeconds(reply));

  for (const stat of STATS) {
    const value = document.querySelector(`[data-stat="${stat.key}"]`);
    if (value) value.textContent = statText(reply, stat.key);
  }
  for (const source of all("[data-stat-source]")) source.textContent = sourceText(reply);

  const body = document.querySelector("[data-declared] tbody");
  if (body) {
    body.replaceChildren(
      ...reply.declared.map((entry) => {
        const row = document.createElement("tr");
        row.className = "border-b border-ink-700/10";
        const what = document.createElement("td");
        what.className = "py-2 pr-4";
        what.textContent = entry.label;
        const where = document.createElement("td");
        where.className = "py-2 pr-4 font-mono text-sm break-all";
        const link = document.createElement("a");
        link.href = explorerAddressUrl(site, entry.address);
        link.className = "underline";
        link.rel = "noopener noreferrer";
        link.target = "_blank";
        link.textContent = entry.address;
        const hint = document.createElement("span");
        hint.className = "sr-only";
        hint.textContent = ` on ${site.explorer.name} (opens in a new tab)`;
        link.append(hint);
        where.append(link);
        const balance = document.createElement("td");
        balance.className = "py-2 text-right tabular-nums";
        balance.textContent = tokensText(entry.balance);
        row.append(what, where, balance);
        return row;
      }),
    );
  }
  const declaredSource = document.querySelector("[data-declared-source]");
  if (declaredSource) declaredSource.textContent = `Balances: ${sourceText(reply).toLowerCase()}.`;
  for (const cell of all<HTMLElement>("[data-rewards]")) {
    const key = cell.dataset.rewards as keyof MarketReply["rewards"];
    cell.textContent = tokensText(reply.rewards[key]);
  }
}

/**
 * Runs `work` once the page has loaded and the browser is idle (at the latest
 * a second later), so the market's requests and drawing never hold up the
 * page's first paint or its main thread while it loads.
 */
function whenIdle(work: () => void): void {
  const idle = () => ("requestIdleCallback" in window ? requestIdleCallback(() => work(), { timeout: 1_000 }) : setTimeout(work, 0));
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", () => idle(), { once: true });
}

/** The chart's data table, for screen readers: built in an idle moment of its own, after the line is drawn. */
function fillChartTable(history: HistoryReply, summary: string): void {
  const { rows, each } = chartTable(history);
  const caption = document.querySelector("[data-chart-table-caption]");
  if (caption) caption.textContent = `${summary} One row per ${each}.`;
  const body = document.querySelector("[data-chart-table] tbody");
  body?.replaceChildren(
    ...rows.map((entry) => {
      const row = document.createElement("tr");
      const head = document.createElement("th");
      head.scope = "row";
      head.textContent = entry.time;
      row.append(head);
      for (const value of [entry.o, entry.h, entry.l, entry.c]) {
        const cell = document.createElement("td");
        cell.textContent = priceText(value);
        row.append(cell);
      }
      return row;
    }),
  );
}

function showHistory(history: HistoryReply): void {
  const summary = chartSummary(history);
  const text = document.querySelector("[data-chart-summary]");
  if (text) text.textContent = summary;
  const line = document.querySelector("[data-chart-line]");
  const area = document.querySelector("[data-chart-area]");
  if (history.candles.length > 0) {
    const paths = chartPaths(history.candles);
    line?.setAttribute("d", paths.line);
    area?.setAttribute("d", paths.area);
  } else {
    line?.setAttribute("d", "");
    area?.setAttribute("d", "");
  }
  whenIdle(() => fillChartTable(history, summary));
}

/**
 * The home page's market block (`[data-market]`): the figures now and every
 * minute while the page is visible, "updated N s ago" every few seconds, and
 * the chart, drawn as SVG paths from the range's candles when a range button is pressed.
 * The first figures and chart wait for the page to load and the browser to be
 * idle: their places are reserved in the markup, so nothing moves when they arrive.
 */
export function enhanceMarket(): void {
  if (!document.querySelector("[data-market]")) return;
  let last: MarketReply | null = null;
  let range: HistoryRange = "24h";

  const refresh = async () => {
    const result = await loadMarket();
    if (result.ok && result.body) last = result.body;
    if (last) showFigures(last);
    else {
      const change = document.querySelector("[data-market-change]");
      if (change) change.textContent = UNAVAILABLE;
    }
  };
  const draw = async (wanted: HistoryRange) => {
    range = wanted;
    for (const button of all<HTMLButtonElement>("[data-chart-range]"))
      button.setAttribute("aria-pressed", String(button.dataset.chartRange === wanted));
    const result = await loadHistory(wanted);
    if (range !== wanted) return;
    if (result.ok && result.body) showHistory(result.body);
    else {
      const text = document.querySelector("[data-chart-summary]");
      if (text) text.textContent = "The price history is not available right now.";
    }
  };

  for (const button of all<HTMLButtonElement>("[data-chart-range]"))
    button.addEventListener("click", () => void draw(button.dataset.chartRange as HistoryRange));
  whenIdle(() => {
    void refresh();
    void draw(range);
  });
  setInterval(() => {
    if (document.visibilityState !== "visible") return;
    void refresh();
    void draw(range);
  }, PRICE_REFRESH_MS);
  setInterval(() => {
    const updated = document.querySelector("[data-market-updated]");
    if (updated && last) updated.textContent = updatedText(ageSeconds(last));
  }, 5_000);
}
