import type { Address } from "viem";
import type { SiteConfig } from "../../../config/site.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import type { ServerEnv } from "../../env.ts";
import { payoutPublicClient } from "./chain.ts";
import type { ReconcileDeps } from "./reconcile.ts";

/** Reconciliation's settings from the environment; null when no node or treasury is configured. */
export function reconcileDepsFrom(env: ServerEnv, site: SiteConfig, { db, clock }: { db: Database; clock: Clock }): ReconcileDeps | null {
  if (!env.PAYOUT_RPC_URL || !env.PAYOUT_TREASURY_ADDRESS) return null;
  return {
    db,
    clock,
    client: payoutPublicClient(env.PAYOUT_RPC_URL),
    token: site.token.address as Address,
    treasury: env.PAYOUT_TREASURY_ADDRESS as Address,
    decimals: site.token.decimals,
    confirmations: env.PAYOUT_CONFIRMATIONS,
    startBlock: env.PAYOUT_START_BLOCK,
    logRange: env.PAYOUT_LOG_RANGE,
  };
}
