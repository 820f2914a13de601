import { eq } from "drizzle-orm";
import { normalizeEmail } from "../../../common/account-rules.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { type Limit, type RateLimiter, secondsUntilWindowEnds } from "../rate-limit.ts";
import { unknownUserHash, verifyPassword } from "./passwords.ts";

export type LoginLimits = { failuresPerAccount: Limit; failuresPerIp: Limit };

export type SignInResult =
  | { ok: true; userId: number; firstName: string }
  | { ok: false; reason: "invalid"; message: string }
  | { ok: false; reason: "throttled"; message: string; retryAfterSeconds: number };

/** One message for an unknown email and a wrong password, so the answer tells nothing about who has an account. */
export const INVALID_LOGIN = "The email or password is incorrect.";

/**
 * Checks a password, counting failures per account and per client address.
 * Past either limit every attempt is refused until the window passes, the
 * right password included, so guessing cannot go on at speed.
 */
export async function signIn(
  { db, clock, rateLimiter, limits }: { db: Database; clock: Clock; rateLimiter: RateLimiter; limits: LoginLimits },
  { email, password, ip }: { email: string; password: string; ip: string },
): Promise<SignInResult> {
  const accountKey = `login-failures:account:${normalizeEmail(email)}`;
  const ipKey = `login-failures:ip:${ip}`;
  const [accountFailures, ipFailures] = await Promise.all([
    rateLimiter.count(accountKey, limits.failuresPerAccount.windowMs),
    rateLimiter.count(ipKey, limits.failuresPerIp.windowMs),
  ]);
  const blocking = [
    accountFailures >= limits.failuresPerAccount.max ? limits.failuresPerAccount : null,
    ipFailures >= limits.failuresPerIp.max ? limits.failuresPerIp : null,
  ].filter((limit): limit is Limit => limit !== null);
  if (blocking.length > 0) {
    const retryAfterSeconds = Math.max(...blocking.map((limit) => secondsUntilWindowEnds(clock.now(), limit.windowMs)));
    const minutes = Math.ceil(retryAfterSeconds / 60);
    return {
      ok: false,
      reason: "throttled",
      retryAfterSeconds,
      message: `Too many failed logins. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    };
  }

  const [user] = await db
    .select({ id: users.id, firstName: users.firstName, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  const valid = await verifyPassword(user?.passwordHash ?? (await unknownUserHash), password);
  if (user && valid) return { ok: true, userId: user.id, firstName: user.firstName };

  await Promise.all([
    rateLimiter.hit(accountKey, limits.failuresPerAccount.windowMs),
    rateLimiter.hit(ipKey, limits.failuresPerIp.windowMs),
  ]);
  return { ok: false, reason: "invalid", message: INVALID_LOGIN };
}
