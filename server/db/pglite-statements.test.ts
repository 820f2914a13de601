import { PGlite, types } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PreparedStatements } from "./pglite-statements.ts";

/** What PostgreSQL itself says is prepared on the connection: the statements the protocol prepared, by text. */
async function preparedTexts(database: PGlite): Promise<string[]> {
  const { rows } = await database.query<{ statement: string }>(
    "select statement from pg_prepared_statements where not from_sql order by prepare_time, statement",
  );
  return rows.map((row) => row.statement);
}

const keepTimestampsAsText = { [types.TIMESTAMPTZ]: (value: string) => value };

describe("PGlite's statements, each prepared once by its text", () => {
  let database: PGlite;

  beforeAll(async () => {
    database = await PGlite.create();
    await database.exec(`
      create table notes (
        id int primary key,
        body text not null,
        tags text[] not null default '{}',
        details jsonb,
        amount numeric(78, 0),
        balance bigint not null default 0,
        seen boolean not null default false,
        at timestamptz not null default '2026-11-26T08:00:00Z'
      );
      insert into notes (id, body, tags, details, amount) values (1, 'first', '{a,b}', '{"k": 1}', 123456789012345678901234567890);
    `);
  });
  afterAll(() => database.close());

  it("prepares a statement on its first run and reuses it with other values", async () => {
    const statements = new PreparedStatements(database);
    const text = "select id, body from notes where id = $1 or body = $2";
    expect(await statements.query(text, [1, "nothing"])).toMatchObject({ rows: [{ id: 1, body: "first" }] });
    expect(await statements.query(text, [2, "first"])).toMatchObject({ rows: [{ id: 1, body: "first" }] });
    expect(await statements.query(text, [2, "nothing"])).toMatchObject({ rows: [] });
    expect((await preparedTexts(database)).filter((prepared) => prepared === text)).toHaveLength(1);
  });

  it("answers as PGlite's own query does, for each type, row mode and parser override", async () => {
    const statements = new PreparedStatements(database);
    const runs: Array<[string, unknown[], { rowMode?: "array" | "object"; parsers?: typeof keepTimestampsAsText }]> = [
      ["select * from notes where id = $1", [1], {}],
      ["select * from notes where id = $1", [1], { rowMode: "array" }],
      ["select at, at::text as text from notes where id = $1", [1], { parsers: keepTimestampsAsText }],
      [
        "insert into notes (id, body, tags, details, amount, balance, seen, at) values ($1, $2, $3, $4, $5, $6, $7, $8) returning *",
        [2, "second", ["x", "y z"], { nested: [1, "two"] }, 10n ** 30n, 2n ** 62n, true, new Date("2026-01-02T03:04:05Z")],
        {},
      ],
      ["insert into notes (id, body, details) values ($1, $2, $3)", [3, "third", null], {}],
      ["update notes set seen = not seen where id = any($1)", [[2, 3]], {}],
      ["select count(*)::int as count, sum(amount) as total, sum(balance) as balances from notes", [], {}],
    ];
    for (const [text, params, options] of runs) {
      // PGlite's own query first, undone, then the prepared statement: both meet the same rows.
      await database.query("begin");
      const theirs = await database.query(text, params, options);
      await database.query("rollback");
      expect(await statements.query(text, params, options)).toEqual(theirs);
    }
    expect(await statements.query("select tags, details, at from notes where id = 2", [], { parsers: keepTimestampsAsText })).toEqual(
      expect.objectContaining({ rows: [{ tags: ["x", "y z"], details: { nested: [1, "two"] }, at: "2026-01-02 03:04:05+00" }] }),
    );
  });

  it("closes the statement used longest ago when it holds as many as it may", async () => {
    const statements = new PreparedStatements(database, { capacity: 2 });
    const [a, b, c] = ["select 1 as a", "select 2 as b", "select 3 as c"];
    const before = await preparedTexts(database);
    await statements.query(a as string, []);
    await statements.query(b as string, []);
    await statements.query(a as string, []);
    await statements.query(c as string, []);
    const added = (await preparedTexts(database)).filter((text) => !before.includes(text));
    expect(added.sort()).toEqual([a, c]);
  });

  it("prepares a statement again once its table's columns changed", async () => {
    const statements = new PreparedStatements(database);
    await database.exec("create table shapes (id int primary key); insert into shapes values (1)");
    expect(await statements.query("select * from shapes", [])).toMatchObject({ rows: [{ id: 1 }] });
    await database.exec("alter table shapes add column sides int not null default 4");
    await expect(statements.query("select * from shapes", [])).rejects.toThrow("cached plan must not change result type");
    expect(await statements.query("select * from shapes", [])).toMatchObject({ rows: [{ id: 1, sides: 4 }] });
    // Inside a transaction too: the failed call aborts it, and after the rollback the statement is prepared afresh.
    await database.exec("alter table shapes add column colour text not null default 'red'");
    await statements.query("begin", []);
    await expect(statements.query("select * from shapes", [])).rejects.toThrow("cached plan must not change result type");
    await statements.query("rollback", []);
    expect(await statements.query("select * from shapes", [])).toMatchObject({ rows: [{ id: 1, sides: 4, colour: "red" }] });
  });

  it("keeps an error's SQLSTATE and constraint, and a failed transaction ends as PostgreSQL's do", async () => {
    const statements = new PreparedStatements(database);
    const insert = "insert into notes (id, body) values ($1, $2)";
    await statements.query("begin", []);
    const duplicate = await statements.query(insert, [1, "again"]).catch((error: unknown) => error);
    expect(duplicate).toMatchObject({ code: "23505", constraint: "notes_pkey" });
    await expect(statements.query(insert, [9, "after the failure"])).rejects.toMatchObject({ code: "25P02" });
    await statements.query("rollback", []);
    await statements.query(insert, [9, "after the rollback"]);
    expect(await statements.query("select body from notes where id = $1", [9])).toMatchObject({ rows: [{ body: "after the rollback" }] });
  });

  it("prepares nothing for a statement PostgreSQL refuses", async () => {
    const statements = new PreparedStatements(database);
    const text = "select no_such_column from notes";
    await expect(statements.query(text, [])).rejects.toMatchObject({ code: "42703" });
    expect(await preparedTexts(database)).not.toContain(text);
  });
});
