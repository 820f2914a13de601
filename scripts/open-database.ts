import { loadSiteConfig, type SiteConfig } from "../config/site.ts";
import type { DatabaseHandle } from "../server/db/client.ts";
import { openDatabaseFromEnv } from "../server/db/open-from-env.ts";
import { parseServerEnv, type ServerEnv } from "../server/env.ts";

/**
 * The database the server would use, migrated, for operator scripts. With the
 * embedded database the server must be stopped first: its folder takes one
 * process at a time.
 */
export async function openConfiguredDatabase(): Promise<{ database: DatabaseHandle; env: ServerEnv; site: SiteConfig }> {
  const site = loadSiteConfig();
  const env = parseServerEnv(process.env, site);
  return { database: await openDatabaseFromEnv(env), env, site };
}
