import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { reasonBody, setSpecialDayBody, specialDayParams, specialDaysReply } from "../../../../common/api/admin.ts";
import { errorReply, successReply } from "../../../../common/api/fields.ts";
import type { Clock } from "../../../clock.ts";
import type { Database } from "../../../db/client.ts";
import { recordAudit } from "../../../services/audit.ts";
import { listSpecialDays, removeSpecialDay, setSpecialDay } from "../../../services/special-days.ts";
import { actorOf } from "./guard.ts";

/** The calendar of reward multipliers, on the same service as `npm run admin -- special-day`. */
export async function consoleSpecialDayRoutes(fastify: FastifyInstance, { db, clock }: { db: Database; clock: Clock }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const byDay = async (day: string) => (await listSpecialDays(db)).find((row) => row.day === day) ?? null;

  app.get(
    "/api/admin/special-days",
    { config: { consoleAccess: "console" }, schema: { response: { 200: specialDaysReply, "4xx": errorReply } } },
    async () => ({ days: (await listSpecialDays(db)).map(({ day, multiplier, note }) => ({ day, multiplier, note })) }),
  );

  app.post(
    "/api/admin/special-days",
    {
      config: { consoleAccess: "admin", stateChanging: true },
      schema: { body: setSpecialDayBody, response: { 200: successReply, "4xx": errorReply } },
    },
    async (request, reply) => {
      const { day, multiplier, note, reason } = request.body;
      const before = await byDay(day);
      const problem = await setSpecialDay(db, day, multiplier, note?.trim() || null);
      if (problem) return reply.code(400).send({ err_msg: problem });
      await recordAudit(db, clock, actorOf(request), {
        action: "special_day.set",
        subject: `day:${day}`,
        before,
        after: { multiplier, note },
        reason,
      });
      return { suc_msg: `${day} now pays ×${multiplier}.` };
    },
  );

  app.post(
    "/api/admin/special-days/:day/remove",
    {
      config: { consoleAccess: "admin", stateChanging: true },
      schema: { params: specialDayParams, body: reasonBody, response: { 200: successReply, "4xx": errorReply } },
    },
    async (request, reply) => {
      const { day } = request.params;
      const before = await byDay(day);
      if (!(await removeSpecialDay(db, day))) return reply.code(404).send({ err_msg: "That day is not in the calendar." });
      await recordAudit(db, clock, actorOf(request), {
        action: "special_day.remove",
        subject: `day:${day}`,
        before,
        reason: request.body.reason,
      });
      return { suc_msg: `${day} is back to the normal reward.` };
    },
  );
}
