import { sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/client.ts";
import { jobLeases } from "../db/schema.ts";

/**
 * Takes the job's lease until `ttlMs` from now, unless another holder's lease
 * is still running: one atomic upsert, so two instances never both win.
 */
export async function tryLeaseJob(
  { db, clock }: { db: Database; clock: Clock },
  { name, holder, ttlMs }: { name: string; holder: string; ttlMs: number },
): Promise<boolean> {
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + ttlMs);
  const taken = await db
    .insert(jobLeases)
    .values({ name, holder, expiresAt })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder, expiresAt },
      setWhere: sql`${jobLeases.expiresAt} <= ${now}`,
    })
    .returning({ holder: jobLeases.holder });
  return taken[0]?.holder === holder;
}
