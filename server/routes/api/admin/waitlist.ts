import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { reasonBody } from "../../../../common/api/admin.ts";
import { errorReply, successReply } from "../../../../common/api/fields.ts";
import { waitlistRefusalText, waitlistSummaryReply } from "../../../../common/api/waitlist.ts";
import { announceSignupsOpen, type WaitlistDeps, waitlistCounts } from "../../../services/waitlist.ts";
import { refuse } from "../../refusals.ts";
import { actorOf } from "./guard.ts";

/** The waitlist in the console: how many wait, and the one announcement that sign-ups are open. */
export async function consoleWaitlistRoutes(fastify: FastifyInstance, { waitlist }: { waitlist: WaitlistDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/admin/waitlist",
    { config: { consoleAccess: "console" }, schema: { response: { 200: waitlistSummaryReply, "4xx": errorReply } } },
    async () => {
      const counts = await waitlistCounts(waitlist.db);
      return {
        confirmed: counts.confirmed,
        unconfirmed: counts.unconfirmed,
        signups_open: waitlist.site.signups === "open",
        announced: counts.announced ? { sent_at: counts.announced.sentAt.toISOString(), recipients: counts.announced.recipients } : null,
      };
    },
  );

  app.post(
    "/api/admin/waitlist/announce",
    {
      config: { consoleAccess: "admin", stateChanging: true },
      schema: { body: reasonBody, response: { 200: successReply, "4xx": errorReply } },
    },
    async (request, reply) => {
      const result = await announceSignupsOpen(waitlist, actorOf(request), request.body.reason);
      if (!result.ok) return refuse(reply, result, waitlistRefusalText);
      app.backgroundWork.run(() => waitlist.mailer.flush());
      return { suc_msg: `Sign-ups are open: ${result.recipients} ${result.recipients === 1 ? "address was" : "addresses were"} told.` };
    },
  );
}
