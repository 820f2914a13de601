import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { consoleRefusalText } from "../../../../common/api/admin.ts";
import type { Clock } from "../../../clock.ts";
import type { Database } from "../../../db/client.ts";
import { listSpecialDays, removeSpecialDayAsStaff, setSpecialDayAsStaff } from "../../../services/special-days.ts";
import { endpoints, staffChange } from "../../endpoint.ts";
import { actorOf } from "./guard.ts";

/** The calendar of reward multipliers, on the same service as `npm run admin -- special-day`. */
export async function consoleSpecialDayRoutes(fastify: FastifyInstance, { db, clock }: { db: Database; clock: Clock }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const endpoint = endpoints(app);
  endpoint("GET /api/admin/special-days", { config: { consoleAccess: "console" } }, async () => ({
    days: (await listSpecialDays(db)).map(({ day, multiplier, note }) => ({ day, multiplier, note })),
  }));

  endpoint("POST /api/admin/special-days", { config: staffChange("admin"), refusals: consoleRefusalText }, async (request) => {
    const { day, multiplier } = request.body;
    const set = await setSpecialDayAsStaff({ db, clock }, actorOf(request), request.body);
    if (!set.ok) return set;
    return { suc_msg: `${day} now pays ×${multiplier}.` };
  });

  endpoint("POST /api/admin/special-days/:day/remove", { config: staffChange("admin"), refusals: consoleRefusalText }, async (request) => {
    const { day } = request.params;
    const removed = await removeSpecialDayAsStaff({ db, clock }, actorOf(request), day, request.body.reason);
    if (!removed.ok) return removed;
    return { suc_msg: `${day} is back to the normal reward.` };
  });
}
