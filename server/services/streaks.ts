import { type SQL, sql } from "drizzle-orm";
import type { SiteConfig } from "../../config/site.ts";
import type { Clock } from "../clock.ts";
import { type Database, queryRows } from "../db/client.ts";

/**
 * A streak counts consecutive UTC days with a daily claim; days change at
 * 00:00 UTC. Every 7th day of a streak earns a freeze (a member holds one at
 * most), which covers one missed day on its own: the next claim spends it.
 * The streak is worked out from the claims in the ledger, never stored, so
 * it cannot drift from them. Each milestone pays once per streak, the
 * streak's first day naming it in the ledger's award column.
 */

export type StreakMilestone = SiteConfig["rewards"]["streakMilestones"][number];
export type StreakDayState = "claimed" | "frozen" | "missed" | "open";

export type Streak = {
  /** Days claimed in the current streak; 0 when there is none. */
  days: number;
  /** The streak's first day (YYYY-MM-DD, UTC), or null. */
  startedOn: string | null;
  claimedToday: boolean;
  /** A freeze waits to cover the next missed day. */
  freezeHeld: boolean;
  /** The moment the streak ends unless the member claims first (a UTC midnight), or null without a streak. */
  endsAt: Date | null;
  /** The streak ends at the coming midnight (UTC) unless the member claims today. */
  atRisk: boolean;
  /** The last seven UTC days, oldest first, today last. */
  week: Array<{ date: string; state: StreakDayState }>;
  nextMilestone: StreakMilestone | null;
};

export const FREEZE_EVERY_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const dayOf = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);

/** The streak on `today`'s date from the UTC days with a claim (any order, repeats allowed). */
export function streakFrom(claimDays: readonly string[], now: Date, milestones: readonly StreakMilestone[]): Streak {
  const days = [...new Set(claimDays.map(dayNumber))].sort((a, b) => a - b);
  const frozen = new Set<number>();
  let run = 0;
  let started = 0;
  let freeze = false;
  let last: number | null = null;
  for (const day of days) {
    const gap = last === null ? 0 : day - last;
    if (gap === 1) run += 1;
    else if (gap === 2 && freeze) {
      freeze = false;
      frozen.add(day - 1);
      run += 1;
    } else {
      run = 1;
      started = day;
      freeze = false;
    }
    if (run % FREEZE_EVERY_DAYS === 0) freeze = true;
    last = day;
  }

  const today = dayNumber(utcDay(now));
  // Yesterday missed with a freeze held: the freeze covers it when today's claim comes.
  const coveringYesterday = last === today - 2 && freeze;
  if (coveringYesterday) frozen.add(today - 1);
  const alive = last !== null && (last >= today - 1 || coveringYesterday);
  const current = alive ? run : 0;
  const endsOn = alive && last !== null ? last + (freeze ? 3 : 2) : null;
  const week = Array.from({ length: 7 }, (_, i) => {
    const day = today - 6 + i;
    const state: StreakDayState = days.includes(day) ? "claimed" : frozen.has(day) ? "frozen" : day === today ? "open" : "missed";
    return { date: dayOf(day), state };
  });
  return {
    days: current,
    startedOn: alive ? dayOf(started) : null,
    claimedToday: last === today,
    freezeHeld: alive && freeze && !coveringYesterday,
    endsAt: endsOn === null ? null : new Date(endsOn * DAY_MS),
    atRisk: endsOn === today + 1 && last !== today,
    week,
    nextMilestone: milestones.find((milestone) => milestone.days > current) ?? null,
  };
}

/** The award key of a streak's milestone: once per member in the ledger. */
export const milestoneAward = (startedOn: string, days: number) => `streak:${startedOn}:${days}`;

/** The UTC days of a member's claims, in SQL: the dashboard's statement reads them beside its other figures. */
export const claimDaysSql = (userId: SQL) =>
  sql`(select coalesce(json_agg(d order by d), '[]'::json) from (select distinct ((created_at at time zone 'UTC')::date)::text as d from ledger_entries where user_id = ${userId} and kind = 'daily_reward') days)`;

type Deps = { db: Database; clock: Clock; milestones: readonly StreakMilestone[] };

export type StreakAfterClaim = { streak: Streak; credited: Array<{ days: number; bonus: bigint }> };

/**
 * After a claim: the streak, and the bonus of every milestone it has reached
 * that is not paid yet. The ledger's unique (member, award) index and ON
 * CONFLICT make a second credit impossible, however many calls race; each
 * balance moves in the statement that writes its entry. A frozen account
 * or deleted is paid nothing.
 */
export async function creditStreakMilestones({ db, clock, milestones }: Deps, userId: number): Promise<StreakAfterClaim> {
  const now = clock.now();
  const [row] = await queryRows<{ days: string[] }>(db, sql`select ${claimDaysSql(sql`${userId}`)} as days`);
  const streak = streakFrom(row?.days ?? [], now, milestones);
  const reached = milestones.filter((milestone) => milestone.days <= streak.days);
  if (!streak.startedOn || reached.length === 0) return { streak, credited: [] };
  const startedOn = streak.startedOn;
  const awards = sql.join(
    reached.map((milestone) => sql`(${milestoneAward(startedOn, milestone.days)}, ${BigInt(milestone.bonus)}::bigint)`),
    sql`, `,
  );
  const inserted = await queryRows<{ award: string; amount: string }>(
    db,
    sql`
      with award(award, amount) as (values ${awards}
      ), entry as (
        insert into ledger_entries (user_id, kind, amount, created_at, award)
        select u.id, 'streak_bonus', award.amount, ${now}, award.award
          from users u, award
         where u.id = ${userId} and u.frozen_at is null and u.deleted_at is null
        on conflict (user_id, award) where award is not null do nothing
        returning amount, award
      ), credited as (
        update users set balance = balance + (select sum(amount) from entry)
         where id = ${userId} and exists (select 1 from entry)
        returning id
      )
      select award, amount::text as amount from entry`,
  );
  const credited = inserted.map((entry) => ({ days: Number(entry.award.split(":")[2]), bonus: BigInt(entry.amount) }));
  return { streak, credited: credited.sort((a, b) => a.days - b.days) };
}
