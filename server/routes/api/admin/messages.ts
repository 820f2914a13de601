import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { messageIdParams, messageStateBody, messagesQuery, messagesReply, replyBody } from "../../../../common/api/admin.ts";
import { errorReply, successReply } from "../../../../common/api/fields.ts";
import type { AccountDeps } from "../../../services/account-deps.ts";
import { recordAudit } from "../../../services/audit.ts";
import { listInbox, replyToMessage, setMessageState } from "../../../services/console/inbox.ts";
import { actorOf } from "./guard.ts";

const NO_MESSAGE = "That message does not exist.";

/** The contact inbox: support reads it, answers by email and moves each message to answered or closed. */
export async function consoleMessageRoutes(fastify: FastifyInstance, { accounts }: { accounts: AccountDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, mailer } = accounts;

  app.get(
    "/api/admin/messages",
    { config: { consoleAccess: "console" }, schema: { querystring: messagesQuery, response: { 200: messagesReply, "4xx": errorReply } } },
    async (request) => ({
      messages: (await listInbox(db, request.query)).map((message) => ({
        ...message,
        at: message.at.toISOString(),
        replies: message.replies.map((reply) => ({ at: reply.at.toISOString(), body: reply.body })),
      })),
    }),
  );

  app.post(
    "/api/admin/messages/:id/reply",
    {
      config: { consoleAccess: "console", stateChanging: true },
      schema: { params: messageIdParams, body: replyBody, response: { 200: successReply, "4xx": errorReply } },
    },
    async (request, reply) => {
      const sent = await replyToMessage({ db, clock, mailer }, actorOf(request), request.params.id, request.body.reply);
      if (sent === "unknown") return reply.code(404).send({ err_msg: NO_MESSAGE });
      if (sent === "no-address") return reply.code(409).send({ err_msg: "This report left no address to answer." });
      return { suc_msg: "Your reply is on its way by email." };
    },
  );

  app.post(
    "/api/admin/messages/:id/state",
    {
      config: { consoleAccess: "console", stateChanging: true },
      schema: { params: messageIdParams, body: messageStateBody, response: { 200: successReply, "4xx": errorReply } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { state, reason } = request.body;
      const result = await db.transaction(async (tx) => {
        const before = await setMessageState(tx, id, state);
        if (before)
          await recordAudit(tx, clock, actorOf(request), {
            action: "message.state",
            subject: `message:${id}`,
            before: { state: before },
            after: { state },
            reason,
          });
        return before;
      });
      if (!result) return reply.code(404).send({ err_msg: NO_MESSAGE });
      return { suc_msg: `The message is now ${state}.` };
    },
  );
}
