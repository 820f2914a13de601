import { sql } from "drizzle-orm";
import { type Address, getAddress, type Hex, type PublicClient, parseAbi } from "viem";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";
import { readChainCursor } from "../chain-cursor.ts";
import { readLogsInRanges } from "./log-ranges.ts";

export const INDEXED_EVENTS = parseAbi([
  "event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)",
  "event Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)",
  "event Burn(address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)",
  "event Transfer(address indexed from, address indexed to, uint256 value)",
]);

const POOL_ABI = parseAbi([
  "function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, uint8 feeProtocol, bool unlocked)",
  "function liquidity() view returns (uint128)",
  "function token0() view returns (address)",
  "function token1() view returns (address)",
]);
const ERC20_ABI = parseAbi(["function balanceOf(address) view returns (uint256)", "function totalSupply() view returns (uint256)"]);

export type ChainIndexDeps = {
  db: Database;
  clock: Clock;
  client: PublicClient;
  pool: Address;
  token: Address;
  /** The first block read: at or before the token's deployment, so balances start from its mint. */
  startBlock: bigint;
  /** Blocks a block needs (itself included) before it is final; younger ones are read again on every run. */
  confirmations: number;
  /** The widest range one eth_getLogs call asks for; halved while the node refuses it. */
  logRange: number;
  /** The most blocks one run reads past its cursor, so a first run over a long history stays bounded. */
  blocksPerRun: number;
};

export type ChainIndexSummary = {
  fromBlock: string;
  toBlock: string;
  logs: number;
  swaps: number;
  transfers: number;
  /** Rows of earlier runs replaced because their blocks were still provisional (a reorg shows as rows that did not come back). */
  replaced: number;
  rpcCalls: number;
  /** The eth_getLogs range the node accepted last. */
  logRange: number;
  skipped: ChainIndexSkip | null;
};

/**
 * Why a run changed nothing: no block past the cursor and none provisional, another run saved a newer reading, the
 * node is behind the cursor (a node lagging behind the others?), or a block's hash differs between its logs and its
 * header (the chain moved under the run; the next run reads it again).
 */
export type ChainIndexSkip = { skip: "up_to_date" | "overtaken" | "chain_moved" } | { skip: "node_behind"; head: string; cursor: string };

export function chainIndexName(pool: Address, token: Address): string {
  return `${pool.toLowerCase()}:${token.toLowerCase()}`;
}

type Located = { block_number: string; block_hash: Hex; block_time: string; tx_hash: Hex; log_index: number };

/**
 * One run of the chain index: reads the pool's Swap, Mint and Burn logs and
 * the token's Transfer logs from the first still-provisional block to the
 * node's head (at most `blocksPerRun` past the cursor), each block's time,
 * and the pool's and token's state at the last block; then, in one
 * transaction, replaces every row from the first provisional block on and
 * moves the balances by what left and what came. A reorg no deeper than the
 * confirmations is so replaced by the new chain, and nothing is counted twice.
 *
 * As reconciliation does (decision 035), the chain is read outside the lock
 * and a run whose reading is stale, because another run saved meanwhile or
 * the node is behind the cursor, changes nothing.
 */
