/** `npm run contact:list [-- --limit N]`: the contact messages, newest first. */
import { printContactMessages } from "./contact-messages.ts";
import { openConfiguredDatabase } from "./open-database.ts";

const limitIndex = process.argv.indexOf("--limit");
const limit = limitIndex > 0 ? Number(process.argv[limitIndex + 1]) : 50;
const { database } = await openConfiguredDatabase();
try {
  await printContactMessages(database.db, Number.isInteger(limit) && limit > 0 ? limit : 50);
} finally {
  await database.close();
}
