import type { PGlite } from "@electric-sql/pglite";
import { is, Placeholder, type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock.ts";
import { EmbeddedDatabase } from "./embedded-database.ts";
import { decodeRows, type RawResult } from "./rows.ts";
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

/** The rows of a raw statement, in the same JavaScript types on either driver (rows.ts). */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  return decodeRows<Row>((await db.execute(query)) as unknown as RawResult);
}

const dialect = new PgDialect();

/** The placeholders of a prepared statement: one for each of its values, by name. */
export type PlaceholderOf<Values> = (name: keyof Values & string) => Placeholder;

/**
 * A raw statement for a hot path, built once and named: PostgreSQL parses
 * and plans it once per connection, and each run sends only its values, by
 * the names `build` gave its placeholders. Building a long statement's text
 * each time cost as much of the server's time as sending it. On PGlite the
 * database thread prepares every statement by its text anyway
 * (pglite-statements.ts), so the name is not needed there. It calls
 * drizzle's private `prepareQuery`: tests/api/prepared-statement.test.ts
 * pins the drizzle-orm version that call was checked against.
 */
export function preparedStatement<Row, Values extends Record<string, unknown>>(
  name: string,
  build: (value: PlaceholderOf<Values>) => SQL,
): (db: Database, values: Values) => Promise<Row[]> {
  let statement: { text: string; params: Array<(values: Values) => unknown> } | undefined;
  const compile = () => {
    const query = dialect.sqlToQuery(build((placeholder) => sql.placeholder(placeholder)));
    const params = query.params.map((param) => {
      if (!is(param, Placeholder)) return () => param;
      return (values: Values) => {
        if (!(param.name in values)) throw new Error(`${name}: no value for "${param.name}"`);
        return values[param.name];
      };
    });
    return { text: query.sql, params };
  };
  return async (db, values) => {
    statement ??= compile();
    // The values are filled in here, so drizzle's own pass over them meets no placeholder and has nothing to look up.
    const query = { sql: statement.text, params: statement.params.map((param) => param(values)) };
    return decodeRows<Row>((await db._.session.prepareQuery(query, undefined, name, false).execute()) as RawResult);
  };
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
