import { sql } from "drizzle-orm";
import { type Address, formatUnits } from "viem";
import type { SiteConfig } from "../../../config/site.ts";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";
import type { ChainQuest } from "./chain-quests.ts";
import type { ChainReader } from "./chain-reader.ts";

/** Where the on-chain quests look: the chain index's pool and token, and the node for what the index does not hold. */
export type QuestChain = {
  reader: ChainReader;
  pool: Address;
  token: Address;
  positionManager: Address;
  /** The chain index's state row (chainIndexName). */
  indexName: string;
  /** As the chain index's: a block is final once this many blocks, itself included, are on it. */
  confirmations: number;
};

export type ProbeDeps = { db: Database; clock: Clock; site: SiteConfig; chain: QuestChain; userId: number; wallet: Address };

/** What one look at one block found, and why, in the receipt's words ("found, because …" / "not found, because …"). */
export type Probe = { found: boolean; because: string };

const DAY_MS = 86_400_000;

function tokens(site: SiteConfig, baseUnits: bigint | string): string {
  return `${Number(formatUnits(BigInt(baseUnits), site.token.decimals)).toLocaleString("en-US", { maximumFractionDigits: 4 })} ${site.token.symbol}`;
}

/**
 * A buy: a Swap of the pool, at or before `block`, that paid the token out (the pool's amount of it negative), in
 * a transaction sent by the wallet, or in a transaction that also moved the token to the wallet (a router's or
 * aggregator's swap paying the wallet). Read from the chain index only.
 */
export async function probeBuy({ db, site, chain, wallet }: ProbeDeps, block: bigint, since: Date | null): Promise<Probe> {
  const tokenIsToken0 = BigInt(chain.token) < BigInt(site.dex.quoteAddress);
  const paidOut = tokenIsToken0 ? sql`s.amount0 < 0` : sql`s.amount1 < 0`;
  const [buy] = await queryRows<{ block_number: string; tx_hash: string; bought: string; sent_by_wallet: boolean }>(
    db,
    sql`select s.block_number::text, s.tx_hash, (-${tokenIsToken0 ? sql`s.amount0` : sql`s.amount1`})::text as bought,
               s.tx_from = ${wallet} as sent_by_wallet
          from indexed_swaps s
         where s.pool = ${chain.pool} and s.block_number <= ${block} and ${paidOut}
           and (${since}::timestamptz is null or s.block_time >= ${since})
           and (s.tx_from = ${wallet}
                or exists (select 1 from indexed_transfers t where t.token = ${chain.token} and t.tx_hash = s.tx_hash and t.to_address = ${wallet}))
         order by s.block_number, s.log_index
         limit 1`,
  );
  const pair = `${site.token.symbol}/${site.dex.quoteSymbol}`;
  const from = since ? ` since ${since.toISOString().slice(0, 10)}` : "";
  if (!buy)
    return {
      found: false,
      because: `no swap in the ${pair} pool${from} up to this block bought ${site.token.symbol} in a transaction sent by the wallet or paying the wallet`,
    };
  return {
    found: true,
    because: `transaction ${buy.tx_hash} in block ${buy.block_number} bought ${tokens(site, buy.bought)} from the ${pair} pool, ${
      buy.sent_by_wallet ? "sent by the wallet" : "paying the wallet"
    }`,
  };
}

/**
 * A hold: the balances noted at the member's daily claims (holding_samples) for the wallet, on each of the
 * quest's days, the lowest at least the minimum. The days end today if the member claimed today, else yesterday.
 */
