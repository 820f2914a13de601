import type { FastifyInstance } from "fastify";
import { healthReply } from "../../common/api/health.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { ping } from "../db/client.ts";
import { migrationsApplied } from "../db/migrate.ts";

/** /healthz: the process is up. /readyz: the database answers and is migrated (503 otherwise, and while shutting down). */
export async function healthRoutes(app: FastifyInstance, { database }: { database: DatabaseHandle }) {
  app.get("/healthz", { schema: { response: { 200: healthReply } } }, async () => ({ status: "ok" as const }));

  app.get("/readyz", { schema: { response: { 200: healthReply, 503: healthReply } } }, async (_request, reply) => {
    try {
      await ping(database.db);
      if (await migrationsApplied(database)) return { status: "ok" as const };
    } catch {
      // Unreachable database: not ready.
    }
    return reply.code(503).send({ status: "unavailable" as const });
  });
}
