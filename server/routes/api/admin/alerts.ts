import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { alertIdParams, CONSOLE_DONE, consoleRefusalText, reasonBody } from "../../../../common/api/admin.ts";
import { errorReply, successReply } from "../../../../common/api/fields.ts";
import type { Clock } from "../../../clock.ts";
import type { Database } from "../../../db/client.ts";
import { resolveAlertAsStaff } from "../../../services/console/alerts.ts";
import { refuse } from "../../refusals.ts";
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
      const result = await resolveAlertAsStaff({ db, clock }, actorOf(request), alertId, request.body.reason);
      if (!result.ok) return refuse(reply, result, consoleRefusalText);
      return { suc_msg: CONSOLE_DONE.alertResolved(alertId) };
    },
  );
}
