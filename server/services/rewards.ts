import { eq, type SQL, sql } from "drizzle-orm";
import type { SiteConfig } from "../../config/site.ts";
import type { Clock } from "../clock.ts";
import { type Database, type PlaceholderOf, preparedStatement } from "../db/client.ts";
import { type LedgerKind, users } from "../db/schema.ts";
import {
  type ClaimNoteValues,
  type ClaimOrigin,
  claimNotesSql,
  claimNoteValues,
  type PunctualClaimValues,
  punctualClaimsSql,
} from "./fairness/claim-notes.ts";
import { type LiveSessionValues, liveSessionSql, liveSessionValues } from "./sessions.ts";
import { claimDaysSql } from "./streaks.ts";

export type RewardRules = SiteConfig["rewards"];
type Deps = { db: Database; clock: Clock; rules: RewardRules };

const HOUR_MS = 60 * 60 * 1000;

/** ×2 or ×3 on the configured special days (UTC dates), ×1 otherwise. */
export function configuredMultiplier(rules: RewardRules, at: Date): number {
  const day = at.toISOString().slice(0, 10);
  return rules.specialDays.find((special) => special.date === day)?.multiplier ?? 1;
}

type RewardAmountValues = { dailyAmount: bigint; day: string; configuredMultiplier: number };

/**
 * The reward at a moment, in SQL: the daily amount times the day's
 * multiplier, where a day an operator set in special_days wins over the
 * configuration's list.
 */
function rewardAmountSql(value: PlaceholderOf<RewardAmountValues>): SQL {
  return sql`(${value("dailyAmount")}::bigint * coalesce((select multiplier from special_days where day = ${value("day")}), ${value("configuredMultiplier")})::bigint)`;
}

function rewardAmountValues(rules: RewardRules, at: Date): RewardAmountValues {
  return {
    dailyAmount: BigInt(rules.dailyAmount),
    day: at.toISOString().slice(0, 10),
    configuredMultiplier: configuredMultiplier(rules, at),
  };
}

/** Milliseconds until the next claim opens; 0 when one is due. */
export function msUntilNextClaim(rules: RewardRules, lastClaimAt: Date | null, now: Date): number {
  if (!lastClaimAt) return 0;
  return Math.max(0, lastClaimAt.getTime() + rules.claimIntervalHours * HOUR_MS - now.getTime());
}

/** Who claims: a member known to the caller, or the holder of a session the statement itself proves live. */
export type Claimant = { userId: number } | { sessionIdHash: string };

export type ClaimResult =
  | { ok: true; userId: number; amount: bigint; referrerCredited: boolean; sessionTouchDue: boolean }
  | { ok: false; reason: "frozen"; userId: number; sessionTouchDue: boolean }
  | { ok: false; reason: "too-soon"; userId: number; sessionTouchDue: boolean; msRemaining: number }
  /** A session claimant whose session is unknown or expired. */
  | { ok: false; reason: "signed-out" };

type ClaimRow = { member_id: number | null; touch_due: boolean | null; credited: number; bonuses: number; amount: string | null };
type ClaimValues = RewardAmountValues &
  PunctualClaimValues & { now: string; dueBefore: string; referralBonus: bigint; referralAfterFirstQuiz: boolean };

