import { sql } from "drizzle-orm";
import type { Address, Hex } from "viem";
import type { ConsoleRefusal } from "../../../common/api/admin.ts";
import { type Database, queryRows } from "../../db/client.ts";
import { type Actor, recordAudit } from "../audit.ts";
import { receiptOrNull } from "./chain.ts";
import type { ReconcileDeps } from "./reconcile.ts";

export type DeadTransaction = { payoutId: number; sender: Address; nonce: number; hash: Hex };
/** A dead transaction found (or voided), or why not. */
export type DeadTransactionCheck = { ok: true; dead: DeadTransaction } | ({ ok: false } & ConsoleRefusal);

/**
 * Proves from the chain that the hot-wallet transaction stored for a payout
 * can never be mined: the wallet's nonce it was signed with is used, in a
 * block with the confirmations reconciliation asks for, and that block's
 * transaction is not this one (no receipt). A manual transaction from the
 * wallet takes a stored nonce this way, and the payout would otherwise stay
 * in its batch for good, rebroadcast in vain by every send.
 */
export async function findDeadTransaction(
  { db, client, confirmations }: Pick<ReconcileDeps, "db" | "client" | "confirmations">,
  payoutId: number,
): Promise<DeadTransactionCheck> {
  const [row] = await queryRows<{
    status: string;
    sender_address: Address | null;
    sender_nonce: number | null;
    signed_tx_hash: Hex | null;
  }>(db, sql`select status, sender_address, sender_nonce, signed_tx_hash from payouts where id = ${payoutId}`);
  if (!row) return { ok: false, refusal: "unknown_transfer" };
  const { sender_address: sender, sender_nonce: nonce, signed_tx_hash: hash } = row;
  if (row.status !== "batched" || sender === null || nonce === null || hash === null)
    return { ok: false, refusal: "no_waiting_transaction", payoutId };

  // The nonce first: once it is used at a settled block, whichever transaction used it is mined, so the receipt
  // read after it cannot miss this one landing in between.
  const settledBlock = (await client.getBlockNumber({ cacheTime: 0 })) - BigInt(confirmations) + 1n;
  const used = settledBlock < 0n ? 0 : await client.getTransactionCount({ address: sender, blockNumber: settledBlock });
  if (used <= nonce) return { ok: false, refusal: "nonce_not_settled", nonce, sender, confirmations, hash };
  const receipt = await receiptOrNull(client, hash);
  if (receipt) return { ok: false, refusal: "already_mined", hash, blockNumber: receipt.blockNumber };
  return { ok: true, dead: { payoutId, sender, nonce, hash } };
}

/**
 * Forgets the dead transaction, so the next send of the batch signs the payout
 * again with a new nonce. Only the transaction that was checked is cleared: a
 * payout signed or settled since is left alone (false).
 */
export async function clearDeadTransaction(db: Database, dead: DeadTransaction): Promise<boolean> {
  const cleared = await queryRows<{ id: string }>(
    db,
    sql`update payouts set sender_address = null, sender_nonce = null, signed_tx = null, signed_tx_hash = null
         where id = ${dead.payoutId} and status = 'batched' and signed_tx_hash = ${dead.hash}
        returning id::text`,
  );
  return cleared.length === 1;
}

/** Checks the chain, then forgets the dead transaction and writes who did it and why, in one transaction. */
export async function voidDeadTransaction(
  deps: Pick<ReconcileDeps, "db" | "clock" | "client" | "confirmations">,
  payoutId: number,
  { actor, reason }: { actor: Actor; reason: string },
): Promise<DeadTransactionCheck> {
  const check = await findDeadTransaction(deps, payoutId);
  if (!check.ok) return check;
  const { dead } = check;
  const cleared = await deps.db.transaction(async (tx) => {
    if (!(await clearDeadTransaction(tx, dead))) return false;
    await recordAudit(tx, deps.clock, actor, {
      action: "payouts.void_transaction",
      subject: `payout:${payoutId}`,
      before: { sender: dead.sender, nonce: dead.nonce, transaction: dead.hash },
      reason,
    });
    return true;
  });
  if (!cleared) return { ok: false, refusal: "settled_meanwhile", payoutId };
  return { ok: true, dead };
}
