import { desc, eq } from "drizzle-orm";
import { type ContactMessage, type ContactRefusal, type ContactSubmission, contactMessage } from "../../common/api/contact.ts";
import { checkFields } from "../../common/api/fields.ts";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/client.ts";
import { contactMessages } from "../db/schema.ts";
import { rateLimitClientOf } from "./fairness/networks.ts";
import { smtpTransport } from "./mail/mailer.ts";
import type { Limit, RateLimiter } from "./rate-limit.ts";

export type { ContactMessage };

export type ContactLimits = { accessKey: string; defaultSubject: string; messagesPerIp: Limit };

export type ContactResult = { ok: true; id: number | null } | ({ ok: false } & ContactRefusal);

/**
 * One message from the contact form: the access key first, then the sender's
 * rate limit, then the fields. A bot that ticked the hidden box is told it
 * worked and nothing is kept. A stored message is forwarded by email when a
 * forwarder is configured; a failed forward leaves it stored and logged.
 */
export async function submitContactMessage(
  deps: { db: Database; clock: Clock; rateLimiter: RateLimiter; forward: ContactForwarder | null; log: ContactLog },
  limits: ContactLimits,
  submission: ContactSubmission & { ip: string },
): Promise<ContactResult> {
  const { db, clock, rateLimiter, forward, log } = deps;
  if (submission.access_key !== limits.accessKey) return { ok: false, refusal: "unknown_access_key" };
  const attempts = await rateLimiter.hit(`contact:ip:${rateLimitClientOf(submission.ip)}`, limits.messagesPerIp.windowMs);
  if (attempts > limits.messagesPerIp.max) return { ok: false, refusal: "too_many_messages" };
  if (submission.botcheck) return { ok: true, id: null };

  const checked = checkFields(contactMessage, submission);
  if (!checked.ok) return { ok: false, refusal: "invalid_message", problem: { field: checked.field, message: checked.message } };
  const message = { ...checked.data, subject: checked.data.subject || limits.defaultSubject };
  const id = await storeContactMessage({ db, clock }, message, submission.ip);
  log.info({ contactMessageId: id }, "contact message stored");
  if (forward) {
    try {
      await forward({ ...message, id });
      await db.update(contactMessages).set({ forwardedAt: clock.now() }).where(eq(contactMessages.id, id));
    } catch (error) {
      log.error({ err: error, contactMessageId: id }, "contact message stored but not forwarded");
    }
  }
  return { ok: true, id };
}

type ContactLog = { info(details: object, message: string): void; error(details: object, message: string): void };

export async function storeContactMessage(
  { db, clock }: { db: Database; clock: Clock },
  input: ContactMessage,
  ip: string,
): Promise<number> {
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: input.name.trim(),
      email: input.email.trim(),
      subject: input.subject.trim(),
      message: input.message.trim(),
      ip,
      createdAt: clock.now(),
    })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error("contact message not stored");
  return row.id;
}

export async function listContactMessages(db: Database, limit = 50) {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(limit);
}

/** Sends each stored message on by email; configured with SMTP_URL, CONTACT_FORWARD_TO and CONTACT_FORWARD_FROM. */
export type ContactForwarder = (message: ContactMessage & { id: number }) => Promise<void>;

export function smtpForwarder({ url, to, from, siteName }: { url: string; to: string; from: string; siteName: string }): ContactForwarder {
  const transport = smtpTransport(url);
  return async (message) => {
    await transport.sendMail({
      from,
      to,
      replyTo: { name: message.name, address: message.email },
      subject: `[${siteName} contact #${message.id}] ${message.subject}`,
      text: `From: ${message.name} <${message.email}>\n\n${message.message}\n`,
    });
  };
}
