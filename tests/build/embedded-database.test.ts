import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase, queryRows } from "../../server/db/client.ts";
import { isDatabaseUnavailable, isUniqueViolation } from "../../server/db/errors.ts";

/** PGlite runs in a worker thread; these are the promises the rest of the server relies on. */
describe("the embedded database in its own thread", () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openDatabase({ driver: "pglite", dataDir: path.join(mkdtempSync(path.join(os.tmpdir(), "embedded-")), "pglite") });
    await database.db.execute(sql`create table notes (id int primary key, body text not null, at timestamptz not null default now())`);
  });
  afterAll(() => database.close());

  it("leaves the event loop free while a long query runs", async () => {
    let ticks = 0;
    let done = false;
    const tick = () => {
      ticks += 1;
      if (!done) setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
    const [row] = await queryRows<{ total: string }>(database.db, sql`select sum(n)::text as total from generate_series(1, 5000000) n`);
    done = true;
    expect(row?.total).toBe("12500002500000");
    expect(ticks).toBeGreaterThan(0);
  });

  it("keeps a unique violation's SQLSTATE and constraint, so callers tell it from an outage", async () => {
    await database.db.execute(sql`insert into notes (id, body) values (1, 'first')`);
    const error = await database.db.execute(sql`insert into notes (id, body) values (1, 'again')`).catch((caught: unknown) => caught);
    expect(isUniqueViolation(error, "notes_pkey")).toBe(true);
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it("rolls a failed transaction back, and other queries wait for a transaction to end", async () => {
    const order: string[] = [];
    const failing = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into notes (id, body) values (2, 'inside')`);
        order.push("inside");
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error("changed my mind");
      })
      .catch((error: Error) => error.message);
    const outside = queryRows<{ count: number }>(database.db, sql`select count(*)::int as count from notes where id = 2`).then((rows) => {
      order.push("outside");
      return rows[0]?.count;
    });
    expect(await failing).toBe("changed my mind");
    expect(await outside).toBe(0);
    expect(order).toEqual(["inside", "outside"]);
  });

  it("returns dates as drizzle maps them", async () => {
    const [row] = await queryRows<{ at: unknown }>(database.db, sql`select at from notes where id = 1`);
    expect(typeof row?.at === "string" || row?.at instanceof Date).toBe(true);
    expect(Number.isNaN(new Date(row?.at as string).getTime())).toBe(false);
  });

  it("answers as unavailable once closed, never hangs", async () => {
    const closing = await openDatabase({ driver: "pglite" });
    await closing.close();
    const error = await closing.db.execute(sql`select 1`).catch((caught: unknown) => caught);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
