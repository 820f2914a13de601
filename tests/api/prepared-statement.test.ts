import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedStatement } from "../../server/db/client.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.ts";

/**
 * preparedStatement calls drizzle's private `session.prepareQuery(query, fields, name, arrayMode)`: its signature and
 * behaviour were checked on both drivers (PGlite and node-postgres) at this version. An upgrade fails here until someone
 * checks them again (drizzle-orm/{pglite,node-postgres}/session.d.ts) and this file's runs pass on both, then moves the pin.
 */
const PREPARE_QUERY_CHECKED_WITH = "0.45.4";

type Values = { first: number; label: string };
const echo = preparedStatement<{ first: number; label: string; fixed: string; again: number }, Values>(
  "test-echo",
  (value) =>
    sql`select ${value("first")}::int as first, ${value("label")}::text as label, ${"built in"}::text as fixed, ${value("first")}::int + 1 as again`,
);

describe("a statement built once and run with its values", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it("sends each run's own values by name, and keeps the values written into the statement", async () => {
    expect(await echo(database.db, { first: 1, label: "one" })).toEqual([{ first: 1, label: "one", fixed: "built in", again: 2 }]);
    // The same prepared statement on the same connection, with other values: nothing of the first run stays.
    expect(await echo(database.db, { first: 41, label: "forty-one" })).toEqual([
      { first: 41, label: "forty-one", fixed: "built in", again: 42 },
    ]);
  });

  it("runs on the drizzle-orm version whose private prepareQuery it was checked against", () => {
    const installed = JSON.parse(readFileSync(new URL("../../node_modules/drizzle-orm/package.json", import.meta.url), "utf8")).version;
    expect(installed).toBe(PREPARE_QUERY_CHECKED_WITH);
  });

  it("refuses a run without one of its values instead of sending null", async () => {
    await expect(echo(database.db, { first: 1 } as Values)).rejects.toThrow('test-echo: no value for "label"');
  });
});
