import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../server/db/client.ts";
import { claimDailyReward } from "../../server/services/rewards.ts";
import { createUser } from "../factories.ts";
import { useTestApp } from "../helpers/test-app.ts";

/** Enough members to fill a page of `users` several times over, so the first of them sits on a page filled by sign-ups. */
const MEMBERS = 120;

/**
 * A claim changes no indexed column of `users`, so PostgreSQL can write the
 * row's new version on its own page without touching an index, if the page
 * has room (decision 041). A row that stays on its page kept its block number.
 */
describe("a claim's update of the member's row", () => {
  const t = useTestApp();

  const pageOf = async (userId: number) => {
    const [row] = await queryRows<{ page: string }>(
      t.database.db,
      sql`select (ctid::text::point)[0]::text as page from users where id = ${userId}`,
    );
    return row?.page;
  };

  it("stays on the page sign-ups filled, on every page", async () => {
    for (let index = 0; index < MEMBERS; index++) await createUser(t.database.db);
    // One member a page: a first claim on a page needs only the room the fill factor kept, not the pruning of an
    // earlier claim's old version, which waits for every snapshot of the database that may still see it.
    const firstOnEachPage = await queryRows<{ id: number }>(
      t.database.db,
      sql`select min(id)::int as id from users group by (ctid::text::point)[0] order by 1`,
    );
    expect(firstOnEachPage.length).toBeGreaterThan(2);

    const rules = t.site.rewards;
    const moved: number[] = [];
    for (const { id } of firstOnEachPage) {
      const before = await pageOf(id);
      const result = await claimDailyReward({ db: t.database.db, clock: t.clock, rules }, { userId: id });
      expect(result.ok).toBe(true);
      if ((await pageOf(id)) !== before) moved.push(id);
    }
    expect(moved).toEqual([]);
  });
});
