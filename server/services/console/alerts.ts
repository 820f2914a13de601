import { and, desc, eq, isNull } from "drizzle-orm";
import type { ConsoleRefusal } from "../../../common/api/admin.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import { operatorAlerts } from "../../db/schema.ts";
import { type Actor, recordAudit } from "../audit.ts";

export type OperatorAlert = typeof operatorAlerts.$inferSelect;

/** Alerts nobody has handled yet, newest first. */
export function openAlerts(db: Database, limit: number): Promise<OperatorAlert[]> {
  return db.select().from(operatorAlerts).where(isNull(operatorAlerts.resolvedAt)).orderBy(desc(operatorAlerts.createdAt)).limit(limit);
}

export type ResolveResult = { ok: true; alert: OperatorAlert } | ({ ok: false } & ConsoleRefusal);

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
  return existing ? { ok: false, refusal: "alert_handled", alertId } : { ok: false, refusal: "unknown_alert" };
}

/** A staff member marks an alert handled, with the reason, and its audit row in the same transaction. */
export function resolveAlertAsStaff({ db, clock }: { db: Database; clock: Clock }, actor: Actor, alertId: number, reason: string) {
  return db.transaction(async (tx): Promise<ResolveResult> => {
    const resolved = await resolveAlert({ db: tx, clock }, alertId);
    if (resolved.ok)
      await recordAudit(tx, clock, actor, {
        action: "alert.resolve",
        subject: `alert:${alertId}`,
        before: { kind: resolved.alert.kind, subject: resolved.alert.subject, details: resolved.alert.details },
        reason,
      });
    return resolved;
  });
}
