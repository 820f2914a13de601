import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { NO_PAGE_QUEST, PAGE_QUEST_PAUSED } from "../../common/api/quests.ts";
import { queryRows } from "../../server/db/client.ts";
import { type Agent, APP, agent } from "../helpers/agent.ts";
import { openConsoleAs } from "../helpers/console.ts";
import { questMember } from "../helpers/quests.ts";
import { useTestApp } from "../helpers/test-app.ts";

const DAY = 24 * 60 * 60 * 1000;

describe("visit and read quests on the site's own pages", () => {
  const t = useTestApp();

  const tell = async (visitor: Agent, kind: string, page: string, csrfToken?: string) =>
    visitor.post("/api/quests/visits", { app: APP, csrfToken: csrfToken ?? (await visitor.csrf("quests")), kind, page });
  const creditsOf = (userId: number) =>
    queryRows<{ kind: string; award: string; amount: string }>(
      t.database.db,
      sql`select 'xp' as kind, award, amount::text as amount from xp_entries where user_id = ${userId}
          union all select kind, coalesce(award, ''), amount::text from ledger_entries where user_id = ${userId} order by award`,
    );

  it("pays a visit's XP once, never tokens, with a receipt, and shows it done", async () => {
    const { user, visitor } = await questMember(t);
    const first = await tell(visitor, "visit", "/glossary");
    expect([first.statusCode, first.json()]).toEqual([200, { title: "Visit the glossary", xp: 20 }]);
    expect((await tell(visitor, "visit", "/glossary")).json().xp).toBe(0);
    expect(await creditsOf(user.id)).toEqual([{ kind: "xp", award: "quest:visit:glossary:once", amount: "20" }]);

    const view = (await visitor.get(`/api/quests?app=${APP}`)).json();
    expect(view.xp_total).toBe(20);
    expect(view.pages.find((quest: { id: string }) => quest.id === "glossary")).toMatchObject({ kind: "visit", done: true, xp: 20 });
    expect(view.pages.find((quest: { kind: string }) => quest.kind === "read")).toMatchObject({ done: false, xp: 30 });
    expect(view.receipts[0]).toMatchObject({ quest: "visit:glossary", outcome: "passed", detail: expect.stringContaining("XP only") });
  });

  it("credits once when 50 visits race, and a daily quest again the next UTC day", async () => {
    const admin = await openConsoleAs(t, "admin");
    const defined = await admin.post("/api/admin/quests", {
      kind: "visit",
      id: "faq-daily",
      title: "Look at the FAQ",
      page: "/faq",
      xp: 5,
      period: "daily",
      reason: "test",
    });
    expect(defined.statusCode).toBe(200);
    const { user, visitor } = await questMember(t);
    const csrfToken = await visitor.csrf("quests");
    t.clock.set("2026-11-21T23:59:00Z");
    const replies = await Promise.all(Array.from({ length: 50 }, () => tell(visitor, "visit", "/faq", csrfToken)));
    expect(replies.map((reply) => reply.json().xp).sort((a, b) => b - a)).toEqual([5, ...Array(49).fill(0)]);
    t.clock.advance(2 * 60 * 1000);
    expect((await tell(visitor, "visit", "/faq")).json().xp).toBe(5);
    t.clock.advance(DAY / 2);
    expect((await tell(visitor, "visit", "/faq")).json().xp).toBe(0);
    expect((await creditsOf(user.id)).map((row) => row.award)).toEqual([
      "quest:visit:faq-daily:2026-11-21",
      "quest:visit:faq-daily:2026-11-22",
    ]);
  });

  it("counts page quests' XP on the leaderboard", async () => {
    const { user, visitor } = await questMember(t);
    await visitor.put("/api/display-name", { app: APP, csrfToken: await visitor.csrf("account"), display_name: "Page Reader" });
    expect((await tell(visitor, "read", "/guides-secret-recovery-phrase")).json().xp).toBe(30);
    const board = (await t.app.inject({ url: `/api/leaderboard?app=${APP}` })).json();
    const entry = board.entries.find((row: { display_name: string }) => row.display_name === "Page Reader");
    expect(entry?.xp).toBe(30);
    expect(await creditsOf(user.id)).toHaveLength(1);
  });

  it("refuses a page without that quest, a paused quest, a visitor without a session and a missing form token", async () => {
    const admin = await openConsoleAs(t, "admin");
    const { visitor } = await questMember(t);
    const none = await tell(visitor, "read", "/glossary");
    expect([none.statusCode, none.json().err_msg]).toEqual([404, NO_PAGE_QUEST]);
    expect((await tell(visitor, "visit", "not-a-path")).statusCode).toBe(400);

    expect(
      (await admin.post("/api/admin/quests/read/secret-recovery-phrase-guide/status", { status: "paused", reason: "r" })).statusCode,
    ).toBe(200);
    const paused = await tell(visitor, "read", "/guides-secret-recovery-phrase");
    expect([paused.statusCode, paused.json().err_msg]).toEqual([409, PAGE_QUEST_PAUSED]);
    const offer = (await agent(t.app).get(`/api/quests/offer?app=${APP}`)).json().quests;
    expect(offer.map((quest: { id: string }) => quest.id)).not.toContain("secret-recovery-phrase-guide");

    expect((await agent(t.app).post("/api/quests/visits", { app: APP, csrfToken: "x", kind: "visit", page: "/glossary" })).statusCode).toBe(
      403,
    );
    expect((await tell(visitor, "visit", "/glossary", "wrong")).statusCode).toBe(403);
  });
});
