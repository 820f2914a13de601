import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../server/db/client.ts";

export const TEMPLATE_PREFIX = "kestrel_test_";

export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export type TestDatabase = DatabaseHandle & { dispose(): Promise<void> };

/** A fresh, migrated database for one test file: PGlite by default, the PostgreSQL server when TEST_DATABASE_URL is set. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = inject("postgresTemplate");
  if (serverUrl && template) {
    // Named after the run's template, so a run's teardown drops its own copies and never another run's.
    const name = `${template}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const handle = await openDatabase({ driver: "postgres", url: databaseUrlFor(serverUrl, name), poolSize: 20 });
    return {
      ...handle,
      dispose: async () => {
        await handle.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = inject("pgliteDump");
  if (!dump) throw new Error("The test database template is missing (tests/setup/database-template.ts)");
  const handle = await openDatabase({ driver: "pglite", loadDataDir: new Blob([readFileSync(dump)]) });
  return { ...handle, dispose: () => handle.close() };
}

/** An empty database on the PostgreSQL server, replacing any an earlier run left; `drop` removes it. */
export async function emptyServerDatabase(serverUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`drop database if exists ${name} with (force)`);
  await run(`create database ${name}`);
  return { url: databaseUrlFor(serverUrl, name), drop: () => run(`drop database if exists ${name} with (force)`) };
}
