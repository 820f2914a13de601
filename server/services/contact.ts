import { desc } from "drizzle-orm";
import nodemailer from "nodemailer";
import { hasControlCharacters, hasDisplayTricks, isValidEmail } from "../../common/account-rules.ts";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/client.ts";
import { contactMessages } from "../db/schema.ts";

export type ContactMessage = { name: string; email: string; subject: string; message: string };

export const CONTACT_LIMITS = { name: 100, subject: 200, message: 5_000 } as const;

/** Why a message is refused, in words for the sender; null when it is fine. */
export function contactProblem(input: ContactMessage): string | null {
  if (!input.name.trim()) return "Please enter your name.";
  if (input.name.length > CONTACT_LIMITS.name) return `Please keep your name under ${CONTACT_LIMITS.name} characters.`;
  if (!isValidEmail(input.email.trim())) return "Please enter a valid email.";
  if (!input.message.trim()) return "Please enter a message.";
  if (input.message.length > CONTACT_LIMITS.message)
    return `Please keep your message under ${CONTACT_LIMITS.message.toLocaleString("en-US")} characters.`;
  if (input.subject.length > CONTACT_LIMITS.subject) return "The subject is too long.";
  // These fields become email headers when messages are forwarded: a line break would let a sender add headers of their own.
  if (/[\r\n]/.test(`${input.name}${input.email}${input.subject}`)) return "Line breaks are not allowed in the name, email or subject.";
  const typed = `${input.name}${input.email}${input.subject}${input.message}`;
  if (hasControlCharacters(typed) || hasDisplayTricks(typed)) return "Please remove the special control characters from your message.";
  return null;
}

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
  const parsed = new URL(url);
  const transport = nodemailer.createTransport({
    host: parsed.hostname,
    port: Number(parsed.port) || (parsed.protocol === "smtps:" ? 465 : 587),
    secure: parsed.protocol === "smtps:",
    auth: parsed.username ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } : undefined,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  });
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
