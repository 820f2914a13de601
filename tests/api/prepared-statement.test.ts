import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedStatement } from "../../server/db/client.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.ts";

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

  it("refuses a run without one of its values instead of sending null", async () => {
    await expect(echo(database.db, { first: 1 } as Values)).rejects.toThrow('test-echo: no value for "label"');
  });
});
