import { sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";

/**
 * The referral bonuses a member's claims earned while their email was not
 * verified, credited to the referrers in one statement (never to a deleted account): the update of the
 * pending rows is the lock (of two concurrent calls one moves them), and the
 * ledger's one-bonus-per-claim index is the second guard.
 */
export async function creditPendingReferralBonuses({ db, clock }: { db: Database; clock: Clock }, refereeId: number): Promise<number> {
  const now = clock.now();
  const [row] = await queryRows<{ credited: number }>(
    db,
    sql`
      with moved as (
        update pending_referral_bonuses set credited_at = ${now}
         where referee_id = ${refereeId} and credited_at is null
           and referrer_id in (select id from users where deleted_at is null)
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
  return Number(row?.credited ?? 0);
}
