import { and, desc, eq, isNull } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import { operatorAlerts } from "../../db/schema.ts";

export type OperatorAlert = typeof operatorAlerts.$inferSelect;

/** Alerts nobody has handled yet, newest first. */
export function openAlerts(db: Database, limit: number): Promise<OperatorAlert[]> {
  return db.select().from(operatorAlerts).where(isNull(operatorAlerts.resolvedAt)).orderBy(desc(operatorAlerts.createdAt)).limit(limit);
}

export type ResolveResult = { ok: true; alert: OperatorAlert } | { ok: false; status: 404 | 409; message: string };

/**
 * Marks an alert handled once a person has looked into it. The update requires
 * it still open, so two staff handling the same alert get one success and one
 * 409, and the handled alert keeps its row (its cause is never raised again).
 */
export async function resolveAlert({ db, clock }: { db: Database; clock: Clock }, alertId: number): Promise<ResolveResult> {
  const [resolved] = await db
    .update(operatorAlerts)
    .set({ resolvedAt: clock.now() })
    .where(and(eq(operatorAlerts.id, alertId), isNull(operatorAlerts.resolvedAt)))
    .returning();
  if (resolved) return { ok: true, alert: resolved };
  const [existing] = await db.select({ id: operatorAlerts.id }).from(operatorAlerts).where(eq(operatorAlerts.id, alertId));
  return existing
    ? { ok: false, status: 409, message: `Alert ${alertId} was already marked handled.` }
    : { ok: false, status: 404, message: "That alert does not exist." };
}
