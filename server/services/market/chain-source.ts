import { sql } from "drizzle-orm";
import { type Address, getAddress } from "viem";
import { type Database, queryRows } from "../../db/client.ts";
import { chainIndexName } from "../chain-index/indexer.ts";
import { type Rational, tokenPriceFromSqrtPrice } from "../price/uniswap-v3-math.ts";
import type { Trade } from "./figures.ts";
import type { DeclaredAddress, MarketSource, MarketState } from "./sources.ts";

type SwapRow = { block_time: Date; sqrt_price_x96: string; amount0: string; amount1: string };

/**
 * The market from the chain index's tables (decision 043): pure reads, no
 * node. Prices come from each swap's sqrtPriceX96 and the state's, in exact
 * rationals; the quote token is taken as one dollar.
 */
export function chainMarketSource({
  db,
  pool,
  token,
  quote,
  tokenDecimals,
  quoteDecimals,
  declared,
}: {
  db: Database;
  pool: Address;
  token: Address;
  quote: Address;
  tokenDecimals: number;
  quoteDecimals: number;
  declared: DeclaredAddress[];
}): MarketSource {
  const poolAddress = getAddress(pool);
  const tokenAddress = getAddress(token);
  const name = chainIndexName(poolAddress, tokenAddress);
  const tokenIsToken0 = BigInt(tokenAddress) < BigInt(getAddress(quote));
  const layout = {
    decimals0: tokenIsToken0 ? tokenDecimals : quoteDecimals,
    decimals1: tokenIsToken0 ? quoteDecimals : tokenDecimals,
    tokenIsToken0,
  };
  const priceAt = (sqrtPriceX96: string): Rational => tokenPriceFromSqrtPrice({ sqrtPriceX96: BigInt(sqrtPriceX96), ...layout });
  const trade = (row: SwapRow): Trade => {
    const tokenSide = BigInt(tokenIsToken0 ? row.amount0 : row.amount1);
    const quoteSide = BigInt(tokenIsToken0 ? row.amount1 : row.amount0);
    return {
      time: row.block_time,
      price: priceAt(row.sqrt_price_x96),
      quoteAmount: quoteSide < 0n ? -quoteSide : quoteSide,
      // The pool paid tokens out: someone bought.
      buy: tokenSide < 0n,
    };
  };
  const declaredList = JSON.stringify(declared.map((entry) => getAddress(entry.address)));

  return {
    async state(): Promise<MarketState | null> {
      const [row] = await queryRows<{
        last_block: string;
        last_block_time: Date;
        sqrt_price_x96: string;
        pool_balance0: string;
        pool_balance1: string;
        total_supply: string;
      }>(
        db,
        sql`select last_block::text, last_block_time, sqrt_price_x96::text, pool_balance0::text, pool_balance1::text, total_supply::text
              from chain_index_state where name = ${name}`,
      );
      if (!row) return null;
      const balances = await queryRows<{ holder: string; balance: string }>(
        db,
        sql`select holder, balance::text from token_balances
             where token = ${tokenAddress} and holder in (select jsonb_array_elements_text(${declaredList}::jsonb))`,
      );
      const [holders] = await queryRows<{ holders: number; top10: string }>(
        db,
        sql`with others as (
              select balance from token_balances
               where token = ${tokenAddress} and balance > 0 and holder not in (select jsonb_array_elements_text(${declaredList}::jsonb)))
            select (select count(*) from others)::int as holders,
                   (select coalesce(sum(balance), 0) from (select balance from others order by balance desc limit 10) top)::text as top10`,
      );
      const held = new Map(balances.map((entry) => [entry.holder, BigInt(entry.balance)]));
      return {
        demo: false,
        asOf: { block: BigInt(row.last_block), time: row.last_block_time },
        price: priceAt(row.sqrt_price_x96),
        poolToken: BigInt(tokenIsToken0 ? row.pool_balance0 : row.pool_balance1),
        poolQuote: BigInt(tokenIsToken0 ? row.pool_balance1 : row.pool_balance0),
        totalSupply: BigInt(row.total_supply),
        declared: declared.map((entry) => ({ ...entry, balance: held.get(getAddress(entry.address)) ?? 0n })),
        holders: holders?.holders ?? 0,
        top10: BigInt(holders?.top10 ?? 0),
      };
    },
    async trades(from) {
      const since = from ?? new Date(0);
      const rows = await queryRows<SwapRow>(
        db,
        sql`select block_time, sqrt_price_x96::text, amount0::text, amount1::text from indexed_swaps
             where pool = ${poolAddress} and block_time >= ${since.toISOString()} order by block_number, log_index`,
      );
      const [before] = await queryRows<SwapRow>(
        db,
        sql`select block_time, sqrt_price_x96::text, amount0::text, amount1::text from indexed_swaps
             where pool = ${poolAddress} and block_time < ${since.toISOString()} order by block_number desc, log_index desc limit 1`,
      );
      return { opening: before ? trade(before).price : null, trades: rows.map(trade) };
    },
  };
}
