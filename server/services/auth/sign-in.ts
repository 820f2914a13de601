import { eq } from "drizzle-orm";
import { normalizeEmail } from "../../../common/account-rules.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { type Limit, type RateLimiter, secondsUntilWindowEnds } from "../rate-limit.ts";
import type { PasswordWork } from "./password-work.ts";
import { unknownUserHash, verifyPassword } from "./passwords.ts";

export type LoginLimits = { failuresPerAccount: Limit; failuresPerIp: Limit };

export type SignInResult =
  | { ok: true; userId: number; firstName: string }
  | { ok: false; reason: "invalid"; message: string }
  | { ok: false; reason: "throttled"; message: string; retryAfterSeconds: number };

/** One message for an unknown email and a wrong password, so the answer tells nothing about who has an account. */
export const INVALID_LOGIN = "The email or password is incorrect.";

function throttled(clock: Clock, blocking: Limit[]): SignInResult {
  const retryAfterSeconds = Math.max(...blocking.map((limit) => secondsUntilWindowEnds(clock.now(), limit.windowMs)));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return {
    ok: false,
    reason: "throttled",
    retryAfterSeconds,
    message: `Too many failed logins. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  };
}

/**
 * Checks a password. Each attempt is counted, per account and per client
 * address, in one atomic step *before* the password is checked, so requests
 * sent in parallel cannot all slip under the limit; a successful login takes
 * its count back. Past either limit every attempt is refused until the window
 * passes, the right password included.
 */
export async function signIn(
  {
    db,
    clock,
    rateLimiter,
    limits,
    work,
  }: { db: Database; clock: Clock; rateLimiter: RateLimiter; limits: LoginLimits; work: PasswordWork },
  { email, password, ip }: { email: string; password: string; ip: string },
): Promise<SignInResult> {
  const counted = [
    { key: `login-attempts:account:${normalizeEmail(email)}`, limit: limits.failuresPerAccount },
    { key: `login-attempts:ip:${ip}`, limit: limits.failuresPerIp },
  ];
  const attempts = await Promise.all(counted.map(async ({ key, limit }) => ({ limit, count: await rateLimiter.hit(key, limit.windowMs) })));
  const blocking = attempts.filter(({ limit, count }) => count > limit.max).map(({ limit }) => limit);
  if (blocking.length > 0) return throttled(clock, blocking);

  const [user] = await db
    .select({ id: users.id, firstName: users.firstName, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  const storedHash = user?.passwordHash ?? (await unknownUserHash);
  const valid = await work.run(ip, () => verifyPassword(storedHash, password));
  if (!user || !valid) return { ok: false, reason: "invalid", message: INVALID_LOGIN };

  await Promise.all(counted.map(({ key, limit }) => rateLimiter.undo(key, limit.windowMs)));
  return { ok: true, userId: user.id, firstName: user.firstName };
}
