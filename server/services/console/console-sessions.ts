import { and, eq, gt } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import { consoleSessions } from "../../db/schema.ts";

/** The console closes after this long without a call; the member session it rides on lives on. */
export const CONSOLE_IDLE_MS = 30 * 60 * 1000;

export async function openConsole({ db, clock }: { db: Database; clock: Clock }, sessionIdHash: string, userId: number): Promise<void> {
  const now = clock.now();
  await db
    .insert(consoleSessions)
    .values({ sessionIdHash, userId, openedAt: now, lastSeenAt: now })
    .onConflictDoUpdate({ target: consoleSessions.sessionIdHash, set: { userId, openedAt: now, lastSeenAt: now } });
}

/** True when the console is open for this session and was used within the idle limit; the use is recorded. */
export async function touchConsole({ db, clock }: { db: Database; clock: Clock }, sessionIdHash: string, userId: number): Promise<boolean> {
  const now = clock.now();
  const touched = await db
    .update(consoleSessions)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(consoleSessions.sessionIdHash, sessionIdHash),
        eq(consoleSessions.userId, userId),
        gt(consoleSessions.lastSeenAt, new Date(now.getTime() - CONSOLE_IDLE_MS)),
      ),
    )
    .returning({ userId: consoleSessions.userId });
  return touched.length === 1;
}

export async function closeConsole(db: Database, sessionIdHash: string): Promise<void> {
  await db.delete(consoleSessions).where(eq(consoleSessions.sessionIdHash, sessionIdHash));
}
