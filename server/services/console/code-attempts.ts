import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client.ts";
import { type Limit, type RateLimiter, secondsUntilWindowEnds, windowStart } from "../rate-limit.ts";
import { recordAudit } from "./audit.ts";
import { checkTotp, type SecondFactorDeps, spendRecoveryCode } from "./second-factor.ts";

/**
 * Wrong codes (the app's and recovery codes together) a staff member may
 * enter before every code is refused until the window passes: a six-digit
 * code with a step of drift either way is three in a million, so without a
 * limit a stolen password and twenty minutes of guessing open the console.
 */
export const WRONG_CODE_LIMIT: Limit = { max: 5, windowMs: 15 * 60 * 1000 };

export type SecondFactorAnswer = { code: string } | { recovery_code: string };

export type CodeCheck =
  | { ok: true }
  | { ok: false; reason: "wrong" }
  | { ok: false; reason: "throttled"; message: string; retryAfterSeconds: number };

function attemptsKey(userId: number): string {
  return `console-code-attempts:user:${userId}`;
}

/**
 * Checks a code for opening the console or for a money move. As with logins
 * (decision 020) the attempt is counted before the code is looked at, so
 * parallel guesses cannot all slip under the limit, and a right code takes
 * its count back. Past the limit every code is refused, the right one too.
 */
export async function checkSecondFactor(
  deps: SecondFactorDeps & { rateLimiter: RateLimiter },
  staff: { id: number; email: string },
  answer: SecondFactorAnswer,
): Promise<CodeCheck> {
  const { rateLimiter, clock } = deps;
  const key = attemptsKey(staff.id);
  const attempts = await rateLimiter.hit(key, WRONG_CODE_LIMIT.windowMs);
  if (attempts > WRONG_CODE_LIMIT.max) {
    const retryAfterSeconds = secondsUntilWindowEnds(clock.now(), WRONG_CODE_LIMIT.windowMs);
    const minutes = Math.ceil(retryAfterSeconds / 60);
    return {
      ok: false,
      reason: "throttled",
      retryAfterSeconds,
      message: `Too many wrong codes. Codes are refused for ${minutes} minute${minutes === 1 ? "" : "s"}; the team has been told.`,
    };
  }
  const right =
    "code" in answer ? await checkTotp(deps, staff.id, answer.code) : await spendRecoveryCode(deps, staff.id, answer.recovery_code);
  if (right) {
    await rateLimiter.undo(key, WRONG_CODE_LIMIT.windowMs);
    return { ok: true };
  }
  if (attempts === WRONG_CODE_LIMIT.max) await raiseLockedAlert(deps, staff);
  return { ok: false, reason: "wrong" };
}

/** Tells the team, once per window: an alert on the console and a row in the audit log, written together. */
async function raiseLockedAlert({ db, clock }: SecondFactorDeps, staff: { id: number; email: string }): Promise<void> {
  const now = clock.now();
  const start = windowStart(now, WRONG_CODE_LIMIT.windowMs);
  const until = new Date(start.getTime() + WRONG_CODE_LIMIT.windowMs);
  const minutes = WRONG_CODE_LIMIT.windowMs / 60_000;
  await db.transaction(async (tx) => {
    const raised = await queryRows<{ id: number }>(
      tx,
      sql`insert into operator_alerts (kind, subject, details, created_at)
          values ('second_factor_locked', ${`user:${staff.id}:${start.toISOString()}`},
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
