import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorReply, successReply } from "../../../common/api/fields.ts";
import {
  oneClickBody,
  STREAK_REMINDER_OFF,
  STREAK_REMINDER_ON,
  UNSUBSCRIBE_LINK_INVALID,
  UNSUBSCRIBE_PAGE_PATH,
  UNSUBSCRIBED,
  unsubscribeQuery,
} from "../../../common/api/reminders.ts";
import type { Database } from "../../db/client.ts";
import { setStreakReminder, streakReminderSetting } from "../../services/reminders/setting.ts";
import { memberOfUnsubscribeToken } from "../../services/reminders/unsubscribe-token.ts";
import { endpoints } from "../endpoint.ts";

export type ReminderRoutesOptions = { db: Database; slug: string; secret: string };

/** The account page's switch for streak reminders, and the email's one-click unsubscribe (RFC 8058). */
export async function reminderRoutes(fastify: FastifyInstance, { db, slug, secret }: ReminderRoutesOptions) {
  // RFC 8058's POST comes as a form, urlencoded or multipart; only this plugin's routes read forms.
  await fastify.register(multipart, { attachFieldsToBody: "keyValues", limits: { files: 0, fields: 4, fieldSize: 64, parts: 4 } });
  await fastify.register(formbody, { bodyLimit: 1024 });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const endpoint = endpoints(app);

  endpoint("GET /api/streak-reminder", { config: { member: true } }, async (request) => {
    const setting = await streakReminderSetting(db, request.userId);
    return { enabled: setting.enabled, email_verified: setting.emailVerified };
  });

  endpoint("PUT /api/streak-reminder", { config: { member: true, csrf: "account" } }, async (request) => {
    await setStreakReminder(db, request.userId, request.body.enabled);
    return { suc_msg: request.body.enabled ? STREAK_REMINDER_ON : STREAK_REMINDER_OFF };
  });

  // A GET never unsubscribes: mail scanners follow links. It leads a person to the page whose button sends the POST.
  app.get(
    "/api/unsubscribe",
    { schema: { querystring: unsubscribeQuery(slug), response: { "4xx": errorReply } } },
    async (request, reply) => {
      const query = new URLSearchParams({ app: request.query.app, token: request.query.token });
      return reply.redirect(`${UNSUBSCRIBE_PAGE_PATH}?${query}`, 303);
    },
  );

  app.post(
    "/api/unsubscribe",
    {
      config: { public: "one-click unsubscribe (RFC 8058): the link's signed token is the proof; a mail provider sends no session" },
      schema: {
        consumes: ["application/x-www-form-urlencoded", "multipart/form-data"],
        querystring: unsubscribeQuery(slug),
        body: oneClickBody,
        response: { 200: successReply, "4xx": errorReply },
      },
    },
    async (request, reply) => {
      const userId = memberOfUnsubscribeToken(secret, request.query.token);
      if (userId === null) return reply.code(400).send({ err_msg: UNSUBSCRIBE_LINK_INVALID });
      await setStreakReminder(db, userId, false);
      return { suc_msg: UNSUBSCRIBED };
    },
  );
}
