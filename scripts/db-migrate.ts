/** `npm run db:migrate`: applies the committed migrations to DATABASE_URL, or to the embedded database. */
import { openConfiguredDatabase } from "./open-database.ts";

const { database } = await openConfiguredDatabase();
await database.close();
console.log(`Migrations applied (${database.driver}).`);
