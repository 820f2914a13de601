/**
 * The market route against the one-row SELECT floor of the same server
 * (goal: ≥ 0.8× with its cache), and the chain index's throughput in logs
 * per second over real Uniswap v3 on anvil, measured in the same run.
 *
 *   node --import tsx bench/market.ts [SECONDS] [SWAPS]
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fakeClock } from "../server/clock.ts";
import { openDatabase } from "../server/db/client.ts";
import { migrateDatabase } from "../server/db/migrate.ts";
import { indexChain } from "../server/services/chain-index/indexer.ts";
import { chainIndexClient } from "../server/services/chain-index/settings.ts";
import { startAnvil } from "../tests/support/local-chain.ts";
import { startServer } from "../tests/support/server-process.ts";
import { uniswapV3Market } from "../tests/support/uniswap-v3.ts";
import { median, wrk } from "./lib/wrk.ts";

const SECONDS = Number(process.argv[2] ?? 5);
const SWAPS = Number(process.argv[3] ?? 200);
const ROUNDS = 3;

const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), "bench-market-")), "pglite");
const server = await startServer(
  { PGLITE_DIR: dataDir, LOG_LEVEL: "warn", SESSION_SECRET: "bench-secret-0123456789abcdef0123456789" },
  { hooked: true },
);
const routeRps: number[] = [];
const floorRps: number[] = [];
try {
  const market = `${server.url}/api/market?app=kestrel`;
  const floor = `${server.url}/__e2e__/floor`;
  for (const url of [market, floor]) wrk({ url, seconds: 2 });
  for (let round = 0; round < ROUNDS; round++) {
    routeRps.push(wrk({ url: market, seconds: SECONDS }).rps);
    floorRps.push(wrk({ url: floor, seconds: SECONDS }).rps);
  }
} finally {
  await server.stop();
}
const ratio = median(routeRps) / median(floorRps);
console.log(`market route ${median(routeRps).toFixed(0)}/s, SELECT floor ${median(floorRps).toFixed(0)}/s: ${ratio.toFixed(2)}x`);

const anvil = await startAnvil();
try {
  const chain = await uniswapV3Market(anvil.rpcUrl);
  await chain.addLiquidity(8_000_000n * 10n ** 18n, 100_000n * 10n ** 6n);
  for (let index = 0; index < SWAPS; index++) {
    if (index % 2 === 0) await chain.buy(10n * 10n ** 6n);
    else await chain.sell(500n * 10n ** 18n);
  }
  const database = await openDatabase({
    driver: "pglite",
    dataDir: path.join(mkdtempSync(path.join(os.tmpdir(), "bench-index-")), "pglite"),
  });
  await migrateDatabase(database);
  const started = performance.now();
  const run = await indexChain({
    db: database.db,
    clock: fakeClock(),
    client: chainIndexClient(anvil.rpcUrl),
    pool: chain.pool,
    token: chain.token,
    startBlock: 0n,
    confirmations: 12,
    logRange: 2_000,
    blocksPerRun: 1_000_000,
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `indexed ${run.logs} logs over ${Number(run.toBlock) + 1} blocks in ${seconds.toFixed(2)} s: ${(run.logs / seconds).toFixed(0)} logs/s, ${run.rpcCalls} JSON-RPC calls`,
  );
  await database.close();
} finally {
  await anvil.stop();
}
