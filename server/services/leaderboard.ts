import { sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import { type Database, queryRows } from "../db/client.ts";
import { isUniqueViolation } from "../db/errors.ts";

export type LeaderboardEntry = { rank: number; displayName: string; xp: number };

/** A season is a UTC month, written YYYY-MM. */
export function seasonOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

function seasonBounds(season: string): { start: Date; end: Date } {
  const [year, month] = season.split("-").map(Number) as [number, number];
  return { start: new Date(Date.UTC(year, month - 1, 1)), end: new Date(Date.UTC(year, month, 1)) };
}

/**
 * The season's board: members who chose a display name, not frozen, not
 * deleted and without an open fairness signal, ranked by the XP their quests
 * earned (xp_entries) plus `claimXp` for each daily claim in the ledger. The
 * two sources never overlap: quests write XP rows, claims write only ledger
 * rows. Equal XP shares a rank.
 */
export async function leaderboard(db: Database, season: string, claimXp: number, limit = 100): Promise<LeaderboardEntry[]> {
  const { start, end } = seasonBounds(season);
  const rows = await queryRows<{ display_name: string; xp: number }>(
    db,
    sql`
      with earned as (
        select user_id, amount as xp from xp_entries where created_at >= ${start} and created_at < ${end}
        union all
        select user_id, ${claimXp}::int from ledger_entries
         where kind = 'daily_reward' and created_at >= ${start} and created_at < ${end}
      )
      select u.display_name, sum(e.xp)::int as xp
        from earned e join users u on u.id = e.user_id
       where u.display_name is not null and u.deleted_at is null and u.frozen_at is null
         and not exists (select 1 from risk_signals r where r.user_id = u.id and r.cleared_at is null)
       group by u.id, u.display_name
      having sum(e.xp) > 0
       order by xp desc, lower(u.display_name)
       limit ${limit}`,
  );
  let rank = 0;
  return rows.map((row, index) => {
    if (index === 0 || row.xp !== rows[index - 1]?.xp) rank = index + 1;
    return { rank, displayName: row.display_name, xp: row.xp };
  });
}

export async function displayNameOf(db: Database, userId: number): Promise<string | null> {
  const [row] = await queryRows<{ display_name: string | null }>(db, sql`select display_name from users where id = ${userId}`);
  return row?.display_name ?? null;
}

/** Sets or (with "") clears the member's name; false when another member holds it in any letter case. */
export async function setDisplayName(db: Database, userId: number, name: string): Promise<boolean> {
  try {
    await db.execute(sql`update users set display_name = ${name === "" ? null : name} where id = ${userId}`);
    return true;
  } catch (error) {
    if (isUniqueViolation(error, "users_display_name_unique")) return false;
    throw error;
  }
}

export function currentSeason(clock: Clock): string {
  return seasonOf(clock.now());
}
