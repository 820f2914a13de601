import { sql } from "drizzle-orm";
import type { PayoutRefusal } from "../../../common/api/payouts.ts";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { OPEN_REQUEST_STATUSES, type PayoutStatus, statusList } from "../../db/schema.ts";
import { notePayoutSignals } from "../fairness/payout-signals.ts";

export type PayoutRow = {
  id: number;
  userId: number;
  amount: bigint;
  address: string;
  status: PayoutStatus;
  requestedAt: Date;
  batchId: number | null;
  txHash: string | null;
  closeReason: string | null;
};

/** A payouts row as PAYOUT_COLUMNS selects it: int8 id and amount as their decimal text. */
export type RawPayout = {
  id: string;
  user_id: number;
  amount: string;
  address: string;
  status: PayoutStatus;
  requested_at: Date;
  batch_id: number | null;
  tx_hash: string | null;
  close_reason: string | null;
};

export function toPayoutRow(raw: RawPayout): PayoutRow {
  return {
    id: Number(raw.id),
    userId: raw.user_id,
    amount: BigInt(raw.amount),
    address: raw.address,
    status: raw.status,
    requestedAt: raw.requested_at,
    batchId: raw.batch_id,
    txHash: raw.tx_hash,
    closeReason: raw.close_reason,
  };
}

export const PAYOUT_COLUMNS = sql.raw(
  "p.id, p.user_id, p.amount::text as amount, p.address, p.status, p.requested_at, p.batch_id, p.tx_hash, p.close_reason",
);

export type RequestResult = { ok: true; payout: PayoutRow } | ({ ok: false } & PayoutRefusal);

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One statement holds the amount (a ledger debit and the balance change) and
 * inserts the payout to the member's verified address. It locks the member's
 * row first and reads it as locked, so an account deleted meanwhile (its
 * wallet erased) is seen deleted, never half-read. The balance check, the
 * verified address, the account's age and "one open request" are conditions
 * of that statement; the partial unique index on open requests is the second
 * guard. An account with open risk signals gets its payout `in_review`, with
 * the case opened in the same statement.
 */
export async function requestPayout(
  { db, clock, minimum, minAccountAgeDays }: { db: Database; clock: Clock; minimum: bigint; minAccountAgeDays: number },
  userId: number,
  amount: bigint,
): Promise<RequestResult> {
  if (amount < minimum) return { ok: false, refusal: "below_minimum", minimum };
  await notePayoutSignals({ db, clock }, userId);
  const now = clock.now();
  const bornBefore = new Date(now.getTime() - minAccountAgeDays * DAY_MS);
  try {
    const [row] = await queryRows<RawPayout & { refusal: string | null }>(
      db,
      sql`
        with member as (
          select id, balance, wallet_address, wallet_verified_at, email_verified_at, created_at, frozen_at,
                 exists (select 1 from payouts where user_id = ${userId} and status in ${statusList(OPEN_REQUEST_STATUSES)}) as has_open,
                 exists (select 1 from risk_signals where user_id = ${userId} and cleared_at is null) as flagged
            from users where id = ${userId} and deleted_at is null
             for update
        ), held as (
          update users u set balance = u.balance - ${amount}
            from member m
           where u.id = m.id and m.frozen_at is null and m.wallet_verified_at is not null and m.wallet_address is not null
             and m.email_verified_at is not null and m.created_at <= ${bornBefore}
             and not m.has_open and u.balance >= ${amount}
          returning u.id, u.wallet_address, m.flagged
        ), payout as (
          insert into payouts (user_id, amount, address, status, requested_at)
          select id, ${amount}, wallet_address, case when flagged then 'in_review' else 'requested' end, ${now} from held
          returning *
        ), review as (
          insert into payout_reviews (payout_id, signals, opened_at)
          select p.id,
                 (select coalesce(json_agg(json_build_object('kind', kind, 'details', details) order by id), '[]'::json)::text
                    from risk_signals where user_id = ${userId} and cleared_at is null),
                 ${now}
            from payout p where p.status = 'in_review'
          returning payout_id
        ), opened as (
          insert into review_events (payout_id, kind, actor, created_at)
          select payout_id, 'opened', 'risk signals', ${now} from review
          returning id
        ), entry as (
          insert into ledger_entries (user_id, kind, amount, created_at, payout_id)
          select user_id, 'payout_hold', -amount, ${now}, id from payout
          returning id
        )
        select p.id, p.user_id, p.amount::text as amount, p.address, p.status, p.requested_at, p.batch_id, p.tx_hash, p.close_reason,
               case when p.id is not null then null
                    when m.frozen_at is not null then 'account_frozen'
                    when m.wallet_verified_at is null then 'not_verified'
                    when m.email_verified_at is null then 'email_not_verified'
                    when m.created_at > ${bornBefore} then 'too_new'
                    when m.has_open then 'open'
                    else 'balance' end as refusal
          from member m left join payout p on true`,
    );
    if (!row) return { ok: false, refusal: "account_deleted" };
    if (row.refusal === "account_frozen") return { ok: false, refusal: "account_frozen" };
    if (row.refusal === "not_verified") return { ok: false, refusal: "not_verified" };
    if (row.refusal === "email_not_verified") return { ok: false, refusal: "email_not_verified" };
    if (row.refusal === "too_new") {
      const [member] = await queryRows<{ created_at: Date }>(db, sql`select created_at from users where id = ${userId}`);
      const opensAt = new Date((member?.created_at ?? now).getTime() + minAccountAgeDays * DAY_MS);
      return { ok: false, refusal: "too_new", opensAt };
    }
    if (row.refusal === "open") return { ok: false, refusal: "open_request" };
    if (row.refusal === "balance") return { ok: false, refusal: "above_balance" };
    return { ok: true, payout: toPayoutRow(row) };
  } catch (error) {
    if (isUniqueViolation(error, "payouts_one_open_request")) return { ok: false, refusal: "open_request" };
    throw error;
  }
}

