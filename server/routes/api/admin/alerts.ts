import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CONSOLE_DONE, consoleRefusalText } from "../../../../common/api/admin.ts";
import type { Clock } from "../../../clock.ts";
import type { Database } from "../../../db/client.ts";
import { resolveAlertAsStaff } from "../../../services/console/alerts.ts";
import { endpoints, staffChange } from "../../endpoint.ts";
import { actorOf } from "./guard.ts";

/** Marking an operator alert handled: any staff member, with the reason, in the audit log. */
export async function consoleAlertRoutes(fastify: FastifyInstance, { db, clock }: { db: Database; clock: Clock }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const endpoint = endpoints(app);

  endpoint("POST /api/admin/alerts/:id/resolve", { config: staffChange("console"), refusals: consoleRefusalText }, async (request) => {
    const alertId = request.params.id;
    const result = await resolveAlertAsStaff({ db, clock }, actorOf(request), alertId, request.body.reason);
    if (!result.ok) return result;
    return { suc_msg: CONSOLE_DONE.alertResolved(alertId) };
  });
}
