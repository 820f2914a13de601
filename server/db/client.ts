import type { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock.ts";
import { EmbeddedDatabase } from "./embedded-database.ts";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  close(): Promise<void>;
} & ({ driver: "pglite"; client: EmbeddedDatabase } | { driver: "postgres"; pool: pg.Pool });

export type DatabaseOptions =
  | { driver: "postgres"; url: string; poolSize?: number }
  /** `dataDir` undefined keeps the database in memory (tests); `loadDataDir` starts from a dump. */
  | { driver: "pglite"; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.driver === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, connectionTimeoutMillis: 5_000 });
    // A lost connection (the server restarting) must fail the queries that used it, not the process.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return { db, driver: "postgres", pool, close: () => pool.end() };
  }
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  try {
    // In its own thread: on the event loop, every page and price call waited behind every query.
    const client = await EmbeddedDatabase.open({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
    // The worker's client answers the calls drizzle's PGlite driver makes (query and transaction).
    const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Database;
    return {
      db,
      driver: "pglite",
      client,
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** The rows of a raw statement, on either driver. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * The rows of a raw statement that PostgreSQL parses and plans once per
 * connection, under `name`: for a long statement on a hot path, where the
 * planning cost as much as the running. One name, one statement text (its
 * values may differ). PGlite has no such cache and runs it as queryRows does.
 */
export async function preparedRows<Row>(db: Database, name: string, query: SQL): Promise<Row[]> {
  const result = (await db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute()) as unknown as {
    rows: Row[];
  };
  return result.rows;
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
