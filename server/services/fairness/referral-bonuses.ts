import { sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";

/**
 * The referral bonuses a member's claims earned while they waited, credited
 * to the referrers in one statement (never to a deleted account) once the
 * member's email is verified and, with `afterFirstQuiz`, a quiz passed: the
 * update of the pending rows is the lock (of two concurrent calls one moves
 * them), and the ledger's one-bonus-per-claim index is the second guard.
 */
export async function creditPendingReferralBonuses(
  { db, clock }: { db: Database; clock: Clock },
  refereeId: number,
  { afterFirstQuiz }: { afterFirstQuiz: boolean },
): Promise<number> {
  const now = clock.now();
  const [row] = await queryRows<{ credited: number }>(
    db,
    sql`
      with moved as (
        update pending_referral_bonuses set credited_at = ${now}
         where referee_id = ${refereeId} and credited_at is null
           and referrer_id in (select id from users where deleted_at is null)
           and exists (select 1 from users where id = ${refereeId} and email_verified_at is not null
                          and (not ${afterFirstQuiz}::boolean or first_quiz_passed_at is not null))
        returning reward_entry_id, referrer_id, amount
      ), credited as (
        insert into ledger_entries (user_id, kind, amount, created_at, caused_by)
        select referrer_id, 'referral_bonus', amount, ${now}, reward_entry_id from moved
        on conflict (caused_by) where kind = 'referral_bonus' do nothing
        returning user_id, amount
      ), totals as (
        select user_id, sum(amount) as total from credited group by user_id
      ), balances as (
        update users u set balance = u.balance + t.total from totals t where u.id = t.user_id
        returning u.id
      )
      select (select count(*) from credited)::int as credited, (select count(*) from balances)::int as balances`,
  );
  return row?.credited ?? 0;
}

/**
 * A member passed a quiz: the first pass is kept on the member's row (a claim
 * racing it waits on that row, so it either sees the pass and pays the
 * referrer at once, or commits its pending bonus before this credit looks),
 * and, with `afterFirstQuiz`, the bonuses that waited for it are credited.
 * Credited on every pass, not only the first: the credit is idempotent, and
 * a pass after an interrupted one still pays what waits.
 */
export async function creditReferralOnQuizPass(
  { db, clock }: { db: Database; clock: Clock },
  refereeId: number,
  { afterFirstQuiz }: { afterFirstQuiz: boolean },
): Promise<void> {
  await db.execute(sql`update users set first_quiz_passed_at = ${clock.now()} where id = ${refereeId} and first_quiz_passed_at is null`);
  if (afterFirstQuiz) await creditPendingReferralBonuses({ db, clock }, refereeId, { afterFirstQuiz });
}
