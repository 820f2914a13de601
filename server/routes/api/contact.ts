import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import { eq } from "drizzle-orm";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { SiteConfig } from "../../../config/site.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import { contactMessages } from "../../db/schema.ts";
import { type ContactForwarder, contactProblem, storeContactMessage } from "../../services/contact.ts";
import type { Limit, RateLimiter } from "../../services/rate-limit.ts";

export type ContactRoutesOptions = {
  site: SiteConfig;
  db: Database;
  clock: Clock;
  rateLimiter: RateLimiter;
  messagesPerIp: Limit;
  forward: ContactForwarder | null;
};

export const CONTACT_RECEIVED = "Your message has been submitted.";

const field = z.string().max(20_000).optional().default("");
const contactBody = z.object(
  { name: field, email: field, message: field, subject: field, access_key: field, botcheck: field },
  { error: "Send the form's fields." },
);

/**
 * The contact form's default endpoint. It speaks the protocol of hosted
 * form-submission services (multipart or urlencoded fields with an access
 * key; an answer of `success` and `message`), so an operator can point the
 * form at one of those instead. Refusals also carry `err_msg`, like the rest
 * of the API.
 */
export async function contactRoutes(app: FastifyInstance, { site, db, clock, rateLimiter, messagesPerIp, forward }: ContactRoutesOptions) {
  await app.register(multipart, { attachFieldsToBody: "keyValues", limits: { files: 0, fields: 10, fieldSize: 20_000, parts: 10 } });
  await app.register(formbody, { bodyLimit: 32 * 1024 });

  const handled = new WeakSet<FastifyRequest>();
  const refuse = (status: number, message: string) => ({ status, body: { success: false, message, err_msg: message } });

  app.post(
    "/api/contact",
    {
      bodyLimit: 32 * 1024,
      schema: { body: contactBody },
      errorHandler: (error: FastifyError, request, reply) => {
        // Before the handler runs, any failure is the sender's unreadable form (a multipart body without its boundary, say).
        const status = error.statusCode && error.statusCode < 500 ? error.statusCode : handled.has(request) ? 500 : 400;
        if (status >= 500) request.log.error({ err: error }, "contact message failed");
        const message =
          status >= 500
            ? "We could not send your message. Please try again later."
            : status === 413
              ? "Your message is too long."
              : "The form could not be read. Please try again.";
        const { body } = refuse(status, message);
        return reply.code(status).send(body);
      },
    },
    async (request, reply) => {
      handled.add(request);
      const body = request.body as z.infer<typeof contactBody>;
      const answer = (status: number, message: string) => reply.code(status).send(refuse(status, message).body);
      if (body.access_key !== site.contact.accessKey) return answer(401, "This form is not set up correctly: its access key is unknown.");
      const attempts = await rateLimiter.hit(`contact:ip:${request.ip}`, messagesPerIp.windowMs);
      if (attempts > messagesPerIp.max) return answer(429, "You have sent several messages already. Please try again in an hour.");
      // Bots fill in the hidden field; they are told it worked and nothing is kept.
      if (body.botcheck) return { success: true, message: CONTACT_RECEIVED };

      const message = { name: body.name, email: body.email, subject: body.subject || site.contact.subject, message: body.message };
      const problem = contactProblem(message);
      if (problem) return answer(400, problem);
      const id = await storeContactMessage({ db, clock }, message, request.ip);
      request.log.info({ contactMessageId: id }, "contact message stored");
      if (forward) {
        try {
          await forward({ ...message, id });
          await db.update(contactMessages).set({ forwardedAt: clock.now() }).where(eq(contactMessages.id, id));
        } catch (error) {
          request.log.error({ err: error, contactMessageId: id }, "contact message stored but not forwarded");
        }
      }
      return { success: true, message: CONTACT_RECEIVED };
    },
  );
}
