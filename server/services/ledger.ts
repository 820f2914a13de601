import { desc, eq, sql } from "drizzle-orm";
import type { AdjustmentRefusal } from "../../common/api/admin.ts";
import { LARGEST_BALANCE } from "../../common/api/payouts.ts";
import type { Clock } from "../clock.ts";
import { type Database, queryRows } from "../db/client.ts";
import { ledgerEntries } from "../db/schema.ts";

export type Adjustment = { userId: number; tokens: bigint; direction: "credit" | "debit"; reason: string };
export type AdjustmentResult = { ok: true; balance: bigint } | ({ ok: false } & AdjustmentRefusal);

/**
 * An operator's credit or debit: a ledger entry and the balance change in one
 * statement, never a direct balance edit. A debit never takes a balance below zero.
 */
export async function postAdjustment({ db, clock }: { db: Database; clock: Clock }, adjustment: Adjustment): Promise<AdjustmentResult> {
  if (adjustment.tokens <= 0n) return { ok: false, refusal: "amount_not_positive" };
  if (!adjustment.reason.trim()) return { ok: false, refusal: "adjustment_without_reason" };
  if (adjustment.tokens > LARGEST_BALANCE) return { ok: false, refusal: "beyond_the_ledger" };
  const signed = adjustment.direction === "credit" ? adjustment.tokens : -adjustment.tokens;
  const kind = adjustment.direction === "credit" ? "admin_credit" : "admin_debit";
  const [row] = await queryRows<{ balance: string | null }>(
    db,
    sql`
      with updated as (
        update users set balance = balance + ${signed}
         where id = ${adjustment.userId} and deleted_at is null and balance::numeric + ${signed} between 0 and ${LARGEST_BALANCE}
        returning id, balance
      ), entry as (
        insert into ledger_entries (user_id, kind, amount, created_at, reason)
        select id, ${kind}, ${signed}, ${clock.now()}, ${adjustment.reason.trim()} from updated
        returning id
      )
      select (select balance::text from updated) as balance`,
  );
  if (!row?.balance) return { ok: false, refusal: "adjustment_not_applied", direction: adjustment.direction };
  return { ok: true, balance: BigInt(row.balance) };
}

export async function ledgerFor(db: Database, userId: number, limit = 100) {
  return db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(limit);
}