export async function probeHold(
  { db, clock, site, userId, wallet }: ProbeDeps,
  quest: Extract<ChainQuest, { kind: "hold" }>,
): Promise<Probe> {
  const today = new Date(`${clock.now().toISOString().slice(0, 10)}T00:00:00Z`);
  const samples = await queryRows<{ day: string; balance: string; block_number: string }>(
    db,
    sql`select day::text, balance::text, block_number::text from holding_samples
         where user_id = ${userId} and wallet = ${wallet} and day > ${new Date(today.getTime() - (quest.days + 1) * DAY_MS).toISOString().slice(0, 10)}::date
         order by day`,
  );
  const byDay = new Map(samples.map((sample) => [sample.day, sample]));
  const last = byDay.has(today.toISOString().slice(0, 10)) ? today.getTime() : today.getTime() - DAY_MS;
  const days = Array.from({ length: quest.days }, (_, i) => new Date(last - (quest.days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
  const missing = days.filter((day) => !byDay.has(day));
  const span = `${days[0]} to ${days[days.length - 1]}`;
  if (missing.length > 0)
    return {
      found: false,
      because: `the ${quest.days} days ${span} need a claim each with this wallet verified, and ${missing.length} had none (${missing.slice(0, 3).join(", ")}${
        missing.length > 3 ? ", …" : ""
      })`,
    };
  const lowest = days
    .map((day) => byDay.get(day))
    .reduce(
      (low, sample) => (sample && (!low || BigInt(sample.balance) < BigInt(low.balance)) ? sample : low),
      undefined as (typeof samples)[number] | undefined,
    );
  if (!lowest) return { found: false, because: `no balance was noted over ${span}` };
  const needed = BigInt(quest.minTokens) * 10n ** BigInt(site.token.decimals);
  const low = `the lowest balance noted at a claim over ${span} was ${tokens(site, lowest.balance)} on ${lowest.day} (block ${lowest.block_number})`;
  return BigInt(lowest.balance) >= needed
    ? { found: true, because: `${low}, at least the ${tokens(site, needed)} needed` }
    : { found: false, because: `${low}, below the ${tokens(site, needed)} needed` };
}

/** Liquidity: a position at the position manager, held by the wallet at `block`, in the pool's two tokens and fee, with liquidity. */
export async function probeLiquidity({ site, chain, wallet }: ProbeDeps, block: bigint): Promise<Probe> {
  const pool = await chain.reader.poolKey(chain.pool, block);
  const { held, read } = await chain.reader.positions(chain.positionManager, wallet, block);
  const inPool = read.filter((p) => p.token0 === pool.token0 && p.token1 === pool.token1 && p.fee === pool.fee);
  const open = inPool.find((p) => p.liquidity > 0n);
  const pair = `${site.token.symbol}/${site.dex.quoteSymbol}`;
  if (open) return { found: true, because: `the wallet holds position #${open.id} in the ${pair} pool with liquidity ${open.liquidity}` };
  return {
    found: false,
    because:
      held === 0n
        ? `the wallet holds no position at the position manager ${chain.positionManager}`
        : `the wallet holds ${held} position${held === 1n ? "" : "s"} at the position manager, ${
            inPool.length === 0 ? `none in the ${pair} pool` : `${inPool.length} in the ${pair} pool but none with liquidity left`
          }`,
  };
}

/**
 * A revoke: the wallet's allowance for the quest's spender over the token is 0 at `block`, and an earlier check
 * read it non-zero at an earlier block (allowance_sightings). A check reading a non-zero allowance at the head
 * notes it as that "before"; a wallet that never had one seen cannot show a revoke.
 */
export async function probeRevoke(
  { db, clock, site, chain, userId, wallet }: ProbeDeps,
  quest: Extract<ChainQuest, { kind: "revoke" }>,
  block: bigint,
  atHead: boolean,
): Promise<Probe> {
  const allowance = await chain.reader.allowance(chain.token, wallet, quest.spender as Address, block);
  const spender = `${quest.spenderName} (${quest.spender})`;
  if (allowance > 0n) {
    if (atHead)
      await db.execute(sql`
        insert into allowance_sightings (user_id, wallet, spender, allowance, block_number, seen_at)
        values (${userId}, ${wallet}, ${quest.spender}, ${allowance.toString()}, ${block}, ${clock.now()})
        on conflict (user_id, wallet, spender) do update set allowance = excluded.allowance, block_number = excluded.block_number, seen_at = excluded.seen_at
         where excluded.block_number > allowance_sightings.block_number`);
    return {
      found: false,
      because: `${spender} may still spend ${allowance === 2n ** 256n - 1n ? "an unlimited amount" : tokens(site, allowance)} of the wallet's ${site.token.symbol} (noted as the allowance before a revoke); revoke it, then check again`,
    };
  }
  const [before] = await queryRows<{ allowance: string; block_number: string }>(
    db,
    sql`select allowance::text, block_number::text from allowance_sightings
         where user_id = ${userId} and wallet = ${wallet} and spender = ${quest.spender} and block_number < ${block}`,
  );
  if (!before)
    return {
      found: false,
      because: `the allowance of ${spender} is 0, but no check saw it above 0 before, so no revoke can be shown: approve it (a swap on ${site.dex.name} does), check once, then revoke and check again`,
    };
  return {
    found: true,
    because: `the allowance of ${spender} went from ${BigInt(before.allowance) === 2n ** 256n - 1n ? "unlimited" : tokens(site, before.allowance)} at block ${before.block_number} to 0`,
  };
}
