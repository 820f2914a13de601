import nodemailer from "nodemailer";
import type { SiteConfig } from "../../../config/site.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import { type DeliverySummary, deliverDueMail, type MailTransport, queueEmail } from "./queue.ts";
import { type EmailTemplate, type EmailValues, renderEmail } from "./templates.ts";

/** A nodemailer transport for `smtp://` or `smtps://user:pass@host:port`. */
export function smtpTransport(url: string) {
  const parsed = new URL(url);
  return nodemailer.createTransport({
    host: parsed.hostname,
    port: Number(parsed.port) || (parsed.protocol === "smtps:" ? 465 : 587),
    secure: parsed.protocol === "smtps:",
    auth: parsed.username ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } : undefined,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  });
}

export function smtpMailTransport(url: string, from: string): MailTransport {
  const transport = smtpTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
    },
    keepsSentBodies: false,
  };
}

/** Without SMTP (never in production): the email stays in the queue, shown at /dev/outbox, and its link goes to the log. */
export function outboxTransport(log: (line: string) => void): MailTransport {
  return {
    async send(mail) {
      const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
      log(`Email to ${mail.to}: "${mail.subject}"${link ? ` ${link}` : ""} (see /dev/outbox)`);
    },
    keepsSentBodies: true,
  };
}

/** SMTP when configured, else the development outbox (the server's log). */
export function mailTransportFrom(
  env: { SMTP_URL?: string; MAIL_FROM?: string },
  log: (line: string) => void = console.log,
): MailTransport {
  return env.SMTP_URL && env.MAIL_FROM ? smtpMailTransport(env.SMTP_URL, env.MAIL_FROM) : outboxTransport(log);
}

export type Mailer = {
  /** Writes the email to the queue (so nothing is lost) and starts its delivery without waiting for it. */
  send(to: string, template: EmailTemplate, values: EmailValues): Promise<void>;
  /** Delivers everything due; tests and the retry job wait on it. */
  flush(): Promise<DeliverySummary>;
};

export function createMailer({
  db,
  clock,
  site,
  transport,
  onError,
}: {
  db: Database;
  clock: Clock;
  site: SiteConfig;
  transport: MailTransport;
  onError: (error: unknown) => void;
}): Mailer {
  let running: Promise<DeliverySummary> | null = null;
  let again = false;
  const flush = (): Promise<DeliverySummary> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      const total: DeliverySummary = { sent: 0, retried: 0, failed: 0 };
      do {
        again = false;
        const round = await deliverDueMail({ db, clock, transport });
        total.sent += round.sent;
        total.retried += round.retried;
        total.failed += round.failed;
      } while (again);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  };
  return {
    async send(to, template, values) {
      await queueEmail({ db, clock }, to, template, renderEmail(site, template, values));
      flush().catch(onError);
    },
    flush,
  };
}
