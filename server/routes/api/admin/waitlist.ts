import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { waitlistRefusalText } from "../../../../common/api/waitlist.ts";
import { announceSignupsOpen, type WaitlistDeps, waitlistCounts } from "../../../services/waitlist.ts";
import { endpoints, staffChange } from "../../endpoint.ts";
import { actorOf } from "./guard.ts";

/** The waitlist in the console: how many wait, and the one announcement that sign-ups are open. */
export async function consoleWaitlistRoutes(fastify: FastifyInstance, { waitlist }: { waitlist: WaitlistDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const endpoint = endpoints(app);

  endpoint("GET /api/admin/waitlist", { config: { consoleAccess: "console" } }, async () => {
    const counts = await waitlistCounts(waitlist.db);
    return {
      confirmed: counts.confirmed,
      unconfirmed: counts.unconfirmed,
      signups_open: waitlist.site.signups === "open",
      announced: counts.announced ? { sent_at: counts.announced.sentAt.toISOString(), recipients: counts.announced.recipients } : null,
    };
  });

  endpoint("POST /api/admin/waitlist/announce", { config: staffChange("admin"), refusals: waitlistRefusalText }, async (request) => {
    const result = await announceSignupsOpen(waitlist, actorOf(request), request.body.reason);
    if (!result.ok) return result;
    app.backgroundWork.run(() => waitlist.mailer.flush());
    return { suc_msg: `Sign-ups are open: ${result.recipients} ${result.recipients === 1 ? "address was" : "addresses were"} told.` };
  });
}
