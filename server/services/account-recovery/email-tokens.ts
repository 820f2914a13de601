import { randomBytes } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import { type EmailTokenPurpose, emailTokens } from "../../db/schema.ts";
import { hashToken, isWellFormedToken } from "../sessions.ts";

const MINUTE_MS = 60_000;
/** How long each kind of link works. */
export const EMAIL_TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 60 * MINUTE_MS,
  reset_password: 30 * MINUTE_MS,
  change_email: 24 * 60 * MINUTE_MS,
  cancel_email_change: 24 * 60 * MINUTE_MS,
};

type Deps = { db: Database; clock: Clock };

/** A new link of this kind for the member: 32 random bytes, stored hashed; it replaces the member's older link of the same kind. */
export async function issueEmailToken(
  { db, clock }: Deps,
  userId: number,
  purpose: EmailTokenPurpose,
  newEmail: string | null = null,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = clock.now();
  await db.execute(sql`
    insert into email_tokens (token_hash, user_id, purpose, new_email, created_at, expires_at)
    values (${hashToken(token)}, ${userId}, ${purpose}, ${newEmail}, ${now}, ${new Date(now.getTime() + EMAIL_TOKEN_LIFETIME_MS[purpose])})
    on conflict (user_id, purpose) do update
      set token_hash = excluded.token_hash, new_email = excluded.new_email, created_at = excluded.created_at, expires_at = excluded.expires_at`);
  return token;
}

export type LiveToken = { userId: number; newEmail: string | null };

const liveTokenColumns = { userId: emailTokens.userId, newEmail: emailTokens.newEmail };

/** The link of this kind with this token, while it works. */
function liveToken(token: string, purpose: EmailTokenPurpose, now: Date) {
  return and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose), gt(emailTokens.expiresAt, now));
}

/** The member a live link belongs to, without using it (to check a new password before the link is spent). */
export async function peekEmailToken({ db, clock }: Deps, token: string, purpose: EmailTokenPurpose): Promise<LiveToken | null> {
  if (!isWellFormedToken(token)) return null;
  const [row] = await db
    .select(liveTokenColumns)
    .from(emailTokens)
    .where(liveToken(token, purpose, clock.now()));
  return row ?? null;
}

/** Uses a link: the delete is the guard, so of two clicks at once exactly one gets the member. */
export async function consumeEmailToken({ db, clock }: Deps, token: string, purpose: EmailTokenPurpose): Promise<LiveToken | null> {
  if (!isWellFormedToken(token)) return null;
  const [row] = await db
    .delete(emailTokens)
    .where(liveToken(token, purpose, clock.now()))
    .returning(liveTokenColumns);
  return row ?? null;
}

/**
 * Cancels the member's outstanding links of these kinds; pass the
 * transaction that changes the password or the address, so a link sent
 * before the change cannot be used after it.
 */
export async function cancelEmailTokens(db: Database, userId: number, purposes: EmailTokenPurpose[]): Promise<void> {
  await db.execute(sql`delete from email_tokens where user_id = ${userId} and purpose in ${purposes}`);
}

export async function deleteExpiredEmailTokens({ db, clock }: Deps): Promise<number> {
  const rows = await db.delete(emailTokens).where(lt(emailTokens.expiresAt, clock.now())).returning({ tokenHash: emailTokens.tokenHash });
  return rows.length;
}
