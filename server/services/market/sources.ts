import type { DeclaredKind } from "../../../common/api/market.ts";
import type { Rational } from "../price/uniswap-v3-math.ts";
import type { Trade } from "./figures.ts";

export type DeclaredAddress = { kind: DeclaredKind; label: string; address: string };

/** The chain's state at one block, and the holders apart from the declared addresses. */
export type MarketState = {
  demo: boolean;
  asOf: { block: bigint | null; time: Date };
  price: Rational;
  /** The pool's balances in base units. */
  poolToken: bigint;
  poolQuote: bigint;
  totalSupply: bigint;
  declared: Array<DeclaredAddress & { balance: bigint }>;
  holders: number;
  top10: bigint;
};

/** Where the market's facts come from: the chain index's tables, or the demo's seeded history. */
export type MarketSource = {
  state(): Promise<MarketState | null>;
  /** The trades from `from` (or the first) up to the state's block, in order, and the last price before `from`. */
  trades(from: Date | null): Promise<{ opening: Rational | null; trades: Trade[] }>;
};
