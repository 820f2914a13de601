/** `npm run contact:list [-- --limit N]`: the contact messages, newest first. */
import { listContactMessages } from "../server/services/contact.ts";
import { openConfiguredDatabase } from "./open-database.ts";

const limitIndex = process.argv.indexOf("--limit");
const limit = limitIndex > 0 ? Number(process.argv[limitIndex + 1]) : 50;
const { database } = await openConfiguredDatabase();
try {
  const messages = await listContactMessages(database.db, Number.isInteger(limit) && limit > 0 ? limit : 50);
  if (messages.length === 0) console.log("No contact messages.");
  for (const message of messages) {
    console.log(
      `#${message.id}  ${message.createdAt.toISOString()}  ${message.name} <${message.email}>${message.forwardedAt ? "  (forwarded)" : ""}`,
    );
    console.log(`    ${message.subject}`);
    console.log(message.message.replace(/^/gm, "    "));
    console.log("");
  }
} finally {
  await database.close();
}