/** The claim's statement, for a claimant known by id or by session, with or without the fairness notes of its origin. */
function claimSql(member: SQL, notes: SQL | undefined, value: PlaceholderOf<ClaimValues>): SQL {
  const now = value("now");
  const bonus = value("referralBonus");
  const afterQuiz = value("referralAfterFirstQuiz");
  return sql`
      with member as (${member}
      ), amount as (select ${rewardAmountSql(value)} as value
      ), claimed as (
        update users
           set last_claim_at = ${now}, claim_count = claim_count + 1, balance = balance + (select value from amount),
               punctual_claims = ${punctualClaimsSql(value)}
         where id = (select user_id from member) and frozen_at is null and deleted_at is null and (last_claim_at is null or last_claim_at <= ${value("dueBefore")})
        returning id, referred_by, claim_count, punctual_claims,
                  email_verified_at is not null and (not ${afterQuiz}::boolean or first_quiz_passed_at is not null) as verified
      ), reward as (
        insert into ledger_entries (user_id, kind, amount, created_at, reward_window)
        select id, 'daily_reward', (select value from amount), ${now}, claim_count from claimed
        returning id, amount
      ), referrer as (
        update users
           set balance = users.balance + ${bonus}
          from claimed
         where users.id = claimed.referred_by and users.deleted_at is null and ${bonus} > 0 and claimed.verified
        returning users.id
      ), bonus as (
        insert into ledger_entries (user_id, kind, amount, created_at, caused_by)
        select referrer.id, 'referral_bonus', ${bonus}, ${now}, reward.id from referrer, reward
        returning id
      ), pending as (
        insert into pending_referral_bonuses (reward_entry_id, referrer_id, referee_id, amount, created_at)
        select reward.id, claimed.referred_by, claimed.id, ${bonus}, ${now} from claimed, reward
         where claimed.referred_by is not null and ${bonus} > 0 and not claimed.verified
        returning reward_entry_id
      )${notes ?? sql``}
      select (select user_id from member) as member_id, (select touch_due from member) as touch_due,
             (select count(*) from reward)::int as credited, (select count(*) from bonus)::int as bonuses, (select amount::text from reward) as amount`;
}

type MemberById = { userId: number };
const memberByIdSql = (value: PlaceholderOf<MemberById>) => sql`select ${value("userId")}::int as user_id, false as touch_due`;

/** The four forms of the claim, each built once: the hot one is a session's claim with its notes. */
const claimStatements = {
  byId: preparedStatement<ClaimRow, ClaimValues & MemberById>("claim-daily-reward", (value) =>
    claimSql(memberByIdSql(value), undefined, value),
  ),
  byIdNoted: preparedStatement<ClaimRow, ClaimValues & MemberById & ClaimNoteValues>("claim-daily-reward-noted", (value) =>
    claimSql(memberByIdSql(value), claimNotesSql(value), value),
  ),
  bySession: preparedStatement<ClaimRow, ClaimValues & LiveSessionValues>("claim-daily-reward-by-session", (value) =>
    claimSql(liveSessionSql(value), undefined, value),
  ),
  bySessionNoted: preparedStatement<ClaimRow, ClaimValues & LiveSessionValues & ClaimNoteValues>(
    "claim-daily-reward-by-session-noted",
    (value) => claimSql(liveSessionSql(value), claimNotesSql(value), value),
  ),
};

/**
 * Credits the daily reward, and the referrer's bonus, in one SQL statement;
 * the bonus waits as pending while the claimant's email is not verified (and,
 * with `referralAfterFirstQuiz`, until the claimant first passes a quiz).
 * The conditional UPDATE is the lock: of many concurrent claims, PostgreSQL
 * lets one change the row and re-checks the others against the new
 * last_claim_at, so they change nothing. The ledger's unique indexes are a
 * second guard. Each balance moves in the same statement as its entry, and
 * so do the fairness notes of a claim from a known origin. A session
 * claimant's session is proved live in the same statement too: the claim is
 * then one round trip and one commit, which is what bounds claims per second.
 */
