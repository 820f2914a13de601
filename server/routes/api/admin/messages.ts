import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { messagesReply } from "../../../../common/api/admin.ts";
import { errorReply } from "../../../../common/api/fields.ts";
import type { Database } from "../../../db/client.ts";
import { listContactMessages } from "../../../services/contact.ts";

const INBOX_SIZE = 100;

/** The contact inbox, newest first; support reads it too. */
export async function consoleMessageRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/admin/messages",
    { config: { consoleAccess: "console" }, schema: { response: { 200: messagesReply, "4xx": errorReply } } },
    async () => ({
      messages: (await listContactMessages(db, INBOX_SIZE)).map((row) => ({
        id: row.id,
        at: row.createdAt.toISOString(),
        name: row.name,
        email: row.email,
        subject: row.subject,
        message: row.message,
      })),
    }),
  );
}
