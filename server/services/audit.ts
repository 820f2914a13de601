import { and, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/client.ts";
import { auditLog } from "../db/schema.ts";
import { csvField } from "./csv.ts";

/** Who made a change: an operator's account, or the server's shell. */
export type Actor = { id: number; email: string } | "shell";

export type AuditEntry = {
  action: string;
  subject: string;
  before?: unknown;
  after?: unknown;
  reason: string;
};

/** Bigints (balances, amounts) are kept as decimal strings: JSON has no integer wide enough. */
function jsonSafe(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value, (_key, item) => (typeof item === "bigint" ? item.toString() : item)));
}

/** Writes one audit row; pass the transaction that made the change so both land or neither. */
export async function recordAudit(db: Database, clock: Clock, actor: Actor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor === "shell" ? null : actor.id,
    actor: actor === "shell" ? "shell" : actor.email,
    action: entry.action,
    subject: entry.subject,
    before: jsonSafe(entry.before),
    after: jsonSafe(entry.after),
    reason: entry.reason,
    createdAt: clock.now(),
  });
}

export type AuditFilter = { action?: string; actor?: string; subject?: string; from?: Date; to?: Date; limit: number };

/** The log, newest first, narrowed by any of the filter's fields. */
export async function auditEntries(db: Database, filter: AuditFilter) {
  const conditions: SQL[] = [];
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.actor) conditions.push(eq(auditLog.actor, filter.actor));
  if (filter.subject) conditions.push(eq(auditLog.subject, filter.subject));
  if (filter.from) conditions.push(gte(auditLog.createdAt, filter.from));
  if (filter.to) conditions.push(lt(auditLog.createdAt, filter.to));
  return db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(filter.limit);
}

export type AuditRow = Awaited<ReturnType<typeof auditEntries>>[number];

/** The rows as CSV, a header first. */
export function auditCsv(rows: AuditRow[]): string {
  const header = "id,created_at,actor,action,subject,reason,before,after";
  const lines = rows.map((row) =>
    [
      String(row.id),
      row.createdAt.toISOString(),
      row.actor,
      row.action,
      row.subject,
      row.reason,
      JSON.stringify(row.before),
      JSON.stringify(row.after),
    ]
      .map(csvField)
      .join(","),
  );
  return `${[header, ...lines].join("\r\n")}\r\n`;
}
