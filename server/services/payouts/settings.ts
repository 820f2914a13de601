import { type Address, defineChain, getAddress } from "viem";
import type { SiteConfig } from "../../../config/site.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import type { ServerEnv } from "../../env.ts";
import { payoutPublicClient } from "./chain.ts";
import type { ReconcileDeps } from "./reconcile.ts";
import type { SenderDeps } from "./sender.ts";
import { loadSenderAccount } from "./sender-key.ts";
import { SenderRefused } from "./sender-refused.ts";

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

/**
 * The hot wallet's settings from the environment, after checking the wallet is
 * the treasury (reconciliation reads only the treasury's transfers, so a payout
 * sent from another wallet would never count as paid) and the node is on the
 * token's chain. Throws SenderRefused (no node, no usable key, another
 * treasury or chain): the operator's to fix, with its words shown.
 */
export async function senderDepsFrom(
  env: ServerEnv,
  site: SiteConfig,
  { db, clock, report }: { db: Database; clock: Clock; report: SenderDeps["report"] },
): Promise<SenderDeps> {
  if (!env.PAYOUT_RPC_URL) throw new SenderRefused({ refusal: "no_sender_node" });
  const account = loadSenderAccount(env);
  if (!env.PAYOUT_TREASURY_ADDRESS || getAddress(env.PAYOUT_TREASURY_ADDRESS) !== getAddress(account.address))
    throw new SenderRefused({ refusal: "treasury_not_sender", wallet: account.address });
  const client = payoutPublicClient(env.PAYOUT_RPC_URL);
  const chainId = await client.getChainId();
  if (chainId !== site.token.chainId)
    throw new SenderRefused({ refusal: "wrong_chain", nodeChain: chainId, tokenChain: site.token.chainId });
  return {
    db,
    clock,
    client,
    account,
    chain: defineChain({
      id: chainId,
      name: site.token.chainName,
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [env.PAYOUT_RPC_URL] } },
    }),
    token: site.token.address as Address,
    decimals: site.token.decimals,
    maxFeeGwei: env.PAYOUT_MAX_FEE_GWEI,
    maxBatchTokens: env.PAYOUT_MAX_BATCH_TOKENS,
    report,
  };
}
