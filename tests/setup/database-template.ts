import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../server/db/client.ts";
import { migrateDatabase } from "../../server/db/migrate.ts";
import { databaseUrlFor, TEMPLATE_PREFIX } from "../helpers/test-database.ts";
import { ensureDebianPackages } from "../support/system-packages.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteDump: string | null;
    postgresTemplate: string | null;
  }
}

/**
 * A migrated database made once per run; every test file then starts from a
 * fresh copy of it (a PGlite dump, or a PostgreSQL template database).
 */
export default async function setup(project: TestProject) {
  ensureDebianPackages({ pdftoppm: "poppler-utils", pdftotext: "poppler-utils", pdfinfo: "poppler-utils", zbarimg: "zbar-tools" });
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `${TEMPLATE_PREFIX}${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const handle = await openDatabase({ driver: "postgres", url: databaseUrlFor(serverUrl, template) });
    await migrateDatabase(handle);
    await handle.close();
    project.provide("postgresTemplate", template);
    project.provide("pgliteDump", null);
    return async () => {
      const leftovers = await admin.query<{ datname: string }>("select datname from pg_database where starts_with(datname, $1)", [
        template,
      ]);
      for (const { datname } of leftovers.rows) await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.end();
    };
  }

  const handle = await openDatabase({ driver: "pglite" });
  if (handle.driver !== "pglite") throw new Error("unreachable");
  await migrateDatabase(handle);
  const dir = mkdtempSync(path.join(os.tmpdir(), "kestrel-test-db-"));
  const dumpPath = path.join(dir, "migrated.tar");
  const dump = await handle.client.dumpDataDir();
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide("pgliteDump", dumpPath);
  project.provide("postgresTemplate", null);
  return () => rmSync(dir, { recursive: true, force: true });
}
