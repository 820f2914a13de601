import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { alertIdParams, reasonBody } from "../../../../common/api/admin.ts";
import { errorReply, successReply } from "../../../../common/api/fields.ts";
import type { Clock } from "../../../clock.ts";
import type { Database } from "../../../db/client.ts";
import { resolveAlert } from "../../../services/console/alerts.ts";
import { recordAudit } from "../../../services/console/audit.ts";
import { actorOf } from "./guard.ts";

/** Marking an operator alert handled: any staff member, with the reason, in the audit log. */
export async function consoleAlertRoutes(fastify: FastifyInstance, { db, clock }: { db: Database; clock: Clock }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/api/admin/alerts/:id/resolve",
    {
      config: { consoleAccess: "console", stateChanging: true },
      schema: { params: alertIdParams, body: reasonBody, response: { 200: successReply, "4xx": errorReply } },
    },
    async (request, reply) => {
      const alertId = request.params.id;
      const result = await db.transaction(async (tx) => {
        const resolved = await resolveAlert({ db: tx, clock }, alertId);
        if (resolved.ok)
          await recordAudit(tx, clock, actorOf(request), {
            action: "alert.resolve",
            subject: `alert:${alertId}`,
            before: { kind: resolved.alert.kind, subject: resolved.alert.subject, details: resolved.alert.details },
            reason: request.body.reason,
          });
        return resolved;
      });
      if (!result.ok) return reply.code(result.status).send({ err_msg: result.message });
      return { suc_msg: `Alert ${alertId} is marked handled.` };
    },
  );
}
