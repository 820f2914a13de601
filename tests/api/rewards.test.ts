import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CLAIMED } from "../../common/api/rewards.ts";
import { queryRows } from "../../server/db/client.ts";
import { ledgerEntries, users } from "../../server/db/schema.ts";
import { createUser, signedIn } from "../factories.ts";
import { APP, agent } from "../helpers/agent.ts";
import { useTestApp } from "../helpers/test-app.ts";

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;
const claim = `/api/claim-daily-reward?app=${APP}`;
const dashboard = `/api/dashboard?app=${APP}`;

describe("the dashboard and the daily claim", () => {
  const t = useTestApp();

  it("answers 403 to every call of the signed-in area without a session", async () => {
    const visitor = agent(t.app);
    for (const reply of [
      await visitor.get(dashboard),
      await visitor.get(claim),
      await visitor.put("/api/dashboard-update-wallet-address", { address: "0x", app: APP, csrfToken: "x", old_address: "" }),
    ]) {
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toEqual({ err_msg: "Please log in first." });
      expect(reply.headers["cache-control"]).toBe("no-store");
    }
  });

  it("shows a new user's dashboard with a claim due", async () => {
    t.clock.set("2026-11-21T08:00:00Z");
    const user = await createUser(t.database.db, { firstName: "Katherine" });
    const reply = await (await signedIn(t.app, user)).get(dashboard);
    expect(reply.statusCode).toBe(200);
    // The seed's fields, unchanged; the streak beside them is tests/api/streaks.test.ts's.
    const { streak, ...seedFields } = reply.json();
    expect(streak).toMatchObject({ days: 0 });
    expect(seedFields).toEqual({
      time_remaining: "00:00:00",
      balance: "0",
      address: "",
      referral_code: user.referralCode,
      first_name: "Katherine",
      today_reward: "100",
      referral_count: 0,
      referral_bonus_total: "0",
      referral_bonus_pending: "0",
      email_verified: true,
      recent_activity: [],
    });
  });

  it("credits 100 tokens once, then counts down 24 hours to the second", async () => {
    t.clock.set("2026-11-21T08:00:00Z");
    // Remembered sessions: a plain one would end during the 24 idle hours.
    const visitor = await signedIn(t.app, await createUser(t.database.db), true);
    const first = await visitor.get(claim);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ suc_msg: CLAIMED, amount: "100" });
    expect(first.headers["cache-control"]).toBe("no-store");

    const after = (await visitor.get(dashboard)).json();
    expect(after).toMatchObject({ time_remaining: "24:00:00", balance: "100" });
    expect(after.recent_activity).toEqual([{ kind: "daily_reward", amount: "100", created_at: "2026-11-21T08:00:00.000Z" }]);

    const again = await visitor.get(claim);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ err_msg: "Your next reward is not ready yet. Come back in 24:00:00.", time_remaining: "24:00:00" });

    t.clock.advance(24 * HOUR - SECOND);
    expect((await visitor.get(dashboard)).json().time_remaining).toBe("00:00:01");
    expect((await visitor.get(claim)).statusCode).toBe(409);

    t.clock.advance(SECOND);
    expect((await visitor.get(dashboard)).json().time_remaining).toBe("00:00:00");
    expect((await visitor.get(claim)).statusCode).toBe(200);
    expect((await visitor.get(dashboard)).json().balance).toBe("200");
  });

  it("rounds a part of a second up, so 00:00:00 means a claim will succeed", async () => {
    t.clock.set("2026-11-21T09:00:00Z");
    const visitor = await signedIn(t.app, await createUser(t.database.db), true);
    await visitor.get(claim);
    t.clock.advance(24 * HOUR - 400);
    expect((await visitor.get(dashboard)).json().time_remaining).toBe("00:00:01");
  });

  it.each([
    ["2026-12-25T00:00:00Z", "300"],
    ["2026-12-25T23:59:59Z", "300"],
    ["2027-01-01T12:00:00Z", "200"],
    ["2026-12-24T23:59:59Z", "100"],
  ])("pays the special-day multiple on %s (UTC): %s tokens", async (at, amount) => {
    t.clock.set(at);
    const visitor = await signedIn(t.app, await createUser(t.database.db));
    expect((await visitor.get(dashboard)).json().today_reward).toBe(amount);
    expect((await visitor.get(claim)).json().amount).toBe(amount);
    expect((await visitor.get(dashboard)).json().balance).toBe(amount);
  });

  it("credits the referrer 10 tokens each time a referred user's claim succeeds", async () => {
    t.clock.set("2026-11-22T08:00:00Z");
    const referrer = await createUser(t.database.db);
    const friend = await createUser(t.database.db, { referredBy: referrer.id });
    const friendAgent = await signedIn(t.app, friend, true);
    const referrerAgent = await signedIn(t.app, referrer, true);

    await friendAgent.get(claim);
    await friendAgent.get(claim);
    t.clock.advance(24 * HOUR);
    await friendAgent.get(claim);

    const view = (await referrerAgent.get(dashboard)).json();
    expect(view).toMatchObject({ balance: "20", referral_count: 1, referral_bonus_total: "20", time_remaining: "00:00:00" });
    expect(view.recent_activity.map((entry: { kind: string }) => entry.kind)).toEqual(["referral_bonus", "referral_bonus"]);

    const bonuses = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, referrer.id));
    const causes = await t.database.db.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.userId, friend.id));
    expect(bonuses.map((entry) => entry.causedBy).sort()).toEqual(causes.map((entry) => entry.id).sort());
  });

  it("refuses a claim that comes from another site or a prefetch, and credits nothing", async () => {
    t.clock.set("2026-11-23T08:00:00Z");
    const user = await createUser(t.database.db);
    const visitor = await signedIn(t.app, user);
    const hostile: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-mode": "navigate" },
      { "sec-purpose": "prefetch" },
    ];
    for (const headers of hostile) {
      expect((await visitor.get(claim, headers)).statusCode).toBe(403);
    }
    expect((await visitor.get(dashboard)).json().balance).toBe("0");
  });

  it("refuses another app's name", async () => {
    const visitor = await signedIn(t.app, await createUser(t.database.db));
    expect((await visitor.get("/api/claim-daily-reward?app=other")).statusCode).toBe(400);
    expect((await visitor.get("/api/dashboard")).statusCode).toBe(400);
  });
});

describe("500 concurrent claims", () => {
  const t = useTestApp();

  it("credit the user exactly once and the referrer exactly once", async () => {
    t.clock.set("2026-11-24T08:00:00Z");
    const referrer = await createUser(t.database.db);
    const user = await createUser(t.database.db, { referredBy: referrer.id });
    const visitor = await signedIn(t.app, user);

    const replies = await Promise.all(Array.from({ length: 500 }, () => visitor.get(claim)));
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(499);

    const rows = await queryRows<{ user_id: number; kind: string; count: number }>(
      t.database.db,
      sql`select user_id, kind, count(*)::int as count from ledger_entries group by user_id, kind order by user_id`,
    );
    expect(rows).toEqual([
      { user_id: referrer.id, kind: "referral_bonus", count: 1 },
      { user_id: user.id, kind: "daily_reward", count: 1 },
    ]);
    const [stored] = await t.database.db
      .select({ balance: users.balance, claims: users.claimCount })
      .from(users)
      .where(eq(users.id, user.id));
    expect(stored).toEqual({ balance: 100n, claims: 1 });
  });
});
