import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { ReviewRefusal } from "../../../common/api/payouts.ts";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";
import { payoutReviews, payouts, users } from "../../db/schema.ts";
import { type Actor, recordAudit } from "../audit.ts";
import { rejectPayoutInReview } from "./requests.ts";

type Deps = { db: Database; clock: Clock };

/** Review cases, oldest first: the open ones, or every one. */
export async function listReviews(db: Database, { open }: { open: boolean }) {
  const rows = await db
    .select({
      payoutId: payoutReviews.payoutId,
      userId: payouts.userId,
      email: users.email,
      amount: payouts.amount,
      address: payouts.address,
      status: payouts.status,
      signals: payoutReviews.signals,
      openedAt: payoutReviews.openedAt,
      appeal: payoutReviews.appeal,
      decision: payoutReviews.decision,
      reason: payoutReviews.reason,
    })
    .from(payoutReviews)
    .innerJoin(payouts, eq(payouts.id, payoutReviews.payoutId))
    .innerJoin(users, eq(users.id, payouts.userId))
    .where(open ? and(isNull(payoutReviews.decision), eq(payouts.status, "in_review")) : undefined)
    .orderBy(asc(payoutReviews.openedAt), asc(payoutReviews.payoutId));
  return rows.map((row) => ({ ...row, signals: JSON.parse(row.signals) as Array<{ kind: string; details: string }> }));
}

export type ReviewResult = { ok: true } | ({ ok: false } & ReviewRefusal);

/**
 * The payout goes on to the next batch, and the member's open signals are
 * cleared: a person looked at them, so the next request does not wait again.
 * One statement: the status change is the guard against deciding twice.
 */
export async function approvePayout(
  { db, clock }: Deps,
  payoutId: number,
  decision: { actor: string; reason: string },
): Promise<ReviewResult> {
  const reason = decision.reason.trim();
  if (!reason) return { ok: false, refusal: "reason_required" };
  const now = clock.now();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
      with approved as (
        update payouts set status = 'requested' where id = ${payoutId} and status = 'in_review'
        returning id, user_id
      ), decided as (
        update payout_reviews set decision = 'approved', reason = ${reason}, decided_by = ${decision.actor}, decided_at = ${now}
         where payout_id in (select id from approved)
        returning payout_id
      ), cleared as (
        update risk_signals set cleared_at = ${now}
         where user_id in (select user_id from approved) and cleared_at is null and created_at <= ${now}
        returning id
      ), logged as (
        insert into review_events (payout_id, kind, actor, text, created_at)
        select payout_id, 'approved', ${decision.actor}, ${reason}, ${now} from decided
        returning id
      )
      select id from logged`,
  );
  return rows.length === 1 ? { ok: true } : { ok: false, refusal: "not_in_review" };
}

/** The hold goes back to the member's balance and the member sees the reason; signals stay open. */
export async function rejectPayout(deps: Deps, payoutId: number, decision: { actor: string; reason: string }): Promise<ReviewResult> {
  const reason = decision.reason.trim();
  if (!reason) return { ok: false, refusal: "reason_required" };
  return deps.db.transaction(async (tx) => {
    const closed = await rejectPayoutInReview({ db: tx, clock: deps.clock }, payoutId, reason);
    if (!closed.ok) return { ok: false, refusal: "not_in_review" } as const;
    const now = deps.clock.now();
    await tx.execute(sql`
      with decided as (
        update payout_reviews set decision = 'rejected', reason = ${reason}, decided_by = ${decision.actor}, decided_at = ${now}
         where payout_id = ${payoutId} and decision is null
        returning payout_id
      )
      insert into review_events (payout_id, kind, actor, text, created_at)
      select payout_id, 'rejected', ${decision.actor}, ${reason}, ${now} from decided`);
    return { ok: true } as const;
  });
}

/**
 * A staff member approves or rejects a payout in review, with the decision's
 * audit row in the same transaction, so neither exists without the other.
 */
export function decideReviewAsStaff(
  { db, clock }: Deps,
  actor: Exclude<Actor, "shell">,
  payoutId: number,
  { decision, reason }: { decision: "approve" | "reject"; reason: string },
): Promise<ReviewResult> {
  const decide = decision === "approve" ? approvePayout : rejectPayout;
  return db.transaction(async (tx) => {
    const decided = await decide({ db: tx, clock }, payoutId, { actor: `admin:${actor.email}`, reason });
    if (decided.ok)
      await recordAudit(tx, clock, actor, {
        action: `review.${decision}`,
        subject: `payout:${payoutId}`,
        before: { status: "in_review" },
        after: { status: decision === "approve" ? "requested" : "rejected" },
        reason,
      });
    return decided;
  });
}

/** The member's one message about a payout in review, or about its rejection. */
export async function appealReview({ db, clock }: Deps, userId: number, payoutId: number, message: string): Promise<ReviewResult> {
  const now = clock.now();
  const [row] = await queryRows<{ appealed: number; exists: boolean; already: boolean; closed: boolean }>(
    db,
    sql`
      with target as (
        select r.payout_id, r.appeal is not null as already, p.status not in ('in_review', 'rejected') as closed
          from payout_reviews r join payouts p on p.id = r.payout_id
         where r.payout_id = ${payoutId} and p.user_id = ${userId}
      ), appealed as (
        update payout_reviews set appeal = ${message}, appealed_at = ${now}
         where payout_id in (select payout_id from target where not already and not closed) and appeal is null
        returning payout_id
      ), logged as (
        insert into review_events (payout_id, kind, actor, text, created_at)
        select payout_id, 'appealed', 'member', ${message}, ${now} from appealed
        returning id
      )
      select (select count(*) from logged)::int as appealed, exists (select 1 from target) as exists,
             coalesce((select already from target), false) as already, coalesce((select closed from target), false) as closed`,
  );
  if (row?.appealed === 1) return { ok: true };
  if (!row?.exists) return { ok: false, refusal: "no_review" };
  if (row.already) return { ok: false, refusal: "already_appealed" };
  return { ok: false, refusal: "review_closed" };
}

/** An operator's word that a member's signals were looked at: their next payout goes straight to a batch. */
export async function clearRiskSignals({ db, clock }: Deps, userId: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update risk_signals set cleared_at = ${clock.now()} where user_id = ${userId} and cleared_at is null returning id`,
  );
  return rows.length;
}

/** What the member's dashboard shows of each reviewed payout. */
export async function reviewStatesFor(db: Database, userId: number): Promise<Map<number, { appealed: boolean }>> {
  const rows = await queryRows<{ payout_id: string; appealed: boolean }>(
    db,
    sql`select r.payout_id, r.appeal is not null as appealed from payout_reviews r join payouts p on p.id = r.payout_id where p.user_id = ${userId}`,
  );
  return new Map(rows.map((row) => [Number(row.payout_id), { appealed: row.appealed }]));
}
