import { z } from "zod";
import { appField } from "./fields.ts";

/** GET /api/market?app={slug} and GET /api/market/history?app={slug}&range=…: the token's market, from the site's chain index. */

/** A decimal number written exactly, as the server computed it from integers (never a float). */
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

export const DECLARED_KINDS = ["treasury", "reward-safe", "hot-wallet", "locked", "burn"] as const;
export type DeclaredKind = (typeof DECLARED_KINDS)[number];

export const HISTORY_RANGES = ["24h", "7d", "30d", "all"] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];

export const marketQuery = (slug: string) => z.object({ app: appField(slug) }, { error: "The request is missing its query." });
export const historyQuery = (slug: string) =>
  z.object(
    { app: appField(slug), range: z.enum(HISTORY_RANGES, { error: "Choose a range: 24h, 7d, 30d or all." }).default("24h") },
    { error: "The request is missing its query." },
  );

/** Where the figures come from: the last indexed block and its time; demo data has no block. */
const asOf = z.object({ block: z.string().regex(/^\d+$/).nullable(), time: z.iso.datetime() });

export const marketReply = z.object({
  /** True when no node is configured: the figures are a seeded history, not the chain. */
  demo: z.boolean(),
  as_of: asOf,
  quote_symbol: z.string(),
  /** USD per token (the quote is a dollar stablecoin), 18 decimals. */
  price: decimal,
  price_24h_ago: decimal.nullable(),
  change_24h_percent: decimal.nullable(),
  volume_24h_usd: decimal,
  trades_24h: z.number().int(),
  buys_24h: z.number().int(),
  sells_24h: z.number().int(),
  liquidity_usd: decimal,
  /** Whole tokens (the token's decimals kept). */
  total_supply: decimal,
  circulating_supply: decimal,
  market_cap_usd: decimal,
  fdv_usd: decimal,
  holders: z.number().int(),
  top10_share_percent: decimal,
  declared: z.array(z.object({ kind: z.enum(DECLARED_KINDS), label: z.string(), address: z.string(), balance: decimal })),
  rewards: z.object({
    /** Whole tokens the program credited members (rewards, bonuses, operator credits). */
    credited: decimal,
    /** Whole tokens sent on the chain to members' wallets. */
    paid_out: decimal,
  }),
});
export type MarketReply = z.infer<typeof marketReply>;

export const candle = z.object({ t: z.iso.datetime(), o: decimal, h: decimal, l: decimal, c: decimal, volume_usd: decimal });
export type Candle = z.infer<typeof candle>;

export const historyReply = z.object({
  demo: z.boolean(),
  as_of: asOf,
  range: z.enum(HISTORY_RANGES),
  interval: z.enum(["5m", "1h", "1d"]),
  candles: z.array(candle),
});
export type HistoryReply = z.infer<typeof historyReply>;

export const MARKET_NOT_INDEXED =
  "The market figures are not available yet: the chain index has not read the pool. Please try again in a moment.";
