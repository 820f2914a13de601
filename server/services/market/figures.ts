import type { Candle, HistoryRange } from "../../../common/api/market.ts";
import { formatRational, type Rational } from "../price/uniswap-v3-math.ts";

/** One trade as the figures need it: when, the price it left (USD per token), its size in USD base units, and its side. */
export type Trade = { time: Date; price: Rational; quoteAmount: bigint; buy: boolean };

const MINUTE = 60_000;
export const DAY_MS = 24 * 60 * MINUTE;
export const INTERVALS = { "5m": 5 * MINUTE, "1h": 60 * MINUTE, "1d": DAY_MS } as const;
export type Interval = keyof typeof INTERVALS;

/** Each range's window and bucket: 288 five-minute candles for a day, 168 hourly for a week, daily beyond. */
export const RANGES: Record<HistoryRange, { ms: number | null; interval: Interval }> = {
  "24h": { ms: DAY_MS, interval: "5m" },
  "7d": { ms: 7 * DAY_MS, interval: "1h" },
  "30d": { ms: 30 * DAY_MS, interval: "1d" },
  all: { ms: null, interval: "1d" },
};

export const PRICE_DECIMALS = 18;
const USD_DECIMALS = 2;

export function compare(a: Rational, b: Rational): number {
  const left = a.numerator * b.denominator;
  const right = b.numerator * a.denominator;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** A signed rational as a decimal string, rounded half away from zero. */
export function formatSigned(value: Rational, decimals: number): string {
  const negative = value.numerator < 0n !== value.denominator < 0n && value.numerator !== 0n;
  const abs = {
    numerator: value.numerator < 0n ? -value.numerator : value.numerator,
    denominator: value.denominator < 0n ? -value.denominator : value.denominator,
  };
  const text = formatRational(abs, decimals);
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

/** Base units as a decimal of whole units, exactly. */
export function units(amount: bigint, decimals: number): string {
  return formatSigned({ numerator: amount, denominator: 10n ** BigInt(decimals) }, decimals).replace(/\.?0+$/, "") || "0";
}

export function usd(value: Rational): string {
  return formatSigned(value, USD_DECIMALS);
}

export const formatPrice = (price: Rational) => formatRational(price, PRICE_DECIMALS);

/** USD for `amount` base units of the token at `price`. */
export function usdValue(amount: bigint, tokenDecimals: number, price: Rational): Rational {
  return { numerator: amount * price.numerator, denominator: price.denominator * 10n ** BigInt(tokenDecimals) };
}

/** The change from `before` to `now`, in percent, two decimals; null without an earlier price. */
export function changePercent(now: Rational, before: Rational | null): string | null {
  if (!before || before.numerator === 0n) return null;
  return formatSigned(
    {
      numerator: (now.numerator * before.denominator - before.numerator * now.denominator) * 100n,
      denominator: now.denominator * before.numerator,
    },
    2,
  );
}

/** Volume in USD and counts of the trades at or after `since`. */
export function tradeTotals(trades: Trade[], since: Date, quoteDecimals: number) {
  let volume = 0n;
  let buys = 0;
  let sells = 0;
  for (const trade of trades) {
    if (trade.time < since) continue;
    volume += trade.quoteAmount;
    if (trade.buy) buys++;
    else sells++;
  }
  return { volumeUsd: usd({ numerator: volume, denominator: 10n ** BigInt(quoteDecimals) }), trades: buys + sells, buys, sells };
}

/**
 * OHLC candles from `from` to `to` in buckets of `interval`, from trades in
 * time order. A bucket without trades opens, closes, and is high and low at
 * the last price before it (the opening price for the first ones); without
 * any earlier price the buckets before the first trade are left out.
 */
export function candles(
  trades: Trade[],
  {
    from,
    to,
    interval,
    opening,
    quoteDecimals,
  }: { from: Date; to: Date; interval: Interval; opening: Rational | null; quoteDecimals: number },
): Candle[] {
  const step = INTERVALS[interval];
  const start = Math.floor(from.getTime() / step) * step;
  const result: Candle[] = [];
  let last = opening;
  let index = 0;
  while (index < trades.length && (trades[index] as Trade).time.getTime() < start) last = (trades[index++] as Trade).price;
  for (let bucket = start; bucket <= to.getTime(); bucket += step) {
    let open = last;
    let high = last;
    let low = last;
    let volume = 0n;
    for (; index < trades.length && (trades[index] as Trade).time.getTime() < bucket + step; index++) {
      const { price, quoteAmount } = trades[index] as Trade;
      open ??= price;
      if (!high || compare(price, high) > 0) high = price;
      if (!low || compare(price, low) < 0) low = price;
      last = price;
      volume += quoteAmount;
    }
    if (!open || !high || !low || !last) continue;
    result.push({
      t: new Date(bucket).toISOString(),
      o: formatPrice(open),
      h: formatPrice(high),
      l: formatPrice(low),
      c: formatPrice(last),
      volume_usd: usd({ numerator: volume, denominator: 10n ** BigInt(quoteDecimals) }),
    });
  }
  return result;
}
