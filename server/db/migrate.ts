import path from "node:path";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { projectRoot } from "../project-root.ts";
import { type DatabaseHandle, queryRows } from "./client.ts";

const migrationsFolder = path.join(projectRoot, "drizzle");
/** Any constant; instances starting together take turns applying migrations. */
const MIGRATION_LOCK_KEY = 72_410_531;

/** Applies the committed migrations under drizzle/; safe to run from several instances at once. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.driver === "pglite") {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific database type.
    await migratePglite(handle.db as any, { migrationsFolder });
    return;
  }
  const client = await handle.pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}

/** True when every committed migration has been applied. */
export async function migrationsApplied(handle: DatabaseHandle): Promise<boolean> {
  const expected = readMigrationFiles({ migrationsFolder }).length;
  try {
    const [row] = await queryRows<{ count: number }>(handle.db, sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
    return (row?.count ?? 0) >= expected;
  } catch {
    return false;
  }
}
