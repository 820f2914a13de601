import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DISPLAY_NAME_TAKEN } from "../../common/api/leaderboard.ts";
import { queryRows } from "../../server/db/client.ts";
import { creditQuest } from "../../server/services/quests/credits.ts";
import { createUser, signedIn } from "../factories.ts";
import { type Agent, APP } from "../helpers/agent.ts";
import { useTestApp } from "../helpers/test-app.ts";

describe("the leaderboard", () => {
  const t = useTestApp();

  const member = async (name?: string) => {
    const user = await createUser(t.database.db);
    const visitor = await signedIn(t.app, user);
    if (name !== undefined) expect((await nameAs(visitor, name)).statusCode).toBe(200);
    return { user, visitor };
  };
  const nameAs = async (visitor: Agent, display_name: unknown) =>
    visitor.put("/api/display-name", { app: APP, csrfToken: await visitor.csrf("account"), display_name });
  const quest = (userId: number, key: string, xp: number) =>
    creditQuest({ db: t.database.db, clock: t.clock }, userId, { key, xp, tokens: 0n });
  const board = async (season?: string) => {
    const reply = await t.app.inject({ url: `/api/leaderboard?app=${APP}${season ? `&season=${season}` : ""}` });
    expect(reply.statusCode).toBe(200);
    return reply.json();
  };

  it("shows only members who chose a name, ranked by the season's quest XP and claims, without email or wallet", async () => {
    t.clock.set("2026-11-10T09:00:00Z");
    const ada = await member("Ada");
    const bob = await member("bob_the_builder");
    const hidden = await member();
    await quest(ada.user.id, "quest:quiz:a:once", 100);
    await quest(bob.user.id, "quest:quiz:a:once", 100);
    await quest(bob.user.id, "quest:quiz:b:once", 100);
    await quest(hidden.user.id, "quest:quiz:a:once", 500);
    expect((await ada.visitor.get(`/api/claim-daily-reward?app=${APP}`)).statusCode).toBe(200);

    const reply = await board();
    expect(reply.season).toBe("2026-11");
    expect(reply.current_season).toBe("2026-11");
    expect(reply.entries).toEqual([
      { rank: 1, display_name: "bob_the_builder", xp: 200 },
      { rank: 2, display_name: "Ada", xp: 100 + t.site.rewards.claimXp },
    ]);
    const text = JSON.stringify(reply);
    expect(text).not.toContain("@");
    expect(text).not.toContain(ada.user.email);
  });

  it("counts each season's XP in its own UTC month, and shows a past season by its own query", async () => {
    const ada = await member("Ada Two");
    t.clock.set("2026-05-31T23:59:59Z");
    await quest(ada.user.id, "quest:quiz:a:once", 100);
    t.clock.set("2026-06-01T00:00:00Z");
    await quest(ada.user.id, "quest:quiz:b:once", 30);

    expect((await board()).entries).toEqual([{ rank: 1, display_name: "Ada Two", xp: 30 }]);
    const may = await board("2026-05");
    expect(may.season).toBe("2026-05");
    expect(may.current_season).toBe("2026-06");
    expect(may.entries).toEqual([{ rank: 1, display_name: "Ada Two", xp: 100 }]);
    expect((await board("2026-07")).entries).toEqual([]);
  });

  it("leaves out accounts on hold or with an open fairness signal until cleared, and members who take their name off", async () => {
    t.clock.set("2026-07-12T09:00:00Z");
    const held = await member("Held");
    const flagged = await member("Flagged");
    const leaving = await member("Leaving");
    for (const { user } of [held, flagged, leaving]) await quest(user.id, "quest:quiz:a:once", 100);
    await queryRows(t.database.db, sql`update users set frozen_at = now() where id = ${held.user.id}`);
    await queryRows(
      t.database.db,
      sql`insert into risk_signals (user_id, kind, subject, details, created_at)
          values (${flagged.user.id}, 'wallet_tried_elsewhere', 'test', 'a test signal', now())`,
    );
    expect((await nameAs(leaving.visitor, "")).statusCode).toBe(200);
    expect((await board()).entries).toEqual([]);

    await queryRows(t.database.db, sql`update users set frozen_at = null where id = ${held.user.id}`);
    await queryRows(t.database.db, sql`update risk_signals set cleared_at = now() where user_id = ${flagged.user.id}`);
    expect((await board()).entries.map((entry: { display_name: string }) => entry.display_name)).toEqual(["Flagged", "Held"]);
  });

  it("keeps a name unique whatever its letter case, and lets its owner read it back", async () => {
    const first = await member("Kestrel Fan");
    const second = await member();
    const taken = await nameAs(second.visitor, "kestrel fan");
    expect(taken.statusCode).toBe(409);
    expect(taken.json().err_msg).toBe(DISPLAY_NAME_TAKEN);
    expect((await first.visitor.get(`/api/display-name?app=${APP}`)).json()).toEqual({ display_name: "Kestrel Fan" });
    expect((await second.visitor.get(`/api/display-name?app=${APP}`)).json()).toEqual({ display_name: null });
  });

  it("frees the name of a deleted account, which leaves the board", async () => {
    t.clock.set("2026-04-10T09:00:00Z");
    const leaving = await member("Gone Soon");
    await quest(leaving.user.id, "quest:quiz:a:once", 100);
    const deleted = await leaving.visitor.post("/api/delete-account", {
      app: APP,
      csrfToken: await leaving.visitor.csrf("account"),
      password: leaving.user.password,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await board("2026-04")).entries).toEqual([]);
    await member("gone soon");
  });

  it("refuses names that would reveal an address, and bad input, with a 4xx and no change", async () => {
    const { visitor, user } = await member();
    for (const name of ["ab", "x".repeat(25), "me@example.com", "0xAbC123", "visit.example.com", "<b>hi</b>", "-dash", 42]) {
      const reply = await nameAs(visitor, name);
      expect(reply.statusCode, String(name)).toBe(400);
      expect(reply.json().err_msg, String(name)).toEqual(expect.any(String));
    }
    const [row] = await queryRows<{ display_name: string | null }>(
      t.database.db,
      sql`select display_name from users where id = ${user.id}`,
    );
    expect(row?.display_name).toBeNull();
    for (const season of ["2026-13", "26-11", "2026-1", "now"]) {
      expect((await t.app.inject({ url: `/api/leaderboard?app=${APP}&season=${season}` })).statusCode).toBe(400);
    }
  });

  it("lets only a signed-in member with the account form's token choose a name", async () => {
    const anonymous = await t.app.inject({
      method: "PUT",
      url: "/api/display-name",
      payload: { app: APP, csrfToken: "x", display_name: "Someone" },
    });
    expect(anonymous.statusCode).toBe(403);
    const { visitor } = await member();
    const forged = await visitor.put("/api/display-name", { app: APP, csrfToken: "forged", display_name: "Someone" });
    expect(forged.statusCode).toBe(403);
  });
});
