import type { Database } from "../server/db/client.ts";
import { listContactMessages } from "../server/services/contact.ts";

/** Prints the contact messages, newest first, indented under their sender. */
export async function printContactMessages(db: Database, limit: number): Promise<void> {
  const messages = await listContactMessages(db, limit);
  if (messages.length === 0) console.log("No contact messages.");
  for (const message of messages) {
    console.log(
      `#${message.id}  ${message.createdAt.toISOString()}  ${message.name} <${message.email}>${message.forwardedAt ? "  (forwarded)" : ""}`,
    );
    console.log(`    ${message.subject}`);
    console.log(message.message.replace(/^/gm, "    "));
    console.log("");
  }
}
