import type { Candle, HistoryRange, HistoryReply, MarketReply } from "../../../common/api/market.ts";
import { call } from "../../lib/api-call.ts";
import { site } from "../../site.ts";

/**
 * The home page's market block without React: what it asks the API, how it
 * writes each figure, and the chart's geometry. The prerendered markup
 * (market-section.tsx) and its script (app/enhance/market.ts) share it.
 */

export const CHART_RANGES: Array<{ range: HistoryRange; label: string; long: string }> = [
  { range: "24h", label: "24 h", long: "the last 24 hours" },
  { range: "7d", label: "7 d", long: "the last 7 days" },
  { range: "30d", label: "30 d", long: "the last 30 days" },
  { range: "all", label: "All", long: "all its history" },
];

/** The stats row, in the order; `glossary` is the term's id at /glossary. */
export const STATS = [
  { key: "market_cap_usd", label: "Market cap", glossary: "market-cap", kind: "usd" },
  { key: "fdv_usd", label: "FDV", glossary: "fdv", kind: "usd" },
  { key: "liquidity_usd", label: "Liquidity", glossary: "liquidity-pool", kind: "usd" },
  { key: "volume_24h_usd", label: "24 h volume", glossary: "trading-volume", kind: "usd" },
  { key: "holders", label: "Holders", glossary: "holders", kind: "count" },
  { key: "circulating_supply", label: "Circulating supply", glossary: "circulating-supply", kind: "tokens" },
  { key: "total_supply", label: "Total supply", glossary: "total-supply", kind: "tokens" },
] as const;
export type StatKey = (typeof STATS)[number]["key"];

export const LOADING = "Loading…";

export const loadMarket = () => call("GET /api/market");

export const loadHistory = (range: HistoryRange) => call("GET /api/market/history", { query: { range } });

/**
 * "1,234,567" from a whole number's digits. Not Intl.NumberFormat: this module is part of every
 * article's script, and the first Intl formatter a page makes loads the locale's data (decision 049).
 */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** "$1,234.56" from the server's exact decimal string; digits grouped without a float. */
export function usdText(decimal: string): string {
  const [integer = "0", fraction = "00"] = decimal.replace(/^-/, "").split(".");
  return `${decimal.startsWith("-") ? "−" : ""}$${grouped(integer)}.${fraction.padEnd(2, "0").slice(0, 2)}`;
}

/** Whole tokens, grouped: "1,000,000,000 KSTL". */
export function tokensText(decimal: string): string {
  const [integer = "0"] = decimal.split(".");
  return `${grouped(integer)} ${site.token.symbol}`;
}

/** The badge's format: a dollar sign and 10 decimals, cut from the exact string. */
export function priceText(decimal: string): string {
  const [integer = "0", fraction = ""] = decimal.split(".");
  return `$${integer}.${fraction.padEnd(10, "0").slice(0, 10)}`;
}

export function changeText(percent: string | null): string {
  if (percent === null) return "no trade 24 h ago";
  const up = !percent.startsWith("-");
  return `${up ? "▲ +" : "▼ −"}${percent.replace(/^-/, "")} % in 24 h`;
}

export function statText(reply: MarketReply, key: StatKey): string {
  const stat = STATS.find((entry) => entry.key === key);
  const value = reply[key];
  if (stat?.kind === "count") return grouped(String(value));
  if (stat?.kind === "tokens") return tokensText(String(value));
  return usdText(String(value));
}

/** "as of block 21,345,678, 27 Nov 2026, 14:05 UTC", or the demo's own words. */
export function asOfText(reply: { demo: boolean; as_of: { block: string | null; time: string } }): string {
  const time = new Date(reply.as_of.time).toLocaleString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
  });
  return reply.demo || reply.as_of.block === null
    ? `demo data, not from the chain (${time} UTC)`
    : `as of block ${grouped(reply.as_of.block)}, ${time} UTC`;
}

export function sourceText(reply: MarketReply): string {
  return reply.demo || reply.as_of.block === null
    ? "Demo data, not from the chain"
    : `From the chain at block ${grouped(reply.as_of.block)}`;
}

export function updatedText(seconds: number): string {
  return seconds < 60 ? `updated ${Math.max(0, Math.round(seconds))} s ago` : `updated ${Math.round(seconds / 60)} min ago`;
}

export const CHART_SIZE = { width: 600, height: 220, pad: 8 };

/** The close prices as an SVG line and the area under it, scaled to the chart's box. */
export function chartPaths(candles: Candle[]): { line: string; area: string; low: number; high: number } {
  const closes = candles.map((candle) => Number(candle.c));
  const low = Math.min(...candles.map((candle) => Number(candle.l)));
  const high = Math.max(...candles.map((candle) => Number(candle.h)));
  const { width, height, pad } = CHART_SIZE;
  // A tenth of the range above and below, so the extremes do not touch the box's edges.
  const span = (high - low || high || 1) * 1.2;
  const floor = low - span / 12;
  const x = (index: number) => (closes.length === 1 ? width / 2 : pad + (index * (width - 2 * pad)) / (closes.length - 1));
  const y = (value: number) => height - pad - ((value - floor) * (height - 2 * pad)) / span;
  const points = closes.map((close, index) => `${x(index).toFixed(1)},${y(close).toFixed(1)}`);
  const line = `M${points.join("L")}`;
  const area = `${line}L${x(closes.length - 1).toFixed(1)},${height}L${x(0).toFixed(1)},${height}Z`;
  return { line, area, low, high };
}

/** The chart's name: what a screen reader says for the image. */
export function chartSummary(history: HistoryReply): string {
  const range = CHART_RANGES.find((entry) => entry.range === history.range)?.long ?? history.range;
  const first = history.candles[0];
  const last = history.candles.at(-1);
  if (!first || !last) return `${site.token.symbol} price over ${range}: no trades yet.`;
  const { low, high } = chartPaths(history.candles);
  const change = ((Number(last.c) - Number(first.o)) / Number(first.o)) * 100;
  return `${site.token.symbol} price over ${range}${history.demo ? " (demo data)" : ""}: from ${priceText(first.o)} to ${priceText(last.c)} (${change >= 0 ? "+" : "−"}${grouped(Math.abs(change).toFixed(2))} %), high ${priceText(high.toFixed(12))}, low ${priceText(low.toFixed(12))}.`;
}