export async function claimDailyReward({ db, clock, rules }: Deps, claimant: Claimant, origin?: ClaimOrigin): Promise<ClaimResult> {
  const now = clock.now();
  const values: ClaimValues = {
    ...rewardAmountValues(rules, now),
    now: now.toISOString(),
    dueBefore: new Date(now.getTime() - rules.claimIntervalHours * HOUR_MS).toISOString(),
    claimIntervalMs: rules.claimIntervalHours * HOUR_MS,
    referralBonus: BigInt(rules.referralBonus),
    referralAfterFirstQuiz: rules.referralAfterFirstQuiz,
  };
  const notes = origin && claimNoteValues(origin, now);
  const [row] =
    "sessionIdHash" in claimant
      ? notes
        ? await claimStatements.bySessionNoted(db, { ...values, ...liveSessionValues(claimant.sessionIdHash, now), ...notes })
        : await claimStatements.bySession(db, { ...values, ...liveSessionValues(claimant.sessionIdHash, now) })
      : notes
        ? await claimStatements.byIdNoted(db, { ...values, userId: claimant.userId, ...notes })
        : await claimStatements.byId(db, { ...values, userId: claimant.userId });
  if (!row || row.member_id === null) return { ok: false, reason: "signed-out" };
  const userId = row.member_id;
  const sessionTouchDue = row.touch_due === true;
  if (row.credited === 1)
    return { ok: true, userId, amount: BigInt(row.amount ?? 0), referrerCredited: row.bonuses === 1, sessionTouchDue };
  const [user] = await db.select({ lastClaimAt: users.lastClaimAt, frozenAt: users.frozenAt }).from(users).where(eq(users.id, userId));
  if (user?.frozenAt) return { ok: false, reason: "frozen", userId, sessionTouchDue };
  return { ok: false, reason: "too-soon", userId, sessionTouchDue, msRemaining: msUntilNextClaim(rules, user?.lastClaimAt ?? null, now) };
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
  /** Bonuses earned by referred members who have not verified their email yet. */
  referralBonusPending: bigint;
  emailVerified: boolean;
  recent: Array<{ kind: LedgerKind; amount: bigint; createdAt: Date }>;
  /** The UTC days (YYYY-MM-DD) with a claim, for the streak. */
  claimDays: string[];
};

type DashboardRow = {
  first_name: string;
  balance: string;
  address: string | null;
  referral_code: string;
  last_claim_at: Date | null;
  referral_count: number;
  referral_bonus_total: string;
  referral_bonus_pending: string;
  email_verified: boolean;
  todays_reward: string;
  /** json: its amounts and times stay JSON's text. */
  recent: Array<{ kind: LedgerKind; amount: string; created_at: string }>;
  claim_days: string[];
};

const dashboardStatement = preparedStatement<DashboardRow, RewardAmountValues & { userId: number }>(
  "dashboard",
  (value) => sql`
      select u.first_name, u.balance::text as balance, u.wallet_address as address, u.referral_code, u.last_claim_at,
             (select count(*) from users r where r.referred_by = u.id)::int as referral_count,
             (select coalesce(sum(l.amount), 0) from ledger_entries l where l.user_id = u.id and l.kind = 'referral_bonus')::text as referral_bonus_total,
             (select coalesce(sum(p.amount), 0) from pending_referral_bonuses p where p.referrer_id = u.id and p.credited_at is null)::text as referral_bonus_pending,
             u.email_verified_at is not null as email_verified,
             ${rewardAmountSql(value)}::text as todays_reward,
             coalesce((select json_agg(json_build_object('kind', e.kind, 'amount', e.amount::text, 'created_at', e.created_at) order by e.created_at desc, e.id desc)
                         from (select kind, amount, created_at, id from ledger_entries where user_id = u.id order by created_at desc, id desc limit 10) e), '[]'::json) as recent,
             ${claimDaysSql(sql`u.id`)} as claim_days
        from users u
       where u.id = ${value("userId")}`,
);

/** Everything the dashboard shows, in one round trip to the database. */
export async function dashboardFor({ db, clock, rules }: Deps, userId: number): Promise<Dashboard | null> {
  const now = clock.now();
  const [row] = await dashboardStatement(db, { ...rewardAmountValues(rules, now), userId });
  if (!row) return null;
  return {
    firstName: row.first_name,
    balance: BigInt(row.balance),
    address: row.address ?? "",
    referralCode: row.referral_code,
    msRemaining: msUntilNextClaim(rules, row.last_claim_at, now),
    todaysReward: BigInt(row.todays_reward),
    referralCount: row.referral_count,
    referralBonusTotal: BigInt(row.referral_bonus_total),
    referralBonusPending: BigInt(row.referral_bonus_pending),
    emailVerified: row.email_verified,
    recent: row.recent.map((entry) => ({
      kind: entry.kind,
      amount: BigInt(entry.amount),
      createdAt: new Date(entry.created_at),
    })),
    claimDays: row.claim_days,
  };
}
