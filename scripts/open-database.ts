import path from "node:path";
import { loadSiteConfig, type SiteConfig } from "../config/site.ts";
import { type DatabaseHandle, openDatabase } from "../server/db/client.ts";
import { migrateDatabase } from "../server/db/migrate.ts";
import { parseServerEnv, type ServerEnv } from "../server/env.ts";
import { projectRoot } from "../server/project-root.ts";

/**
 * The database the server would use (DATABASE_URL, else the embedded one),
 * migrated, for operator scripts. With the embedded database the server must
 * be stopped first: its folder takes one process at a time.
 */
export async function openConfiguredDatabase(): Promise<{ database: DatabaseHandle; env: ServerEnv; site: SiteConfig }> {
  const site = loadSiteConfig();
  const env = parseServerEnv(process.env, site);
  const database = env.DATABASE_URL
    ? await openDatabase({ driver: "postgres", url: env.DATABASE_URL })
    : await openDatabase({ driver: "pglite", dataDir: path.resolve(projectRoot, env.PGLITE_DIR) });
  await migrateDatabase(database);
  return { database, env, site };
}
