import { eq, sql } from "drizzle-orm";
import { normalizeEmail } from "../../../common/account-rules.ts";
import type { LoginThrottled, SignInRefusal } from "../../../common/api/auth.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import { sessions, users } from "../../db/schema.ts";
import { networkOf, rateLimitClientOf } from "../fairness/networks.ts";
import type { LimitBlocks } from "../limit-blocks.ts";
import { type Limit, type RateLimiter, secondsUntilWindowEnds, windowStart } from "../rate-limit.ts";
import type { PasswordWork } from "./password-work.ts";
import { unknownUserHash, verifyPassword } from "./passwords.ts";

export type LoginLimits = { failuresPerAccount: Limit; failuresPerIp: Limit };

export type Throttled = { ok: false } & LoginThrottled;

export type SignInResult = { ok: true; userId: number; firstName: string } | ({ ok: false } & SignInRefusal);

/** The counter of login attempts on one account, by its address. */
export function accountAttemptsKey(email: string): string {
  return `login-attempts:account:${normalizeEmail(email)}`;
}

/** The counter of login attempts from one client address (an IPv6 client's /64). */
export function ipAttemptsKey(ip: string): string {
  return `login-attempts:ip:${rateLimitClientOf(ip)}`;
}

/** When a client address's login attempts are refused until, as far as this instance knows (without asking the database). */
export function loginBlockedUntil(blocks: LimitBlocks, ip: string, now: Date): Date | null {
  return blocks.until(ipAttemptsKey(ip), now);
}

export function throttled(clock: Clock, blocking: Limit[]): Throttled {
  const retryAfterSeconds = Math.max(...blocking.map((limit) => secondsUntilWindowEnds(clock.now(), limit.windowMs)));
  return { ok: false, refusal: "too_many_logins", retryAfterSeconds };
}

/**
 * The counter a login attempt on this account is judged by: the browser's own
 * when it holds a live session of the account, the network's own when the
 * account signed up or has a session from it, else the account's shared one,
 * so guesses from strangers' networks cannot lock the owner out (decision 051).
 */
function attemptsKeyFor(
  email: string,
  user: { signedInHere: boolean; knownNetwork: boolean } | undefined,
  ip: string,
  sessionIdHash: string | null,
) {
  if (user?.signedInHere && sessionIdHash) return `${accountAttemptsKey(email)}:device:${sessionIdHash}`;
  if (user?.knownNetwork) return `${accountAttemptsKey(email)}:network:${networkOf(ip)}`;
  return accountAttemptsKey(email);
}

/**
 * Checks a password. Each attempt is counted, per account (or the account's
 * own device or known network) and per client address, in one atomic step
 * *before* the password is checked, so requests sent in parallel cannot all
 * slip under the limit; a successful login takes its count back. Past either
 * limit every attempt is refused until the window passes, the right password
 * included.
 */
export async function signIn(
  deps: { db: Database; clock: Clock; rateLimiter: RateLimiter; limits: LoginLimits; work: PasswordWork; blocks: LimitBlocks },
  { email, password, ip, sessionIdHash }: { email: string; password: string; ip: string; sessionIdHash: string | null },
): Promise<SignInResult> {
  const { db, clock, rateLimiter, limits, work, blocks } = deps;
  const now = clock.now();
  const [user] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      passwordHash: users.passwordHash,
      signedInHere: sql<boolean>`exists (select 1 from ${sessions} where ${sessions.userId} = ${users.id} and ${sessions.idHash} = ${sessionIdHash ?? ""} and ${sessions.expiresAt} > ${now.toISOString()})`,
      knownNetwork: sql<boolean>`(${users.signupNetwork} = ${networkOf(ip)} or exists (select 1 from ${sessions} where ${sessions.userId} = ${users.id} and ${sessions.network} = ${networkOf(ip)}))`,
    })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  const counted = [
    { key: attemptsKeyFor(email, user, ip, sessionIdHash), limit: limits.failuresPerAccount },
    { key: ipAttemptsKey(ip), limit: limits.failuresPerIp },
  ];
  const known = counted.filter(({ key }) => blocks.until(key, now)).map(({ limit }) => limit);
  if (known.length > 0) return throttled(clock, known);

  const attempts = await Promise.all(
    counted.map(async (entry) => ({ ...entry, count: await rateLimiter.hit(entry.key, entry.limit.windowMs) })),
  );
  const blocking = attempts.filter(({ limit, count }) => count > limit.max);
  for (const { key, limit } of blocking) blocks.block(key, new Date(windowStart(now, limit.windowMs).getTime() + limit.windowMs));
  if (blocking.length > 0)
    return throttled(
      clock,
      blocking.map(({ limit }) => limit),
    );

  const storedHash = user?.passwordHash ?? (await unknownUserHash);
  const valid = await work.run(ip, () => verifyPassword(storedHash, password));
  // One refusal for an unknown email and a wrong password, so the answer tells nothing about who has an account.
  if (!user || !valid) return { ok: false, refusal: "invalid_login" };

  await Promise.all(counted.map(({ key, limit }) => rateLimiter.undo(key, limit.windowMs)));
  return { ok: true, userId: user.id, firstName: user.firstName };
}

/**
 * Checks a signed-in member's current password (to change the password or
 * the email, or to delete the account) against the account's login counter,
 * counted first and taken back when right, as a login is: a stolen session
 * guesses the password no faster than the login form, and the guesses of
 * both add up.
 */
export async function checkCurrentPassword(
  { clock, rateLimiter, failuresPerAccount }: { clock: Clock; rateLimiter: RateLimiter; failuresPerAccount: Limit },
  email: string,
  check: () => Promise<boolean>,
): Promise<{ ok: true } | { ok: false; refusal: "wrong_password" } | Throttled> {
  const key = accountAttemptsKey(email);
  if ((await rateLimiter.hit(key, failuresPerAccount.windowMs)) > failuresPerAccount.max) return throttled(clock, [failuresPerAccount]);
  if (!(await check())) return { ok: false, refusal: "wrong_password" };
  await rateLimiter.undo(key, failuresPerAccount.windowMs);
  return { ok: true };
}
