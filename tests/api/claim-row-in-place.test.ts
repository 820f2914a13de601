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

  it("stays on the page sign-ups filled, on every member's page", async () => {
    const members = [];
    for (let index = 0; index < MEMBERS; index++) members.push(await createUser(t.database.db));
    const [{ pages } = { pages: 0 }] = await queryRows<{ pages: number }>(
      t.database.db,
      sql`select count(distinct (ctid::text::point)[0])::int as pages from users`,
    );
    expect(pages).toBeGreaterThan(2);

    const rules = t.site.rewards;
    const moved: number[] = [];
    for (const member of members) {
      const before = await pageOf(member.id);
      const result = await claimDailyReward({ db: t.database.db, clock: t.clock, rules }, { userId: member.id });
      expect(result.ok).toBe(true);
      if ((await pageOf(member.id)) !== before) moved.push(member.id);
    }
    expect(moved).toEqual([]);
  });
});
