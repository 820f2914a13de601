import { sql } from "drizzle-orm";
import { type Address, BaseError, ContractFunctionExecutionError, parseAbi } from "viem";
import type { ConsoleRefusal } from "../../../common/api/admin.ts";
import type { PayoutRefusal } from "../../../common/api/payouts.ts";
import type { SiteConfig } from "../../../config/site.ts";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";
import { type Actor, recordAudit } from "../audit.ts";
import { batchExists, payoutsOwedByBatch } from "./batches.ts";
import { type ReconcileDeps, reconcileTransfers } from "./reconcile.ts";
import { type SafeBatchFile, safeBatchFile } from "./safe-export.ts";

const SAFE_NONCE_ABI = parseAbi(["function nonce() view returns (uint256)"]);

export type SafeFileResult = { ok: true; file: SafeBatchFile } | ({ ok: false } & ConsoleRefusal);

/**
 * The Safe file of what a batch still owes, noting the first time one left the
 * server: from then on a signed Safe transaction may pay those payouts, and
 * returning one of them needs the chain's word (`proveSafeCannotPay`). With a
 * node, the first hand-out also notes the Safe's nonce at a settled block: a
 * transaction made from the file cannot use a lower one. A node that does not
 * answer leaves it unknown rather than keeping the file from the operator.
 */
export async function handOutSafeFile(
  { db, clock, site, treasury, chain }: { db: Database; clock: Clock; site: SiteConfig; treasury: Address; chain: ReconcileDeps | null },
  actor: Actor,
  batchId: number,
): Promise<SafeFileResult> {
  const now = clock.now();
  const payouts = await payoutsOwedByBatch(db, batchId);
  if (payouts.length === 0) {
    if (!(await batchExists(db, batchId))) return { ok: false, refusal: "unknown_batch" };
    return { ok: false, refusal: "nothing_owed", batchId };
  }
  // Only the first hand-out reads the chain: a later one may not move the nonce, so it has nothing to ask the node.
  // The first hand-out is a money move (a signed Safe transaction may pay from then on): audited with the mark, in one transaction.
  const first = await db.transaction(async (tx) => {
    const [marked] = await queryRows<{ id: number }>(
      tx,
      sql`update payout_batches set safe_file_at = ${now} where id = ${batchId} and safe_file_at is null returning id`,
    );
    if (marked)
      await recordAudit(tx, clock, actor, {
        action: "payouts.safe_file",
        subject: `batch:${batchId}`,
        after: { payouts: payouts.map((payout) => payout.id), treasury },
        reason: "first Safe file of the batch handed out",
      });
    return marked;
  });
  const nonceAtFile = first && chain ? await settledSafeNonceOrNull(chain) : null;
  if (nonceAtFile !== null) await db.execute(sql`update payout_batches set safe_nonce_at_file = ${nonceAtFile} where id = ${batchId}`);
  return { ok: true, file: safeBatchFile({ site, treasury, now }, batchId, payouts) };
}

/** The Safe's nonce at the block `confirmations` below `head`: what no reorg the payouts' confirmations allow can undo. */
function settledSafeNonce({ client, treasury, confirmations }: ReconcileDeps, head: bigint): Promise<bigint> {
  const settledBlock = head - BigInt(confirmations) + 1n;
  if (settledBlock < 0n) return Promise.resolve(0n);
  return client.readContract({ address: treasury, abi: SAFE_NONCE_ABI, functionName: "nonce", blockNumber: settledBlock });
}

async function settledSafeNonceOrNull(chain: ReconcileDeps): Promise<bigint | null> {
  try {
    if (!(await chain.client.getCode({ address: chain.treasury }))) return null;
    return await settledSafeNonce(chain, await chain.client.getBlockNumber({ cacheTime: 0 }));
  } catch (error) {
    if (error instanceof BaseError) return null;
    throw error;
  }
}

export type SafeProof = { ok: true } | ({ ok: false } & PayoutRefusal);

/**
 * Whether a payout may go back to the member's balance without the risk that
 * its batch's Safe transaction pays it too. Nothing to prove unless it is
 * `batched`, unsigned by the hot wallet, and its batch's Safe file left the
 * server. Then the operator names the Safe nonce of the transaction that
 * would pay it, and the chain must show that nonce used at a block with the
 * confirmations reconciliation asks for, and reconciliation, run here up to a
 * head at or past that block, must have left the payout unpaid: whichever
 * Safe transaction used the nonce executed by then, and did not pay it.
 * A treasury with no code is not a Safe, so no Safe transaction can pay from it.
 */
export async function proveSafeCannotPay(
  { db, chain }: { db: Database; chain: ReconcileDeps | null },
  payoutId: number,
  safeNonce: bigint | undefined,
): Promise<SafeProof> {
  const [row] = await queryRows<{
    status: string;
    signed: boolean;
    batch_id: number | null;
    safe_file_at: Date | null;
    safe_nonce_at_file: string | null;
  }>(
    db,
    sql`select p.status, p.signed_tx is not null as signed, p.batch_id, b.safe_file_at, b.safe_nonce_at_file::text
          from payouts p left join payout_batches b on b.id = p.batch_id where p.id = ${payoutId}`,
  );
  // The return itself refuses a payout that does not exist or is past returning.
  if (row?.status !== "batched" || row.signed || row.batch_id === null || row.safe_file_at === null) return { ok: true };
  if (!chain) return { ok: false, refusal: "no_node" };
  const { client, treasury, confirmations } = chain;
  if (!(await client.getCode({ address: treasury }))) return { ok: true };
  if (safeNonce === undefined) return { ok: false, refusal: "safe_nonce_needed", batchId: row.batch_id };
  if (row.safe_nonce_at_file !== null && safeNonce < BigInt(row.safe_nonce_at_file))
    return {
      ok: false,
      refusal: "safe_nonce_before_file",
      nonce: safeNonce,
      batchId: row.batch_id,
      nonceAtFile: BigInt(row.safe_nonce_at_file),
    };

  const reconciled = await reconcileTransfers(chain);
  if (reconciled.skipped) return { ok: false, refusal: "chain_unread", skipped: reconciled.skipped };
  let used: bigint;
  try {
    used = await settledSafeNonce(chain, BigInt(reconciled.toBlock));
  } catch (error) {
    if (!(error instanceof ContractFunctionExecutionError)) throw error;
    return { ok: false, refusal: "safe_nonce_unread", treasury, cause: error.shortMessage };
  }
  if (used <= safeNonce) return { ok: false, refusal: "safe_nonce_unused", nonce: safeNonce, treasury, confirmations };
  // Reconciliation settles a payout the Safe transaction paid; the return's own update then finds it no longer batched.
  return { ok: true };
}
