import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CONSOLE_DONE, consoleRefusalText } from "../../../../common/api/admin.ts";
import type { AccountDeps } from "../../../services/account-deps.ts";
import { listInbox, replyToMessage, setMessageStateAsStaff } from "../../../services/console/inbox.ts";
import { endpoints, staffChange } from "../../endpoint.ts";
import { actorOf } from "./guard.ts";

/** The contact inbox: support reads it, answers by email and moves each message to answered or closed. */
export async function consoleMessageRoutes(fastify: FastifyInstance, { accounts }: { accounts: AccountDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const endpoint = endpoints(app);
  const { db, clock, mailer } = accounts;

  endpoint("GET /api/admin/messages", { config: { consoleAccess: "console" } }, async (request) => ({
    messages: (await listInbox(db, request.query)).map((message) => ({
      ...message,
      at: message.at.toISOString(),
      replies: message.replies.map((reply) => ({ at: reply.at.toISOString(), body: reply.body })),
    })),
  }));

  endpoint(
    "POST /api/admin/messages/:id/reply",
    { config: staffChange("console"), refusals: consoleRefusalText },
    async (request, _reply) => {
      const sent = await replyToMessage({ db, clock, mailer }, actorOf(request), request.params.id, request.body.reply);
      if (!sent.ok) return sent;
      return { suc_msg: CONSOLE_DONE.replySent };
    },
  );

  endpoint("POST /api/admin/messages/:id/state", { config: staffChange("console"), refusals: consoleRefusalText }, async (request) => {
    const { state } = request.body;
    const result = await setMessageStateAsStaff({ db, clock }, actorOf(request), request.params.id, request.body);
    if (!result.ok) return result;
    return { suc_msg: CONSOLE_DONE.messageState(state) };
  });
}
