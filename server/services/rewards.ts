import { desc, eq, sql } from "drizzle-orm";
import type { SiteConfig } from "../../config/site.ts";
import type { Clock } from "../clock.ts";
import { type Database, queryRows } from "../db/client.ts";
import { type LedgerKind, ledgerEntries, users } from "../db/schema.ts";

export type RewardRules = SiteConfig["rewards"];
type Deps = { db: Database; clock: Clock; rules: RewardRules };

const HOUR_MS = 60 * 60 * 1000;

/** ×2 or ×3 on the configured special days (UTC dates), ×1 otherwise. */
export function configuredMultiplier(rules: RewardRules, at: Date): number {
  const day = at.toISOString().slice(0, 10);
  return rules.specialDays.find((special) => special.date === day)?.multiplier ?? 1;
}

/**
 * The reward at a moment, in SQL: the daily amount times the day's
 * multiplier, where a day an operator set in special_days wins over the
 * configuration's list.
 */
function rewardAmountSql(rules: RewardRules, at: Date) {
  const day = at.toISOString().slice(0, 10);
  return sql`(${BigInt(rules.dailyAmount)}::bigint * coalesce((select multiplier from special_days where day = ${day}), ${configuredMultiplier(rules, at)})::bigint)`;
}

/** Milliseconds until the next claim opens; 0 when one is due. */
export function msUntilNextClaim(rules: RewardRules, lastClaimAt: Date | null, now: Date): number {
  if (!lastClaimAt) return 0;
  return Math.max(0, lastClaimAt.getTime() + rules.claimIntervalHours * HOUR_MS - now.getTime());
}

/** HH:MM:SS, rounded up, so "00:00:00" is shown only when a claim is really due. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

export type ClaimResult = { ok: true; amount: bigint; referrerCredited: boolean } | { ok: false; msRemaining: number };

/**
 * Credits the daily reward, and the referrer's bonus, in one SQL statement.
 * The conditional UPDATE is the lock: of many concurrent claims, PostgreSQL
 * lets one change the row and re-checks the others against the new
 * last_claim_at, so they change nothing. The ledger's unique indexes are a
 * second guard. Each balance moves in the same statement as its entry.
 */
export async function claimDailyReward({ db, clock, rules }: Deps, userId: number): Promise<ClaimResult> {
  const now = clock.now();
  const dueBefore = new Date(now.getTime() - rules.claimIntervalHours * HOUR_MS);
  const bonus = BigInt(rules.referralBonus);
  const [row] = await queryRows<{ credited: number; bonuses: number; amount: string | null }>(
    db,
    sql`
      with amount as (select ${rewardAmountSql(rules, now)} as value
      ), claimed as (
        update users
           set last_claim_at = ${now}, claim_count = claim_count + 1, balance = balance + (select value from amount)
         where id = ${userId} and (last_claim_at is null or last_claim_at <= ${dueBefore})
        returning id, referred_by, claim_count
      ), reward as (
        insert into ledger_entries (user_id, kind, amount, created_at, reward_window)
        select id, 'daily_reward', (select value from amount), ${now}, claim_count from claimed
        returning id, amount
      ), referrer as (
        update users
           set balance = users.balance + ${bonus}
          from claimed
         where users.id = claimed.referred_by and ${bonus} > 0
        returning users.id
      ), bonus as (
        insert into ledger_entries (user_id, kind, amount, created_at, caused_by)
        select referrer.id, 'referral_bonus', ${bonus}, ${now}, reward.id from referrer, reward
        returning id
      )
      select (select count(*) from reward)::int as credited, (select count(*) from bonus)::int as bonuses, (select amount::text from reward) as amount`,
  );
  if (row && Number(row.credited) === 1) return { ok: true, amount: BigInt(row.amount ?? 0), referrerCredited: Number(row.bonuses) === 1 };
  const [user] = await db.select({ lastClaimAt: users.lastClaimAt }).from(users).where(eq(users.id, userId));
  return { ok: false, msRemaining: msUntilNextClaim(rules, user?.lastClaimAt ?? null, now) };
}

export type Dashboard = {
  firstName: string;
  balance: bigint;
  address: string;
  referralCode: string;
  msRemaining: number;
  todaysReward: bigint;
  referralCount: number;
  referralBonusTotal: bigint;
  recent: Array<{ kind: LedgerKind; amount: bigint; createdAt: Date }>;
};

export async function dashboardFor({ db, clock, rules }: Deps, userId: number): Promise<Dashboard | null> {
  const now = clock.now();
  const [[user], recent] = await Promise.all([
    db
      .select({
        firstName: users.firstName,
        balance: users.balance,
        address: users.walletAddress,
        referralCode: users.referralCode,
        lastClaimAt: users.lastClaimAt,
        // Qualified by hand: drizzle writes a lone "id" here, which the subquery would read as its own table's.
        referralCount: sql<number>`(select count(*) from users referred where referred.referred_by = "users"."id")::int`,
        referralBonusTotal: sql<string>`(select coalesce(sum(l.amount), 0) from ledger_entries l where l.user_id = "users"."id" and l.kind = 'referral_bonus')::text`,
        todaysReward: sql<string>`${rewardAmountSql(rules, now)}::text`,
      })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount, createdAt: ledgerEntries.createdAt })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId))
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(10),
  ]);
  if (!user) return null;
  return {
    firstName: user.firstName,
    balance: user.balance,
    address: user.address ?? "",
    referralCode: user.referralCode,
    msRemaining: msUntilNextClaim(rules, user.lastClaimAt, now),
    todaysReward: BigInt(user.todaysReward),
    referralCount: Number(user.referralCount),
    referralBonusTotal: BigInt(user.referralBonusTotal),
    recent,
  };
}
