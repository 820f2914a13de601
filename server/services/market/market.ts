import { sql } from "drizzle-orm";
import type { HistoryRange, HistoryReply, MarketReply } from "../../../common/api/market.ts";
import { type Database, queryRows } from "../../db/client.ts";
import { PAID_PAYOUT_STATUSES, statusList } from "../../db/schema.ts";
import { candles, changePercent, DAY_MS, formatPrice, RANGES, tradeTotals, units, usd, usdValue } from "./figures.ts";
import type { MarketSource } from "./sources.ts";

export type MarketDeps = { db: Database; source: MarketSource; tokenDecimals: number; quoteDecimals: number; quoteSymbol: string };

/** What the reward program credited members and what reached their wallets, in whole tokens (the ledger and the payouts). */
async function rewardTotals(db: Database): Promise<{ credited: string; paid_out: string }> {
  const [row] = await queryRows<{ credited: string; paid_out: string }>(
    db,
    sql`select (select coalesce(sum(amount), 0) from ledger_entries where amount > 0 and kind <> 'payout_release')::text as credited,
               (select coalesce(sum(amount), 0) from payouts where status in ${statusList(PAID_PAYOUT_STATUSES)})::text as paid_out`,
  );
  return { credited: row?.credited ?? "0", paid_out: row?.paid_out ?? "0" };
}

/** The market figures as of the source's last block; null before the index has read the pool. */
export async function marketFigures(deps: MarketDeps): Promise<MarketReply | null> {
  const { source, tokenDecimals, quoteDecimals } = deps;
  const state = await source.state();
  if (!state) return null;
  const dayAgo = new Date(state.asOf.time.getTime() - DAY_MS);
  const { opening, trades } = await source.trades(dayAgo);
  const totals = tradeTotals(trades, dayAgo, quoteDecimals);
  const locked = state.declared.reduce((sum, entry) => sum + entry.balance, 0n);
  const circulating = state.totalSupply - locked;
  const quoteScale = 10n ** BigInt(quoteDecimals);
  const poolTokenUsd = usdValue(state.poolToken, tokenDecimals, state.price);
  const liquidity = {
    numerator: poolTokenUsd.numerator * quoteScale + state.poolQuote * poolTokenUsd.denominator,
    denominator: poolTokenUsd.denominator * quoteScale,
  };
  return {
    demo: state.demo,
    as_of: { block: state.asOf.block === null ? null : state.asOf.block.toString(), time: state.asOf.time.toISOString() },
    quote_symbol: deps.quoteSymbol,
    price: formatPrice(state.price),
    price_24h_ago: opening ? formatPrice(opening) : null,
    change_24h_percent: changePercent(state.price, opening),
    volume_24h_usd: totals.volumeUsd,
    trades_24h: totals.trades,
    buys_24h: totals.buys,
    sells_24h: totals.sells,
    liquidity_usd: usd(liquidity),
    total_supply: units(state.totalSupply, tokenDecimals),
    circulating_supply: units(circulating, tokenDecimals),
    market_cap_usd: usd(usdValue(circulating, tokenDecimals, state.price)),
    fdv_usd: usd(usdValue(state.totalSupply, tokenDecimals, state.price)),
    holders: state.holders,
    top10_share_percent: circulating > 0n ? usd({ numerator: state.top10 * 100n, denominator: circulating }) : "0.00",
    declared: state.declared.map((entry) => ({ ...entry, balance: units(entry.balance, tokenDecimals) })),
    rewards: await rewardTotals(deps.db),
  };
}

/** The price history of a range in OHLC candles, the last price carried over empty buckets. */
export async function marketHistory(deps: MarketDeps, range: HistoryRange): Promise<HistoryReply | null> {
  const state = await deps.source.state();
  if (!state) return null;
  const { ms, interval } = RANGES[range];
  const from = ms === null ? null : new Date(state.asOf.time.getTime() - ms);
  const { opening, trades } = await deps.source.trades(from);
  const first = from ?? trades[0]?.time ?? state.asOf.time;
  return {
    demo: state.demo,
    as_of: { block: state.asOf.block === null ? null : state.asOf.block.toString(), time: state.asOf.time.toISOString() },
    range,
    interval,
    candles: candles(trades, { from: first, to: state.asOf.time, interval, opening, quoteDecimals: deps.quoteDecimals }),
  };
}
