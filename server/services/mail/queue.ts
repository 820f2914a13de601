import { desc, sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";
import { mailQueue } from "../../db/schema.ts";
import type { EmailTemplate, RenderedEmail } from "./templates.ts";

export type OutgoingMail = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };
export type MailTransport = {
  /** Hands one email to the mail server; throws when it is refused or unreachable. */
  send(mail: OutgoingMail): Promise<void>;
  /** Whether a sent email keeps its bodies in the queue: only where the queue is the outbox, since they hold live account links. */
  keepsSentBodies: boolean;
};

/** Minutes before each retry; after the last, the email is `failed` and waits for an operator. */
export const RETRY_MINUTES = [1, 5, 15, 60, 240, 720] as const;
/** A claimed email is not claimed again for this long: a crash mid-send is retried, a slow send is not doubled. */
const CLAIM_MS = 5 * 60 * 1000;

type Deps = { db: Database; clock: Clock };

export async function queueEmail(
  { db, clock }: Deps,
  to: string,
  template: EmailTemplate,
  email: RenderedEmail,
  headers: Record<string, string> | null = null,
): Promise<number> {
  const now = clock.now();
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into mail_queue (to_address, template, subject, text_body, html_body, headers, next_attempt_at, created_at)
        values (${to}, ${template}, ${email.subject}, ${email.text}, ${email.html}, ${headers === null ? null : JSON.stringify(headers)}::jsonb, ${now}, ${now}) returning id`,
  );
  if (!row) throw new Error("the email was not queued");
  return row.id;
}

export type DeliverySummary = { sent: number; retried: number; failed: number };

/**
 * Sends what is due, oldest first. Each email is claimed by a conditional
 * update before it is sent, so two instances never send it both; a failure
 * is retried after the next step of RETRY_MINUTES. A sent email's bodies are
 * blanked: their links reset passwords and change addresses, and a database
 * or its backups must not hand them out (subject, recipient and times stay).
 */
export async function deliverDueMail({ db, clock, transport }: Deps & { transport: MailTransport }): Promise<DeliverySummary> {
  const summary: DeliverySummary = { sent: 0, retried: 0, failed: 0 };
  for (;;) {
    const now = clock.now();
    const [mail] = await queryRows<{
      id: number;
      to_address: string;
      subject: string;
      text_body: string;
      html_body: string;
      headers: Record<string, string> | null;
      attempts: number;
    }>(
      db,
      sql`update mail_queue set next_attempt_at = ${new Date(now.getTime() + CLAIM_MS)}
           where id = (select id from mail_queue where status = 'pending' and next_attempt_at <= ${now} order by id limit 1)
             and status = 'pending' and next_attempt_at <= ${now}
          returning id, to_address, subject, text_body, html_body, headers, attempts`,
    );
    if (!mail) return summary;
    try {
      await transport.send({
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
      await db.execute(sql`
        update mail_queue
           set status = 'sent', sent_at = ${clock.now()}, attempts = attempts + 1
               ${transport.keepsSentBodies ? sql`` : sql`, text_body = '', html_body = '', headers = null`}
         where id = ${mail.id}`);
      summary.sent++;
    } catch (error) {
      const attempts = mail.attempts + 1;
      const wait = RETRY_MINUTES[attempts - 1];
      const reason = error instanceof Error ? error.message.slice(0, 500) : "unknown error";
      await db.execute(sql`
        update mail_queue
           set attempts = ${attempts}, last_error = ${reason},
               status = ${wait === undefined ? "failed" : "pending"},
               next_attempt_at = ${new Date(clock.now().getTime() + (wait ?? 0) * 60_000)}
         where id = ${mail.id}`);
      if (wait === undefined) summary.failed++;
      else summary.retried++;
    }
  }
}

export type QueuedMail = {
  id: number;
  to: string;
  template: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
};

/** The queue, newest first: the operator's `mail list`, and the development outbox. */
export function listMail(db: Database, { status, limit }: { status?: string; limit: number }): Promise<QueuedMail[]> {
  return db
    .select({
      id: mailQueue.id,
      to: mailQueue.toAddress,
      template: mailQueue.template,
      subject: mailQueue.subject,
      status: mailQueue.status,
      attempts: mailQueue.attempts,
      lastError: mailQueue.lastError,
      createdAt: mailQueue.createdAt,
      sentAt: mailQueue.sentAt,
    })
    .from(mailQueue)
    .where(status ? sql`${mailQueue.status} = ${status}` : undefined)
    .orderBy(desc(mailQueue.id))
    .limit(limit);
}

export async function mailById(db: Database, id: number) {
  const [row] = await queryRows<{ id: number; to_address: string; subject: string; text_body: string; html_body: string; status: string }>(
    db,
    sql`select id, to_address, subject, text_body, html_body, status from mail_queue where id = ${id}`,
  );
  return row ?? null;
}
