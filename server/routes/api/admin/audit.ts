import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AuditQuery, auditQuery } from "../../../../common/api/admin.ts";
import type { Database } from "../../../db/client.ts";
import { auditCsv, auditEntries } from "../../../services/audit.ts";
import { endpoints } from "../../endpoint.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const AUDIT_ROWS = 1_000;

/** The audit log: filtered, as JSON for the page or CSV to keep. Admins only: it names every operator's actions. */
export async function consoleAuditRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const endpoint = endpoints(app);
  const entriesFor = (query: AuditQuery) =>
    auditEntries(db, {
      action: query.action || undefined,
      actor: query.actor || undefined,
      subject: query.subject || undefined,
      from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
      // "to" names the last day included.
      to: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
      limit: AUDIT_ROWS,
    });

  endpoint("GET /api/admin/audit", { config: { consoleAccess: "admin" } }, async (request) => ({
    entries: (await entriesFor(request.query)).map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      actor: row.actor,
      action: row.action,
      subject: row.subject,
      reason: row.reason,
      before: row.before,
      after: row.after,
    })),
  }));

  app.get("/api/admin/audit.csv", { config: { consoleAccess: "admin" }, schema: { querystring: auditQuery } }, async (request, reply) =>
    reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", 'attachment; filename="audit.csv"')
      .send(auditCsv(await entriesFor(request.query))),
  );
}
