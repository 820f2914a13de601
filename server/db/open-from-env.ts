import path from "node:path";
import type { ServerEnv } from "../env.ts";
import { projectRoot } from "../project-root.ts";
import { type DatabaseHandle, openDatabase } from "./client.ts";
import { migrateDatabase } from "./migrate.ts";

/** The database the environment names (DATABASE_URL with its pool size, else the embedded one), migrated. */
export async function openDatabaseFromEnv(env: ServerEnv): Promise<DatabaseHandle> {
  const database = env.DATABASE_URL
    ? await openDatabase({ driver: "postgres", url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE })
    : await openDatabase({ driver: "pglite", dataDir: path.resolve(projectRoot, env.PGLITE_DIR) });
  await migrateDatabase(database);
  return database;
}
