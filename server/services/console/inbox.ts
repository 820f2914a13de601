import { sql } from "drizzle-orm";
import type { ConsoleRefusal, ContactMessageState } from "../../../common/api/admin.ts";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";
import { type Actor, recordAudit } from "../audit.ts";
import type { Mailer } from "../mail/mailer.ts";

const INBOX_SIZE = 100;

export type InboxMessage = {
  id: number;
  at: Date;
  name: string;
  email: string;
  subject: string;
  message: string;
  state: ContactMessageState;
  replies: Array<{ at: Date; body: string }>;
  guide: { path: string; step: number | null } | null;
};

export type InboxResult = { ok: true } | ({ ok: false } & ConsoleRefusal);

export type InboxFilter = { state?: ContactMessageState; kind?: "message" | "guide-report" };

/** The contact inbox, newest first, each message with the team's replies in order. */
export async function listInbox(db: Database, { state, kind }: InboxFilter = {}): Promise<InboxMessage[]> {
  const rows = await queryRows<{
    id: number;
    created_at: Date;
    name: string;
    email: string;
    subject: string;
    message: string;
    state: ContactMessageState;
    /** json: a reply's time stays JSON's text. */
    replies: Array<{ at: string; body: string }>;
    guide_path: string | null;
    guide_step: number | null;
  }>(
    db,
    sql`select m.id, m.created_at, m.name, m.email, m.subject, m.message, m.state, m.guide_path, m.guide_step,
               (select coalesce(json_agg(json_build_object('at', r.created_at, 'body', r.body) order by r.id), '[]'::json)
                  from contact_replies r where r.message_id = m.id) as replies
          from contact_messages m
         where ${state ? sql`m.state = ${state}` : sql`true`}
           and ${kind === undefined ? sql`true` : kind === "guide-report" ? sql`m.guide_path is not null` : sql`m.guide_path is null`}
         order by m.created_at desc, m.id desc limit ${INBOX_SIZE}`,
  );
  return rows.map((row) => ({
    id: row.id,
    at: row.created_at,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    state: row.state,
    guide: row.guide_path ? { path: row.guide_path, step: row.guide_step } : null,
    replies: row.replies.map((reply) => ({
      at: new Date(reply.at),
      body: reply.body,
    })),
  }));
}

/**
 * Sends the operator's reply to the writer by email and marks the message
 * answered; the reply, the state and the audit row are written together, and
 * the email is queued after they are.
 */
export async function replyToMessage(
  { db, clock, mailer }: { db: Database; clock: Clock; mailer: Mailer },
  actor: Exclude<Actor, "shell">,
  messageId: number,
  body: string,
): Promise<InboxResult> {
  const message = await db.transaction(async (tx) => {
    const [row] = await queryRows<{ name: string; email: string; subject: string; before: ContactMessageState }>(
      tx,
      sql`with old as (select id, state from contact_messages where id = ${messageId} and email <> '' for update)
          update contact_messages m set state = 'answered' from old where m.id = old.id
          returning m.name, m.email, m.subject, old.state as before`,
    );
    if (!row) return null;
    await tx.execute(
      sql`insert into contact_replies (message_id, actor_id, body, created_at) values (${messageId}, ${actor.id}, ${body}, ${clock.now()})`,
    );
    await recordAudit(tx, clock, actor, {
      action: "message.reply",
      subject: `message:${messageId}`,
      before: { state: row.before },
      after: { state: "answered", reply: body },
      reason: "replied by email",
    });
    return row;
  });
  if (!message) {
    const [known] = await queryRows<{ id: number }>(db, sql`select id from contact_messages where id = ${messageId}`);
    return { ok: false, refusal: known ? "no_reply_address" : "unknown_message" };
  }
  await mailer.send(message.email, "contact-reply", { text: { name: message.name, subject: message.subject, reply: body } });
  return { ok: true };
}

/** A staff member moves a message to new, answered or closed, with the audit row in the same transaction. */
export function setMessageStateAsStaff(
  { db, clock }: { db: Database; clock: Clock },
  actor: Actor,
  messageId: number,
  { state, reason }: { state: ContactMessageState; reason: string },
): Promise<InboxResult> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ before: ContactMessageState }>(
      tx,
      sql`with old as (select id, state from contact_messages where id = ${messageId} for update)
          update contact_messages m set state = ${state} from old where m.id = old.id returning old.state as before`,
    );
    if (!row) return { ok: false, refusal: "unknown_message" };
    await recordAudit(tx, clock, actor, {
      action: "message.state",
      subject: `message:${messageId}`,
      before: { state: row.before },
      after: { state },
      reason,
    });
    return { ok: true };
  });
}
