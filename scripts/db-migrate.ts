/** `npm run db:migrate`: applies the committed migrations to DATABASE_URL, or to the embedded database. */
import path from "node:path";
import { loadSiteConfig } from "../config/site.ts";
import { openDatabase } from "../server/db/client.ts";
import { migrateDatabase } from "../server/db/migrate.ts";
import { parseServerEnv } from "../server/env.ts";
import { projectRoot } from "../server/project-root.ts";

const env = parseServerEnv(process.env, loadSiteConfig());
const database = env.DATABASE_URL
  ? await openDatabase({ driver: "postgres", url: env.DATABASE_URL })
  : await openDatabase({ driver: "pglite", dataDir: path.resolve(projectRoot, env.PGLITE_DIR) });
await migrateDatabase(database);
await database.close();
console.log(`Migrations applied (${database.driver}).`);
