import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, preparedStatement, queryRows } from "../../server/db/client.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.ts";

type Row = {
  at: Date;
  amount: string;
  huge: string;
  base_units: string;
  member_id: number;
  claims: string;
  details: { kind: string; nested: { at: string } };
  day: string;
  none: Date | null;
};

const AT = "2026-11-27T08:15:30.125Z";

/** A timestamp, int8 and numeric amounts, a count, an int and a json column, as the services' statements return them. */
const statement = (at: unknown) => sql`
  select ${at}::timestamptz as at, 1200::bigint as amount, 9007199254740993::bigint as huge,
         123456789012345678901234567890::numeric(78, 0) as base_units, 7::int as member_id,
         (select count(*) from (values (1), (2)) claims) as claims,
         jsonb_build_object('kind', 'daily_reward', 'nested', json_build_object('at', ${at}::timestamptz)) as details,
         ${at}::timestamptz::date as day, null::timestamptz as none`;

const prepared = preparedStatement<Row, { at: string }>("test-row-decoding", (value) => statement(value("at")));

const expected: Row = {
  at: new Date(AT),
  amount: "1200",
  huge: "9007199254740993",
  base_units: "123456789012345678901234567890",
  member_id: 7,
  claims: "2",
  details: { kind: "daily_reward", nested: { at: "2026-11-27T08:15:30.125+00:00" } },
  day: "2026-11-27",
  none: null,
};

/** The run's database (PGlite, or the PostgreSQL server with TEST_DATABASE_URL), and PGlite beside the server. */
const drivers: Array<[string, () => Promise<TestDatabase>]> = [
  [process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite", createTestDatabase],
  ...(process.env.TEST_DATABASE_URL ? [["PGlite", freshPglite] as [string, () => Promise<TestDatabase>]] : []),
];

async function freshPglite(): Promise<TestDatabase> {
  const handle = await openDatabase({ driver: "pglite" });
  return { ...handle, dispose: () => handle.close() };
}

describe.each(drivers)("raw rows on %s", (_driver, open) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database.dispose());

  it("come back as Date, exact decimal strings, numbers and parsed json from a raw statement", async () => {
    const [row] = await queryRows<Row>(database.db, statement(AT));
    expect(row).toStrictEqual(expected);
    expect(row?.at).toBeInstanceOf(Date);
  });

  it("come back the same from a prepared statement", async () => {
    expect(await prepared(database.db, { at: AT })).toStrictEqual([expected]);
  });

  it("come back the same inside a transaction", async () => {
    const [row] = await database.db.transaction((tx) => queryRows<Row>(tx, statement(AT)));
    expect(row).toStrictEqual(expected);
  });
});
