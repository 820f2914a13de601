import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import { queryRows } from "../../db/client.ts";
import { secondFactorAttempts } from "../../db/schema.ts";
import { recordAudit } from "../audit.ts";
import type { Limit } from "../rate-limit.ts";
import { checkTotp, type SecondFactorDeps, spendRecoveryCode } from "./second-factor.ts";

/**
 * Wrong codes (the app's and recovery codes together) a staff member may
 * enter within any `windowMs`; the last of them refuses every code for
 * `windowMs` from that moment. A six-digit code with a step of drift either
 * way is three in a million, so without a limit a stolen password and
 * twenty minutes of guessing open the console. The window slides: it is
 * not tied to the clock's quarter-hours, so no boundary doubles the guesses.
 */
export const WRONG_CODE_LIMIT: Limit = { max: 5, windowMs: 15 * 60 * 1000 };

export type SecondFactorAnswer = { code: string } | { recovery_code: string };

export type CodeCheck = { ok: true } | { ok: false; reason: "wrong" } | { ok: false; reason: "throttled"; retryAfterSeconds: number };

type Attempt = { ok: true; id: number; position: number } | { ok: false; retryAfterSeconds: number };

/**
 * Counts the attempt before its code is looked at, as logins do (decision
 * 020), so parallel guesses cannot all slip under the limit: the staff
 * member's row is locked while the recent attempts are counted.
 */
async function startAttempt({ db, clock }: { db: Database; clock: Clock }, userId: number): Promise<Attempt> {
  const now = clock.now();
  const since = new Date(now.getTime() - WRONG_CODE_LIMIT.windowMs);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from users where id = ${userId} for update`);
    const [recent] = await queryRows<{ locked_until: Date | null; oldest: Date | null; n: number }>(
      tx,
      sql`select max(locks_until) as locked_until,
                 min(attempted_at) filter (where attempted_at > ${since}) as oldest,
                 (count(*) filter (where attempted_at > ${since}))::int as n
          from second_factor_attempts where user_id = ${userId}`,
    );
    const secondsUntil = (at: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
    const lockedUntil = recent?.locked_until ?? null;
    if (lockedUntil && lockedUntil > now) return { ok: false, retryAfterSeconds: secondsUntil(lockedUntil) };
    const count = recent?.n ?? 0;
    // Five codes still being checked: the sixth waits until the oldest leaves the window (or the lock says longer).
    if (count >= WRONG_CODE_LIMIT.max && recent?.oldest)
      return { ok: false, retryAfterSeconds: secondsUntil(new Date(recent.oldest.getTime() + WRONG_CODE_LIMIT.windowMs)) };
    const [row] = await tx.insert(secondFactorAttempts).values({ userId, attemptedAt: now }).returning({ id: secondFactorAttempts.id });
    if (!row) throw new Error("insert returned no row");
    return { ok: true, id: row.id, position: count + 1 };
  });
}

/**
 * Checks a code for opening the console or for a money move. A right code
 * takes its count back. Past the limit every code is refused, the right one
 * too, for `WRONG_CODE_LIMIT.windowMs` from the fifth wrong code.
 */
export async function checkSecondFactor(
  deps: SecondFactorDeps,
  staff: { id: number; email: string },
  answer: SecondFactorAnswer,
): Promise<CodeCheck> {
  const attempt = await startAttempt(deps, staff.id);
  if (!attempt.ok) return { ok: false, reason: "throttled", retryAfterSeconds: attempt.retryAfterSeconds };
  const right =
    "code" in answer ? await checkTotp(deps, staff.id, answer.code) : await spendRecoveryCode(deps, staff.id, answer.recovery_code);
  if (right) {
    await deps.db.delete(secondFactorAttempts).where(eq(secondFactorAttempts.id, attempt.id));
    return { ok: true };
  }
  if (attempt.position >= WRONG_CODE_LIMIT.max) await lockCodes(deps, staff, attempt.id);
  return { ok: false, reason: "wrong" };
}

/** Refuses every code from now for the window, and tells the team: an alert on the console and a row in the audit log, written together. */
async function lockCodes({ db, clock }: SecondFactorDeps, staff: { id: number; email: string }, attemptId: number): Promise<void> {
  const now = clock.now();
  const until = new Date(now.getTime() + WRONG_CODE_LIMIT.windowMs);
  const minutes = WRONG_CODE_LIMIT.windowMs / 60_000;
  await db.transaction(async (tx) => {
    await tx.update(secondFactorAttempts).set({ locksUntil: until }).where(eq(secondFactorAttempts.id, attemptId));
    const raised = await queryRows<{ id: number }>(
      tx,
      sql`insert into operator_alerts (kind, subject, details, created_at)
          values ('second_factor_locked', ${`user:${staff.id}:${now.toISOString()}`},
                  ${`${staff.email} entered ${WRONG_CODE_LIMIT.max} wrong console codes within ${minutes} minutes; their codes are refused until ${until.toISOString()}. If it was not them, someone knows their password.`},
                  ${now})
          on conflict (kind, subject) do nothing
          returning id`,
    );
    if (raised.length === 0) return;
    await recordAudit(tx, clock, staff, {
      action: "two_factor.locked",
      subject: `user:${staff.id}`,
      after: { wrong_codes: WRONG_CODE_LIMIT.max, refused_until: until.toISOString() },
      reason: `${WRONG_CODE_LIMIT.max} wrong codes within ${minutes} minutes`,
    });
  });
}

/** Attempts that have left the window and lock nothing any more. */
export async function deleteOldSecondFactorAttempts({ db, clock }: { db: Database; clock: Clock }): Promise<void> {
  const now = clock.now();
  await db
    .delete(secondFactorAttempts)
    .where(
      and(
        lt(secondFactorAttempts.attemptedAt, new Date(now.getTime() - WRONG_CODE_LIMIT.windowMs)),
        or(isNull(secondFactorAttempts.locksUntil), lt(secondFactorAttempts.locksUntil, now)),
      ),
    );
}
