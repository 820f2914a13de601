import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, lt, notInArray, type SQL, sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Database, PlaceholderOf } from "../db/client.ts";
import { sessions } from "../db/schema.ts";

export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const REMEMBERED_SESSION_MS = 30 * 24 * 60 * 60 * 1000;
/** However active, a session without "Remember Me" ends a week after login. */
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000;
/** A session's last use is written at most this often, so a page of API calls costs one write, not many. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** A member's newest sessions kept; logging in on an eleventh device ends the oldest. */
export const MAX_SESSIONS_PER_MEMBER = 10;

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

type Deps = { db: Database; clock: Clock };

export type ActiveSession = { idHash: string; userId: number; remember: boolean; expiresAt: Date };

/** 256 random bits, URL-safe: the value of a session or pre-session cookie. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function isWellFormedToken(token: string | undefined): token is string {
  return typeof token === "string" && TOKEN_FORMAT.test(token);
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Without "Remember Me" a session ends after 12 idle hours or a week after login; with it, 30 days after login. */
function expiryFrom(now: Date, remember: boolean, createdAt: Date): Date {
  if (remember) return new Date(createdAt.getTime() + REMEMBERED_SESSION_MS);
  return new Date(Math.min(now.getTime() + SESSION_IDLE_MS, createdAt.getTime() + SESSION_MAX_MS));
}

export async function createSession(
  { db, clock }: Deps,
  userId: number,
  remember: boolean,
  device: { userAgent?: string; network?: string } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = clock.now();
  const expiresAt = expiryFrom(now, remember, now);
  await db.insert(sessions).values({
    idHash: hashToken(token),
    userId,
    remember,
    userAgent: device.userAgent?.slice(0, 400) ?? null,
    network: device.network ?? null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  const newest = db
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt), desc(sessions.idHash))
    .limit(MAX_SESSIONS_PER_MEMBER);
  await db.delete(sessions).where(and(eq(sessions.userId, userId), notInArray(sessions.idHash, newest)));
  return { token, expiresAt };
}

/** The live session with this id hash (of a well-formed cookie), its idle expiry moved forward; null when unknown or expired. */
export async function findSession({ db, clock }: Deps, idHash: string): Promise<ActiveSession | null> {
  const [row] = await db.select().from(sessions).where(eq(sessions.idHash, idHash));
  const now = clock.now();
  if (!row) return null;
  if (row.expiresAt <= now) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  let expiresAt = row.expiresAt;
  // A remembered session ends at a fixed time: only idle-limited ones need their last use written.
  if (!row.remember && now.getTime() - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    expiresAt = expiryFrom(now, row.remember, row.createdAt);
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.idHash, idHash));
  }
  return { idHash, userId: row.userId, remember: row.remember, expiresAt };
}

export type LiveSessionValues = { sessionIdHash: string; now: string; touchBefore: string };

/**
 * The live session with this id hash, as a one-row SELECT to put inside
 * another statement (user_id, and touch_due when findSession would write its
 * last use): a hot call proves the session in its own round trip.
 */
export function liveSessionSql(value: PlaceholderOf<LiveSessionValues>): SQL {
  return sql`select user_id, (not remember and last_seen_at <= ${value("touchBefore")}) as touch_due from sessions where id_hash = ${value("sessionIdHash")} and expires_at > ${value("now")}`;
}

export function liveSessionValues(sessionIdHash: string, now: Date): LiveSessionValues {
  return { sessionIdHash, now: now.toISOString(), touchBefore: new Date(now.getTime() - TOUCH_INTERVAL_MS).toISOString() };
}

export async function deleteSession({ db }: Pick<Deps, "db">, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Deletes expired sessions; answers how many. */
export async function deleteExpiredSessions({ db, clock }: Deps): Promise<number> {
  const deleted = await db.delete(sessions).where(lt(sessions.expiresAt, clock.now())).returning({ idHash: sessions.idHash });
  return deleted.length;
}
