import { reconcileSkippedText } from "../../../common/api/payouts.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import { type Actor, recordAudit } from "../audit.ts";
import { type Adjustment, type AdjustmentResult, postAdjustment } from "../ledger.ts";
import { type BatchLimits, createBatch } from "../payouts/batches.ts";
import { type ReconcileDeps, type ReconcileSummary, reconcileTransfers } from "../payouts/reconcile.ts";
import { type CloseResult, returnPayout } from "../payouts/requests.ts";
import { proveSafeCannotPay } from "../payouts/safe-file.ts";
import { type SenderDeps, type SendSummary, sendBatch } from "../payouts/sender.ts";
import { findUserById } from "../users.ts";

type Deps = { db: Database; clock: Clock };

/**
 * A staff member's credit or debit, from the console or the shell: the ledger
 * entry and its audit row in one transaction, so neither exists without the other.
 */
export function adjustBalanceAsStaff({ db, clock }: Deps, actor: Actor, adjustment: Adjustment): Promise<AdjustmentResult> {
  return db.transaction(async (tx) => {
    const before = await findUserById(tx, adjustment.userId);
    const adjusted = await postAdjustment({ db: tx, clock }, adjustment);
    if (adjusted.ok)
      await recordAudit(tx, clock, actor, {
        action: `balance.${adjustment.direction}`,
        subject: `user:${adjustment.userId}`,
        before: { balance: before?.balance },
        after: { balance: adjusted.balance, tokens: adjustment.tokens.toString() },
        reason: adjustment.reason,
      });
    return adjusted;
  });
}

/**
 * A staff member gives an unpaid payout back to the member's balance, with its
 * audit row, from the console or the shell; from a batch whose Safe file was
 * downloaded, only once the chain shows the Safe nonce named can no longer pay it.
 */
export async function returnPayoutAsStaff(
  { db, clock, chain }: Deps & { chain: ReconcileDeps | null },
  actor: Actor,
  payoutId: number,
  { reason, safeNonce }: { reason: string; safeNonce?: bigint },
): Promise<CloseResult> {
  if (!reason.trim()) return { ok: false, refusal: "reason_required" };
  const proof = await proveSafeCannotPay({ db, chain }, payoutId, safeNonce);
  if (!proof.ok) return proof;
  return db.transaction(async (tx) => {
    const returned = await returnPayout({ db: tx, clock }, payoutId, reason);
    if (returned.ok)
      await recordAudit(tx, clock, actor, {
        action: "payouts.return",
        subject: `payout:${payoutId}`,
        after: { status: "returned", member_balance: returned.balance, ...(safeNonce === undefined ? {} : { safe_nonce: safeNonce }) },
        reason,
      });
    return returned;
  });
}

/** A staff member freezes requested payouts into a batch, with its audit row, from the console or the shell. */
export function batchPayoutsAsStaff({ db, clock }: Deps, actor: Actor, limits: BatchLimits, reason: string) {
  return db.transaction(async (tx) => {
    const made = await createBatch({ db: tx, clock }, limits);
    if (made)
      await recordAudit(tx, clock, actor, {
        action: "payouts.batch",
        subject: `batch:${made.batchId}`,
        after: { payouts: made.payouts.map((payout) => payout.id), total: made.total },
        reason,
      });
    return made;
  });
}

/**
 * A staff member pays a batch from the hot wallet, from the console or the shell.
 * The intent is written before anything is signed: a crash mid-send still leaves who started it and why.
 */
export async function sendBatchAsStaff(deps: SenderDeps, actor: Actor, batchId: number, reason: string): Promise<SendSummary> {
  await recordAudit(deps.db, deps.clock, actor, {
    action: "payouts.send",
    subject: `batch:${batchId}`,
    after: { sender: deps.account.address, fee_cap_gwei: deps.maxFeeGwei },
    reason,
  });
  return sendBatch(deps, batchId, { dryRun: false });
}

/**
 * A staff member reads the chain for the batches' transfers now, from the console:
 * reconciliation writes as it reads, so its audit row follows with what it found.
 */
export async function reconcileAsStaff(chain: ReconcileDeps, actor: Actor, reason: string): Promise<ReconcileSummary> {
  const summary = await reconcileTransfers(chain);
  const { matched, confirmed, reverted, alerts, skipped, fromBlock, toBlock } = summary;
  await recordAudit(chain.db, chain.clock, actor, {
    action: "payouts.reconcile",
    subject: "chain",
    after: {
      matched,
      confirmed,
      reverted,
      alerts,
      // The audit log keeps the words the operator was shown, as it did before reconciliation answered codes.
      skipped: skipped && reconcileSkippedText(skipped),
      from_block: fromBlock,
      to_block: toBlock,
    },
    reason,
  });
  return summary;
}
