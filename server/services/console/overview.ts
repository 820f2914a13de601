import { sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";

/** Days the overview's daily series cover, today included. */
export const OVERVIEW_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export type DailyCount = { day: string; count: number };
export type DailyTokens = { day: string; kind: string; tokens: string };

/** The first UTC midnight of the series: OVERVIEW_DAYS days ending today. */
function seriesStart(now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (OVERVIEW_DAYS - 1) * DAY_MS);
}

/** Every day of the series in order, with the days nothing happened as zero. */
function everyDay(start: Date, rows: DailyCount[]): DailyCount[] {
  const byDay = new Map(rows.map((row) => [row.day, row.count]));
  return Array.from({ length: OVERVIEW_DAYS }, (_, index) => {
    const day = new Date(start.getTime() + index * DAY_MS).toISOString().slice(0, 10);
    return { day, count: byDay.get(day) ?? 0 };
  });
}

/** The program's numbers for the console's overview: members, claims, credits, balances, payouts and open alerts. */
export async function programOverview({ db, clock }: { db: Database; clock: Clock }) {
  const start = seriesStart(clock.now());
  const day = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`);
  const [[members], signups, claims, credits, payouts, [alerts], [index]] = await Promise.all([
    queryRows<{ total: number; verified: number; outstanding: string }>(
      db,
      sql`select count(*)::int as total, count(wallet_verified_at)::int as verified, coalesce(sum(balance), 0)::text as outstanding from users`,
    ),
    queryRows<DailyCount>(
      db,
      sql`select ${day("created_at")} as day, count(*)::int as count from users where created_at >= ${start} group by 1`,
    ),
    queryRows<DailyCount>(
      db,
      sql`select ${day("created_at")} as day, count(*)::int as count from ledger_entries
           where kind = 'daily_reward' and created_at >= ${start} group by 1`,
    ),
    queryRows<DailyTokens>(
      db,
      sql`select ${day("created_at")} as day, kind, sum(amount)::text as tokens from ledger_entries
           where amount > 0 and created_at >= ${start} group by 1, 2 order by 1, 2`,
    ),
    queryRows<{ status: string; count: number; tokens: string }>(
      db,
      sql`select status, count(*)::int as count, sum(amount)::text as tokens from payouts group by status order by status`,
    ),
    queryRows<{ open: number }>(db, sql`select count(*)::int as open from operator_alerts where resolved_at is null`),
    queryRows<{ last_block: string; last_block_time: Date }>(
      db,
      sql`select last_block::text, last_block_time from chain_index_state order by updated_at desc limit 1`,
    ),
  ]);
  return {
    members: { total: members?.total ?? 0, verifiedWallets: members?.verified ?? 0, newPerDay: everyDay(start, signups) },
    claimsPerDay: everyDay(start, claims),
    creditedPerDay: credits,
    outstandingBalances: members?.outstanding ?? "0",
    payoutsByStatus: payouts,
    openAlerts: alerts?.open ?? 0,
    chainIndex: index ? { lastBlock: index.last_block, blockTime: index.last_block_time } : null,
  };
}
