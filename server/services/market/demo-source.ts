import type { Clock } from "../../clock.ts";
import { parseDecimal, type Rational } from "../price/uniswap-v3-math.ts";
import { DAY_MS, type Trade } from "./figures.ts";
import type { DeclaredAddress, MarketSource } from "./sources.ts";

/** One demo trade every 37 minutes, over 60 days. */
const TRADE_EVERY_MS = 37 * 60_000;
const HISTORY_MS = 60 * DAY_MS;
const PARTS = 1_000_000n;

/** The demo's declared addresses when the operator declared none (well-known burn address; the others are illustrations). */
export const DEMO_DECLARED: DeclaredAddress[] = [
  { kind: "treasury", label: "Treasury Safe", address: "0x7A3B0c1D2e3F405162738495A6b7C8D9e0F1a2B3" },
  { kind: "reward-safe", label: "Reward program Safe", address: "0x1B2c3D4E5f60718293a4B5C6d7E8F90a1b2C3d4E" },
  { kind: "hot-wallet", label: "Payout hot wallet", address: "0x9f8E7d6C5b4A3928170F6e5D4c3B2a1908F7e6D5" },
  { kind: "locked", label: "Team tokens, locked until 2027", address: "0x2c3D4e5F60718293A4b5c6D7e8F90A1B2c3d4E5f" },
  { kind: "burn", label: "Burn address", address: "0x000000000000000000000000000000000000dEaD" },
];
const DEMO_BALANCES = [400_000_000n, 100_000_000n, 5_000_000n, 150_000_000n, 10_000_000n];

/** A deterministic wobble in millionths for trade number `n`: the same history on every run and every instance. */
function wobble(n: number): bigint {
  const value = 0.09 * Math.sin(n / 97) + 0.05 * Math.sin(n / 23) + 0.02 * Math.sin(n * 12.9898);
  return BigInt(Math.round(value * 1_000_000));
}

/**
 * A seeded history for the demo, never shown as real (`demo: true`): trades
 * at fixed times around the configured fixed price, the last one at it, and
 * a supply split among the declared addresses. Every amount is an integer.
 */
export function demoMarketSource({
  clock,
  fixedPrice,
  tokenDecimals,
  quoteDecimals,
  declared,
}: {
  clock: Clock;
  fixedPrice: string;
  tokenDecimals: number;
  quoteDecimals: number;
  declared: DeclaredAddress[];
}): MarketSource {
  const price = parseDecimal(fixedPrice);
  const scale = 10n ** BigInt(tokenDecimals);
  const priceOf = (n: number, last: number): Rational =>
    n === last ? price : { numerator: price.numerator * (PARTS + wobble(n)), denominator: price.denominator * PARTS };
  const tradesUpTo = (now: Date) => {
    const last = Math.floor(now.getTime() / TRADE_EVERY_MS);
    const first = Math.floor((now.getTime() - HISTORY_MS) / TRADE_EVERY_MS);
    const trades: Trade[] = [];
    for (let n = first; n <= last; n++) {
      const size = BigInt(20 + ((n * 7919) % 1980)) * 10n ** BigInt(quoteDecimals);
      trades.push({ time: new Date(n * TRADE_EVERY_MS), price: priceOf(n, last), quoteAmount: size, buy: n % 3 !== 0 });
    }
    return trades;
  };
  const shown = declared.length > 0 ? declared : DEMO_DECLARED;
  return {
    async state() {
      const now = clock.now();
      return {
        demo: true,
        asOf: { block: null, time: now },
        price,
        poolToken: (4_100_000_000n * scale) / 100n,
        poolQuote: 52_000n * 10n ** BigInt(quoteDecimals),
        totalSupply: 1_000_000_000n * scale,
        declared: shown.map((entry, index) => ({ ...entry, balance: (DEMO_BALANCES[index] ?? 1_000_000n) * scale })),
        holders: 1_284,
        top10: 61_500_000n * scale,
      };
    },
    async trades(from) {
      const all = tradesUpTo(clock.now());
      const opening = from ? (all.filter((trade) => trade.time < from).at(-1)?.price ?? null) : null;
      return { opening, trades: from ? all.filter((trade) => trade.time >= from) : all };
    },
  };
}