export async function indexChain(deps: ChainIndexDeps): Promise<ChainIndexSummary> {
  const { db, clock, client } = deps;
  const pool = getAddress(deps.pool);
  const token = getAddress(deps.token);
  const name = chainIndexName(pool, token);
  const read = await readChainCursor(db, "chain_index_state", name);
  const head = await client.getBlockNumber({ cacheTime: 0 });
  let rpcCalls = 1;
  const cursor = read ? read.lastBlock : deps.startBlock - 1n;
  const provisionalFrom = cursor - BigInt(deps.confirmations) + 2n;
  const fromBlock = provisionalFrom > deps.startBlock ? provisionalFrom : deps.startBlock;
  const limit = cursor + BigInt(deps.blocksPerRun);
  const toBlock = head < limit ? head : limit;
  const summary = { fromBlock: fromBlock.toString(), toBlock: toBlock.toString(), logs: 0, swaps: 0, transfers: 0, replaced: 0 };
  if (read && head < read.lastBlock)
    return {
      ...summary,
      rpcCalls,
      logRange: deps.logRange,
      skipped: { skip: "node_behind", head: head.toString(), cursor: read.lastBlock.toString() },
    };
  if (toBlock < fromBlock) return { ...summary, rpcCalls, logRange: deps.logRange, skipped: { skip: "up_to_date" } };

  const found = await readLogsInRanges(client, {
    address: [pool, token],
    events: INDEXED_EVENTS,
    fromBlock,
    toBlock,
    maxRange: deps.logRange,
  });
  rpcCalls += found.calls;

  const blockNumbers = [...new Set([...found.logs.map((log) => log.blockNumber), toBlock])];
  const blocks = new Map(
    await Promise.all(
      blockNumbers.map(async (blockNumber) => {
        const block = await client.getBlock({ blockNumber });
        return [blockNumber, { hash: block.hash, time: new Date(Number(block.timestamp) * 1000).toISOString() }] as const;
      }),
    ),
  );
  rpcCalls += blockNumbers.length;
  const at = { blockNumber: toBlock };
  const [slot0, liquidity, token0, token1, totalSupply] = await Promise.all([
    client.readContract({ address: pool, abi: POOL_ABI, functionName: "slot0", ...at }),
    client.readContract({ address: pool, abi: POOL_ABI, functionName: "liquidity", ...at }),
    client.readContract({ address: pool, abi: POOL_ABI, functionName: "token0", ...at }),
    client.readContract({ address: pool, abi: POOL_ABI, functionName: "token1", ...at }),
    client.readContract({ address: token, abi: ERC20_ABI, functionName: "totalSupply", ...at }),
  ]);
  const [balance0, balance1] = await Promise.all(
    [token0, token1].map((asset) =>
      client.readContract({ address: asset, abi: ERC20_ABI, functionName: "balanceOf", args: [pool], ...at }),
    ),
  );
  rpcCalls += 7;
  // Who sent each swap's transaction: the trader, whichever router or recipient they named. One read per transaction.
  const swapTransactions = [...new Set(found.logs.filter((log) => log.eventName === "Swap").map((log) => log.transactionHash))];
  const senders = new Map(
    await Promise.all(swapTransactions.map(async (hash) => [hash, getAddress((await client.getTransaction({ hash })).from)] as const)),
  );
  rpcCalls += swapTransactions.length;

  const swaps: object[] = [];
  const changes: object[] = [];
  const transfers: object[] = [];
  for (const log of found.logs) {
    const block = blocks.get(log.blockNumber);
    if (!block || block.hash !== log.blockHash) return { ...summary, rpcCalls, logRange: found.range, skipped: { skip: "chain_moved" } };
    const located: Located = {
      block_number: log.blockNumber.toString(),
      block_hash: log.blockHash,
      block_time: block.time,
      tx_hash: log.transactionHash,
      log_index: log.logIndex,
    };
    const from = getAddress(log.address);
    if (log.eventName === "Transfer" && from === token) {
      const { from: sender, to, value } = log.args;
      transfers.push({
        ...located,
        from_address: getAddress(sender as Address),
        to_address: getAddress(to as Address),
        value: String(value),
      });
    } else if (log.eventName === "Swap" && from === pool) {
      const a = log.args;
      swaps.push({
        ...located,
        sender: getAddress(a.sender as Address),
        recipient: getAddress(a.recipient as Address),
        tx_from: senders.get(log.transactionHash),
        amount0: String(a.amount0),
        amount1: String(a.amount1),
        sqrt_price_x96: String(a.sqrtPriceX96),
        liquidity: String(a.liquidity),
        tick: a.tick,
      });
    } else if ((log.eventName === "Mint" || log.eventName === "Burn") && from === pool) {
      const a = log.args;
      changes.push({
        ...located,
        kind: log.eventName === "Mint" ? "mint" : "burn",
        owner: getAddress(a.owner as Address),
        tick_lower: a.tickLower,
        tick_upper: a.tickUpper,
        liquidity: String(a.amount),
        amount0: String(a.amount0),
        amount1: String(a.amount1),
      });
    }
  }
  const last = blocks.get(toBlock);
  if (!last) throw new Error(`block ${toBlock} was not read`);

  const now = clock.now();
  const saved = await db.transaction(async (tx) => {
    // One run at a time, whichever instance or operator starts it.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chain-index:${name}`}))`);
    const current = await readChainCursor(tx, "chain_index_state", name);
    if (current?.version !== read?.version) return null;

    const swapsGone = await queryRows<{ n: number }>(
      tx,
      sql`with gone as (delete from indexed_swaps where pool = ${pool} and block_number >= ${fromBlock} returning 1) select count(*)::int as n from gone`,
    );
    const changesGone = await queryRows<{ n: number }>(
      tx,
      sql`with gone as (delete from indexed_liquidity_changes where pool = ${pool} and block_number >= ${fromBlock} returning 1)
          select count(*)::int as n from gone`,
    );
    const transfersGone = await queryRows<{ from_address: string; to_address: string; value: string }>(
      tx,
      sql`delete from indexed_transfers where token = ${token} and block_number >= ${fromBlock} returning from_address, to_address, value::text`,
    );
    await tx.execute(sql`
      insert into indexed_swaps (pool, block_number, block_hash, block_time, tx_hash, log_index, sender, recipient, tx_from, amount0, amount1, sqrt_price_x96, liquidity, tick)
      select ${pool}, s.block_number, s.block_hash, s.block_time, s.tx_hash, s.log_index, s.sender, s.recipient, s.tx_from, s.amount0, s.amount1, s.sqrt_price_x96, s.liquidity, s.tick
        from jsonb_to_recordset(${JSON.stringify(swaps)}::jsonb) as s(block_number bigint, block_hash text, block_time timestamptz, tx_hash text,
             log_index int, sender text, recipient text, tx_from text, amount0 numeric, amount1 numeric, sqrt_price_x96 numeric, liquidity numeric, tick int)`);
    await tx.execute(sql`
      insert into indexed_liquidity_changes (pool, block_number, block_hash, block_time, tx_hash, log_index, kind, owner, tick_lower, tick_upper, liquidity, amount0, amount1)
      select ${pool}, c.block_number, c.block_hash, c.block_time, c.tx_hash, c.log_index, c.kind, c.owner, c.tick_lower, c.tick_upper, c.liquidity, c.amount0, c.amount1
        from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as c(block_number bigint, block_hash text, block_time timestamptz, tx_hash text,
             log_index int, kind text, owner text, tick_lower int, tick_upper int, liquidity numeric, amount0 numeric, amount1 numeric)`);
    await tx.execute(sql`
      insert into indexed_transfers (token, block_number, block_hash, block_time, tx_hash, log_index, from_address, to_address, value)
      select ${token}, t.block_number, t.block_hash, t.block_time, t.tx_hash, t.log_index, t.from_address, t.to_address, t.value
        from jsonb_to_recordset(${JSON.stringify(transfers)}::jsonb) as t(block_number bigint, block_hash text, block_time timestamptz, tx_hash text,
             log_index int, from_address text, to_address text, value numeric)`);

    const moves = balanceMoves(transfersGone, transfers as Array<{ from_address: string; to_address: string; value: string }>);
    if (moves.length > 0)
      await tx.execute(sql`
        insert into token_balances (token, holder, balance)
        select ${token}, m.holder, m.delta from jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) as m(holder text, delta numeric)
        on conflict (token, holder) do update set balance = token_balances.balance + excluded.balance`);

    await tx.execute(sql`
      insert into chain_index_state (name, last_block, last_block_hash, last_block_time, sqrt_price_x96, tick, liquidity,
                                     pool_balance0, pool_balance1, total_supply, updated_at)
      values (${name}, ${toBlock}, ${last.hash}, ${last.time}, ${slot0[0].toString()}, ${slot0[1]}, ${liquidity.toString()},
              ${balance0?.toString()}, ${balance1?.toString()}, ${totalSupply.toString()}, ${now})
      on conflict (name) do update set last_block = excluded.last_block, last_block_hash = excluded.last_block_hash,
        last_block_time = excluded.last_block_time, sqrt_price_x96 = excluded.sqrt_price_x96, tick = excluded.tick,
        liquidity = excluded.liquidity, pool_balance0 = excluded.pool_balance0, pool_balance1 = excluded.pool_balance1,
        total_supply = excluded.total_supply, updated_at = excluded.updated_at`);
    return { replaced: (swapsGone[0]?.n ?? 0) + (changesGone[0]?.n ?? 0) + transfersGone.length };
  });
  if (!saved) return { ...summary, rpcCalls, logRange: found.range, skipped: { skip: "overtaken" } };
  return {
    ...summary,
    logs: found.logs.length,
    swaps: swaps.length,
    transfers: transfers.length,
    replaced: saved.replaced,
    rpcCalls,
    logRange: found.range,
    skipped: null,
  };
}

/** Each holder's change: what the removed transfers had moved, undone, and what the new ones move. */
function balanceMoves(
  removed: Array<{ from_address: string; to_address: string; value: string }>,
  added: Array<{ from_address: string; to_address: string; value: string }>,
): Array<{ holder: string; delta: string }> {
  const deltas = new Map<string, bigint>();
  const move = (holder: string, amount: bigint) => deltas.set(holder, (deltas.get(holder) ?? 0n) + amount);
  for (const [transfers, sign] of [
    [removed, -1n],
    [added, 1n],
  ] as const) {
    for (const transfer of transfers) {
      const value = BigInt(transfer.value) * sign;
      move(transfer.from_address, -value);
      move(transfer.to_address, value);
    }
  }
  return [...deltas].filter(([, delta]) => delta !== 0n).map(([holder, delta]) => ({ holder, delta: delta.toString() }));
}
