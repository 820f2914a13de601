import { sql } from "drizzle-orm";
import { type Address, getAddress, type PublicClient } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../server/db/client.ts";
import { type ChainIndexDeps, indexChain } from "../../server/services/chain-index/indexer.ts";
import { chainIndexClient } from "../../server/services/chain-index/settings.ts";
import { useTestApp } from "../helpers/test-app.ts";
import { startAnvil } from "../support/local-chain.ts";
import { narrowLogsNode } from "../support/narrow-logs-node.ts";
import { type UniswapV3Market, uniswapV3Market } from "../support/uniswap-v3.ts";

const TOKENS = 10n ** 18n;
const USDC = 10n ** 6n;
const CONFIRMATIONS = 6;

const someone = () => privateKeyToAccount(generatePrivateKey()).address;

describe("the chain index on real Uniswap v3 contracts (anvil)", () => {
  const t = useTestApp();
  let anvil: Awaited<ReturnType<typeof startAnvil>>;
  let market: UniswapV3Market;
  const alice = someone();
  const bob = someone();

  beforeAll(async () => {
    anvil = await startAnvil();
    market = await uniswapV3Market(anvil.rpcUrl);
    await market.addLiquidity(8_000_000n * TOKENS, 100_000n * USDC);
    await market.buy(500n * USDC, alice);
    await market.sell(20_000n * TOKENS);
    await market.transfer(market.deployer, bob, 1_000n * TOKENS);
    await market.transfer(alice, bob, 10n * TOKENS);
  });
  afterAll(() => anvil?.stop());

  const deps = (overrides: Partial<ChainIndexDeps> = {}): ChainIndexDeps => ({
    db: t.database.db,
    clock: t.clock,
    client: chainIndexClient(anvil.rpcUrl),
    pool: market.pool,
    token: market.token,
    startBlock: 0n,
    confirmations: CONFIRMATIONS,
    logRange: 1_000,
    blocksPerRun: 10_000,
    ...overrides,
  });

  const count = async (table: "indexed_swaps" | "indexed_transfers" | "indexed_liquidity_changes") =>
    Number((await queryRows<{ n: string }>(t.database.db, sql`select count(*)::text as n from ${sql.raw(table)}`))[0]?.n);

  async function balances(): Promise<Map<string, bigint>> {
    const rows = await queryRows<{ holder: string; balance: string }>(
      t.database.db,
      sql`select holder, balance::text from token_balances where token = ${market.token} and balance <> 0`,
    );
    return new Map(rows.map((row) => [row.holder, BigInt(row.balance)]));
  }

  /** Every holder's balance as the token contract answers it, for the addresses the index says hold some. */
  async function expectBalancesMatchTheChain() {
    const indexed = await balances();
    for (const [holder, balance] of indexed) {
      if (holder === "0x0000000000000000000000000000000000000000") continue;
      expect({ holder, balance }).toEqual({ holder, balance: await market.balanceOf(market.token, holder as Address) });
    }
    for (const holder of [market.deployer, market.pool, alice, bob])
      expect(indexed.get(holder) ?? 0n).toBe(await market.balanceOf(market.token, holder));
  }

  async function state() {
    const [row] = await queryRows<{
      last_block: string;
      sqrt_price_x96: string;
      total_supply: string;
      pool_balance0: string;
      pool_balance1: string;
    }>(
      t.database.db,
      sql`select last_block::text, sqrt_price_x96::text, total_supply::text, pool_balance0::text, pool_balance1::text from chain_index_state`,
    );
    return row;
  }

  it("stores each swap, liquidity change and transfer once, and balances equal the token's", async () => {
    const first = await indexChain(deps());
    expect(first.skipped).toBeNull();
    expect(first.swaps).toBe(2);
    expect(await count("indexed_swaps")).toBe(2);
    expect(await count("indexed_liquidity_changes")).toBe(1);
    await expectBalancesMatchTheChain();
    // The buy was sent by the deployer through the router for alice: the transaction's sender is kept beside the recipient.
    const traders = await queryRows<{ recipient: string; tx_from: string }>(
      t.database.db,
      sql`select recipient, tx_from from indexed_swaps order by block_number, log_index`,
    );
    expect(traders).toEqual([
      { recipient: alice, tx_from: market.deployer },
      { recipient: market.deployer, tx_from: market.deployer },
    ]);

    const [last] = await queryRows<{ sqrt_price_x96: string; amount0: string; amount1: string; recipient: string }>(
      t.database.db,
      sql`select sqrt_price_x96::text, amount0::text, amount1::text, recipient from indexed_swaps order by block_number desc, log_index desc limit 1`,
    );
    const slot0 = await market.slot0();
    expect(BigInt(last?.sqrt_price_x96 ?? 0)).toBe(slot0.sqrtPriceX96);
    // The sell: the pool took 20,000 tokens in.
    expect(BigInt(market.tokenIsToken0 ? (last?.amount0 ?? 0) : (last?.amount1 ?? 0))).toBe(20_000n * TOKENS);
    const head = await market.client.getBlockNumber({ cacheTime: 0 });
    const row = await state();
    expect(BigInt(row?.last_block ?? 0)).toBe(head);
    expect(BigInt(row?.sqrt_price_x96 ?? 0)).toBe(slot0.sqrtPriceX96);
    expect(BigInt(row?.total_supply ?? 0)).toBe(await market.totalSupply());
    const [pool0, pool1] = market.tokenIsToken0 ? [market.token, market.usdc] : [market.usdc, market.token];
    expect(BigInt(row?.pool_balance0 ?? 0)).toBe(await market.balanceOf(pool0, market.pool));
    expect(BigInt(row?.pool_balance1 ?? 0)).toBe(await market.balanceOf(pool1, market.pool));

    // A second run reads the provisional blocks again and replaces them: nothing is there twice.
    await market.buy(100n * USDC, bob);
    const second = await indexChain(deps());
    expect(second.skipped).toBeNull();
    expect(second.replaced).toBeGreaterThan(0);
    expect(await count("indexed_swaps")).toBe(3);
    await expectBalancesMatchTheChain();
  });

  it("follows a reorg: the figures are the new chain's, and nothing is counted twice", async () => {
    await indexChain(deps());
    const snapshot = await market.test.snapshot();
    const swapsBefore = await count("indexed_swaps");
    const carol = someone();
    await market.buy(300n * USDC, carol);
    await market.transfer(carol, alice, 1n * TOKENS);
    await indexChain(deps());
    expect(await count("indexed_swaps")).toBe(swapsBefore + 1);
    expect((await balances()).get(carol)).toBeGreaterThan(0n);

    await market.test.revert({ id: snapshot });
    const dave = someone();
    await market.sell(5_000n * TOKENS, dave);
    await market.sell(1_000n * TOKENS, dave);
    await market.transfer(market.deployer, dave, 7n * TOKENS);
    await market.test.mine({ blocks: 2 });
    const run = await indexChain(deps());
    expect(run.skipped).toBeNull();
    expect(await count("indexed_swaps")).toBe(swapsBefore + 2);
    const indexed = await balances();
    expect(indexed.get(carol)).toBeUndefined();
    await expectBalancesMatchTheChain();
    expect(BigInt((await state())?.sqrt_price_x96 ?? 0)).toBe((await market.slot0()).sqrtPriceX96);
    const [duplicates] = await queryRows<{ n: string }>(
      t.database.db,
      sql`select count(*)::text as n from (select tx_hash, log_index from indexed_transfers group by 1, 2 having count(*) > 1) d`,
    );
    expect(duplicates?.n).toBe("0");
  });

  it("reads in narrower ranges when the node refuses wide eth_getLogs calls", async () => {
    const node = await narrowLogsNode(anvil.rpcUrl, 3);
    try {
      await t.database.db.execute(
        sql`truncate chain_index_state, indexed_swaps, indexed_transfers, indexed_liquidity_changes, token_balances`,
      );
      const run = await indexChain(deps({ client: chainIndexClient(node.rpcUrl), logRange: 20 }));
      expect(run.skipped).toBeNull();
      expect(node.refused()).toBeGreaterThan(0);
      expect(run.logRange).toBeLessThanOrEqual(3);
      expect(Math.max(...node.answered())).toBeLessThanOrEqual(3);
      const head = await market.client.getBlockNumber({ cacheTime: 0 });
      expect(node.answered().reduce((sum, width) => sum + width, 0)).toBe(Number(head) + 1);
      await expectBalancesMatchTheChain();
    } finally {
      await node.stop();
    }
  });

  it("changes nothing when the node's head is behind the cursor", async () => {
    await market.buy(50n * USDC);
    await indexChain(deps());
    const before = { state: await state(), swaps: await count("indexed_swaps"), balances: await balances() };
    const node = chainIndexClient(anvil.rpcUrl);
    const lagging: PublicClient = { ...node, getBlockNumber: async (args) => (await node.getBlockNumber(args)) - 3n };
    const run = await indexChain(deps({ client: lagging }));
    const lastBlock = BigInt(before.state?.last_block ?? 0);
    expect(run.skipped).toEqual({ skip: "node_behind", head: String(lastBlock - 3n), cursor: String(lastBlock) });
    expect(await state()).toEqual(before.state);
    expect(await count("indexed_swaps")).toBe(before.swaps);
    expect(await balances()).toEqual(before.balances);
  });

  it("keeps each log once when two runs race: the later reading is dropped", async () => {
    await market.buy(10n * USDC);
    const [a, b] = await Promise.all([indexChain(deps()), indexChain(deps())]);
    expect([a.skipped, b.skipped].filter((skipped) => skipped === null).length).toBeGreaterThanOrEqual(1);
    const [duplicates] = await queryRows<{ n: string }>(
      t.database.db,
      sql`select count(*)::text as n from (select tx_hash, log_index from indexed_swaps group by 1, 2 having count(*) > 1) d`,
    );
    expect(duplicates?.n).toBe("0");
    await expectBalancesMatchTheChain();
    expect(getAddress(market.pool)).toBe(market.pool);
  });
});
