import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../server/db/client.ts";
import { creditStreakMilestones } from "../../server/services/streaks.ts";
import { createUser, signedIn } from "../factories.ts";
import { type Agent, APP } from "../helpers/agent.ts";
import { useTestApp } from "../helpers/test-app.ts";

const claim = `/api/claim-daily-reward?app=${APP}`;
const dashboard = `/api/dashboard?app=${APP}`;

describe("the streak of daily claims", () => {
  const t = useTestApp();

  const claimAt = async (visitor: Agent, at: string) => {
    t.clock.set(at);
    const reply = await visitor.get(claim);
    expect(reply.statusCode, `claim at ${at}`).toBe(200);
  };
  const streakAt = async (visitor: Agent, at: string) => {
    t.clock.set(at);
    return (await visitor.get(dashboard)).json().streak;
  };
  const bonuses = (userId: number) =>
    queryRows<{ award: string; amount: string }>(
      t.database.db,
      sql`select award, amount::text as amount from ledger_entries where user_id = ${userId} and kind = 'streak_bonus' order by id`,
    );

  it("shows no streak beside the seed's fields before the first claim", async () => {
    t.clock.set("2026-11-21T08:00:00Z");
    const visitor = await signedIn(t.app, await createUser(t.database.db), true);
    const reply = (await visitor.get(dashboard)).json();
    expect(reply).toMatchObject({ time_remaining: "00:00:00", balance: "0", today_reward: "100" });
    expect(reply.streak).toEqual({
      days: 0,
      claimed_today: false,
      freeze_held: false,
      ends_at: null,
      at_risk: false,
      week: [
        { date: "2026-11-15", state: "missed" },
        { date: "2026-11-16", state: "missed" },
        { date: "2026-11-17", state: "missed" },
        { date: "2026-11-18", state: "missed" },
        { date: "2026-11-19", state: "missed" },
        { date: "2026-11-20", state: "missed" },
        { date: "2026-11-21", state: "open" },
      ],
      next_milestone: { days: 7, bonus: "50" },
    });
  });

  it("counts UTC days: a claim at 23:59:59 and the next a day later both count, and a missed day ends it", async () => {
    const visitor = await signedIn(t.app, await createUser(t.database.db), true);
    await claimAt(visitor, "2026-11-01T12:00:00Z");
    // 35 hours later, a second before midnight UTC: still 2 November.
    await claimAt(visitor, "2026-11-02T23:59:59Z");
    expect(await streakAt(visitor, "2026-11-02T23:59:59Z")).toMatchObject({ days: 2, claimed_today: true, at_risk: false });
    // Midnight UTC: a new day, claimable from 23:59:59.
    expect(await streakAt(visitor, "2026-11-03T00:00:00Z")).toMatchObject({
      days: 2,
      claimed_today: false,
      at_risk: true,
      ends_at: "2026-11-04T00:00:00.000Z",
    });
    await claimAt(visitor, "2026-11-03T23:59:59Z");
    expect(await streakAt(visitor, "2026-11-03T23:59:59Z")).toMatchObject({ days: 3 });
    // 4 November passes without a claim.
    const broken = await streakAt(visitor, "2026-11-05T00:00:00Z");
    expect(broken).toMatchObject({ days: 0, at_risk: false, ends_at: null });
    expect(broken.week.map((day: { state: string }) => day.state)).toEqual([
      "missed",
      "missed",
      "claimed",
      "claimed",
      "claimed",
      "missed",
      "open",
    ]);
    await claimAt(visitor, "2026-11-05T00:00:01Z");
    expect(await streakAt(visitor, "2026-11-05T00:00:01Z")).toMatchObject({ days: 1, claimed_today: true });
  });

  it("pays the 7-day bonus once, earns a freeze, and the freeze covers a missed day", async () => {
    const user = await createUser(t.database.db);
    const visitor = await signedIn(t.app, user, true);
    for (let day = 1; day <= 6; day++) await claimAt(visitor, `2026-11-${String(day).padStart(2, "0")}T09:00:00Z`);
    expect(await bonuses(user.id)).toEqual([]);
    await claimAt(visitor, "2026-11-07T09:00:00Z");
    expect(await bonuses(user.id)).toEqual([{ award: "streak:2026-11-01:7", amount: "50" }]);
    const seventh = (await visitor.get(dashboard)).json();
    expect(seventh.balance).toBe(String(7 * 100 + 50));
    expect(seventh.recent_activity[0]).toMatchObject({ kind: "streak_bonus", amount: "50" });
    expect(seventh.streak).toMatchObject({ days: 7, freeze_held: true, next_milestone: { days: 30, bonus: "300" } });

    // 8 November missed; on the 9th the freeze holds the streak.
    expect(await streakAt(visitor, "2026-11-09T08:00:00Z")).toMatchObject({ days: 7, freeze_held: false, at_risk: true });
    await claimAt(visitor, "2026-11-09T09:00:00Z");
    const kept = await streakAt(visitor, "2026-11-09T09:00:00Z");
    expect(kept).toMatchObject({ days: 8, freeze_held: false, claimed_today: true });
    expect(kept.week.slice(-3)).toEqual([
      { date: "2026-11-07", state: "claimed" },
      { date: "2026-11-08", state: "frozen" },
      { date: "2026-11-09", state: "claimed" },
    ]);
    // The 7-day bonus is not paid again in the same streak.
    expect(await bonuses(user.id)).toHaveLength(1);

    // A second missed day finds no freeze: a new streak, which can earn its own 7-day bonus.
    await claimAt(visitor, "2026-11-11T09:00:00Z");
    expect(await streakAt(visitor, "2026-11-11T09:00:00Z")).toMatchObject({ days: 1, freeze_held: false });
  });

  it("credits a milestone once when many credits race", async () => {
    const user = await createUser(t.database.db);
    const visitor = await signedIn(t.app, user, true);
    for (let day = 1; day <= 7; day++) {
      t.clock.set(`2026-10-0${day}T09:00:00Z`);
      // The 7th day's claims race each other too: one is credited, and it credits the bonus.
      const replies = await Promise.all(Array.from({ length: day === 7 ? 20 : 1 }, () => visitor.get(claim)));
      expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(1);
    }
    const milestones = t.site.rewards.streakMilestones;
    const results = await Promise.all(
      Array.from({ length: 50 }, () => creditStreakMilestones({ db: t.database.db, clock: t.clock, milestones }, user.id)),
    );
    expect(results.flatMap((result) => result.credited)).toEqual([]);
    expect(await bonuses(user.id)).toEqual([{ award: "streak:2026-10-01:7", amount: "50" }]);
  });

  it("credits a reached milestone once among 50 concurrent calls when none is paid yet", async () => {
    const user = await createUser(t.database.db);
    // Seven claims written as the claim writes them, with no bonus yet (as if the server stopped after the 7th claim).
    await queryRows(
      t.database.db,
      sql`with entries as (
            insert into ledger_entries (user_id, kind, amount, created_at, reward_window)
            select ${user.id}, 'daily_reward', 100, timestamptz '2026-09-01T09:00:00Z' + (n - 1) * interval '1 day', n from generate_series(1, 7) n
            returning amount)
          update users set balance = balance + (select sum(amount) from entries), claim_count = 7 where id = ${user.id}`,
    );
    t.clock.set("2026-09-07T10:00:00Z");
    const milestones = t.site.rewards.streakMilestones;
    const results = await Promise.all(
      Array.from({ length: 50 }, () => creditStreakMilestones({ db: t.database.db, clock: t.clock, milestones }, user.id)),
    );
    expect(results.flatMap((result) => result.credited)).toEqual([{ days: 7, bonus: 50n }]);
    expect(await bonuses(user.id)).toEqual([{ award: "streak:2026-09-01:7", amount: "50" }]);
  });

  it("pays nothing to an account on hold", async () => {
    const user = await createUser(t.database.db);
    await queryRows(
      t.database.db,
      sql`with entries as (
            insert into ledger_entries (user_id, kind, amount, created_at, reward_window)
            select ${user.id}, 'daily_reward', 100, timestamptz '2026-08-01T09:00:00Z' + (n - 1) * interval '1 day', n from generate_series(1, 7) n
            returning amount)
          update users set balance = balance + (select sum(amount) from entries), claim_count = 7, frozen_at = now() where id = ${user.id}`,
    );
    t.clock.set("2026-08-07T10:00:00Z");
    const result = await creditStreakMilestones(
      { db: t.database.db, clock: t.clock, milestones: t.site.rewards.streakMilestones },
      user.id,
    );
    expect(result.streak.days).toBe(7);
    expect(result.credited).toEqual([]);
    expect(await bonuses(user.id)).toEqual([]);
  });
});
