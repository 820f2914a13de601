import { type Address, createPublicClient, http, type PublicClient } from "viem";
import type { SiteConfig } from "../../../config/site.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import type { ServerEnv } from "../../env.ts";
import type { ChainIndexDeps } from "./indexer.ts";

/** Batched JSON-RPC keeps a run's block-header reads to a few round trips; a refused range is not retried as it is, but halved. */
export function chainIndexClient(rpcUrl: string): PublicClient {
  return createPublicClient({ transport: http(rpcUrl, { batch: { batchSize: 100 }, retryCount: 1, timeout: 20_000 }) });
}

/** The index's settings from the environment; null without a node (the demo). */
export function chainIndexDepsFrom(env: ServerEnv, site: SiteConfig, { db, clock }: { db: Database; clock: Clock }): ChainIndexDeps | null {
  if (!env.CHAIN_INDEX_RPC_URL) return null;
  return {
    db,
    clock,
    client: chainIndexClient(env.CHAIN_INDEX_RPC_URL),
    pool: site.dex.poolAddress as Address,
    token: site.token.address as Address,
    startBlock: env.CHAIN_INDEX_START_BLOCK,
    confirmations: env.CHAIN_INDEX_CONFIRMATIONS,
    logRange: env.CHAIN_INDEX_LOG_RANGE,
    blocksPerRun: env.CHAIN_INDEX_BLOCKS_PER_RUN,
  };
}