const CLOSE_REFUSALS = { cancelled: "not_cancellable", returned: "not_returnable", rejected: "not_in_review" } as const;

export type CloseResult = { ok: true; balance: bigint } | ({ ok: false } & PayoutRefusal);

/**
 * Closes a payout that was never paid and gives the hold back with a ledger
 * credit, in one statement: the member's cancel (requested only) or the
 * operator's return (requested or batched, and never once a transaction was signed).
 */
async function closeUnpaidPayout(
  { db, clock }: { db: Database; clock: Clock },
  close: {
    payoutId: number;
    userId?: number;
    status: "cancelled" | "returned" | "rejected";
    from: readonly PayoutStatus[];
    reason: string;
  },
): Promise<CloseResult> {
  const now = clock.now();
  const owner = close.userId === undefined ? sql`true` : sql`user_id = ${close.userId}`;
  const from = sql.join(
    close.from.map((status) => sql`${status}`),
    sql`, `,
  );
  const [row] = await queryRows<{ balance: string | null }>(
    db,
    sql`
      with closed as (
        update payouts set status = ${close.status}, closed_at = ${now}, close_reason = ${close.reason}
         where id = ${close.payoutId} and ${owner} and status in (${from}) and signed_tx is null
        returning id, user_id, amount
      ), entry as (
        insert into ledger_entries (user_id, kind, amount, created_at, payout_id, reason)
        select user_id, 'payout_release', amount, ${now}, id, ${close.reason} from closed
        returning id
      ), released as (
        update users u set balance = u.balance + c.amount from closed c where u.id = c.user_id
        returning u.balance
      )
      select (select balance::text from released) as balance`,
  );
  if (!row?.balance) return { ok: false, refusal: CLOSE_REFUSALS[close.status] };
  return { ok: true, balance: BigInt(row.balance) };
}

export function cancelPayout(deps: { db: Database; clock: Clock }, userId: number, payoutId: number): Promise<CloseResult> {
  return closeUnpaidPayout(deps, {
    payoutId,
    userId,
    status: "cancelled",
    from: OPEN_REQUEST_STATUSES,
    reason: "cancelled by the member",
  });
}

/** The operator gives a stuck or refused payout back to the member's balance. */
export function returnPayout(deps: { db: Database; clock: Clock }, payoutId: number, reason: string): Promise<CloseResult> {
  if (!reason.trim()) return Promise.resolve({ ok: false, refusal: "reason_required" });
  return closeUnpaidPayout(deps, { payoutId, status: "returned", from: ["requested", "batched"], reason: reason.trim() });
}

/** Refuses a payout in review and gives the hold back, in the same statement as the release. */
export function rejectPayoutInReview(deps: { db: Database; clock: Clock }, payoutId: number, reason: string): Promise<CloseResult> {
  return closeUnpaidPayout(deps, { payoutId, status: "rejected", from: ["in_review"], reason });
}

export async function payoutsFor(db: Database, userId: number, limit = 50): Promise<PayoutRow[]> {
  const rows = await queryRows<RawPayout>(
    db,
    sql`select ${PAYOUT_COLUMNS} from payouts p where p.user_id = ${userId} order by p.requested_at desc, p.id desc limit ${limit}`,
  );
  return rows.map(toPayoutRow);
}
