import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import type { FastifyError, FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CONTACT_RECEIVED, contactAnswer, contactRefusal, contactRefusalText, contactSubmission } from "../../../common/api/contact.ts";
import type { SiteConfig } from "../../../config/site.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import { type ContactForwarder, type ContactResult, submitContactMessage } from "../../services/contact.ts";
import type { Limit, RateLimiter } from "../../services/rate-limit.ts";
import { statusOf } from "../refusals.ts";

export type ContactRoutesOptions = {
  site: SiteConfig;
  db: Database;
  clock: Clock;
  rateLimiter: RateLimiter;
  messagesPerIp: Limit;
  forward: ContactForwarder | null;
};

const COULD_NOT_SEND = "We could not send your message. Please try again later.";
const refusal = (message: string) => ({ success: false, message, err_msg: message });

/** The contact form's default endpoint; refusals carry `err_msg` too, like the rest of the API. */
export async function contactRoutes(app: FastifyInstance, { site, db, clock, rateLimiter, messagesPerIp, forward }: ContactRoutesOptions) {
  await app.register(multipart, { attachFieldsToBody: "keyValues", limits: { files: 0, fields: 10, fieldSize: 20_000, parts: 10 } });
  await app.register(formbody, { bodyLimit: 32 * 1024 });
  const limits = { accessKey: site.contact.accessKey, defaultSubject: site.contact.subject, messagesPerIp };

  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/contact",
    {
      bodyLimit: 32 * 1024,
      config: { public: "the contact form provider's API: anyone may write, with the site's access key, limited per network" },
      schema: {
        consumes: ["multipart/form-data", "application/x-www-form-urlencoded"],
        body: contactSubmission,
        response: { 200: contactAnswer, "4xx": contactRefusal, "5xx": contactRefusal },
      },
      // A failure without a status is the sender's unreadable form (a multipart body without its boundary, say), answered in the provider's shape.
      errorHandler: (error: FastifyError, request, reply) => {
        const status = error.statusCode ?? 400;
        if (status >= 500) {
          request.log.error({ err: error }, "contact message failed");
          return reply.code(500).send(refusal(COULD_NOT_SEND));
        }
        return reply
          .code(status)
          .send(refusal(status === 413 ? "Your message is too long." : "The form could not be read. Please try again."));
      },
    },
    async (request, reply) => {
      let result: ContactResult;
      try {
        result = await submitContactMessage({ db, clock, rateLimiter, forward, log: request.log }, limits, {
          ...request.body,
          ip: request.ip,
        });
      } catch (error) {
        request.log.error({ err: error }, "contact message failed");
        return reply.code(500).send(refusal(COULD_NOT_SEND));
      }
      if (!result.ok) return reply.code(statusOf(result)).send(refusal(contactRefusalText(result)));
      return { success: true, message: CONTACT_RECEIVED };
    },
  );
}
