import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { QUIZ_PAUSED, UNKNOWN_QUIZ } from "../../common/api/quests.ts";
import { queryRows } from "../../server/db/client.ts";
import { APP } from "../helpers/agent.ts";
import { openConsoleAs } from "../helpers/console.ts";
import { answerQuizAs, questMember, quizAnswers, startQuizAs, takeQuiz } from "../helpers/quests.ts";
import { useTestApp } from "../helpers/test-app.ts";

const QUIZ = "create-wallet";

describe("quest settings from the console", () => {
  const t = useTestApp();

  const auditOf = (subject: string) =>
    queryRows<{ action: string; actor: string; reason: string; before: unknown; after: unknown }>(
      t.database.db,
      sql`select action, actor, reason, before, after from audit_log where subject = ${subject} order by id`,
    );
  const paidTo = (userId: number) =>
    queryRows<{ amount: string; award: string }>(
      t.database.db,
      sql`select amount::text as amount, award from ledger_entries where user_id = ${userId} and kind = 'quest_reward'`,
    );

  it("lists every quiz at the configuration's amounts and the first page quests, for any staff member", async () => {
    const support = await openConsoleAs(t, "support");
    const reply = await support.get("/api/admin/quests");
    expect(reply.statusCode).toBe(200);
    const quests = reply.json().quests as Array<Record<string, unknown>>;
    expect(
      quests.filter((quest) => quest.kind === "quiz").map((quest) => [quest.id, quest.tokens, quest.xp, quest.period, quest.status]),
    ).toEqual([
      ["create-wallet", "50", 100, "once", "active"],
      ["import-token", "50", 100, "once", "active"],
      ["revoke-approvals", "50", 100, "once", "active"],
      ["secret-recovery-phrase", "50", 100, "once", "active"],
    ]);
    expect(
      quests.filter((quest) => quest.kind === "visit" || quest.kind === "read").map((quest) => [quest.kind, quest.page, quest.tokens]),
    ).toEqual([
      ["read", "/guides-secret-recovery-phrase", "0"],
      ["visit", "/glossary", "0"],
    ]);
    expect(
      quests.filter((quest) => quest.kind === "chain").map((quest) => [quest.id, quest.page, quest.tokens, quest.xp, quest.period]),
    ).toEqual(
      t.site.rewards.chainQuests
        .map((quest) => [quest.id, null, String(quest.tokens), quest.xp, quest.period === "month" ? "monthly" : "once"])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
    const refused = await support.post(`/api/admin/quests/quiz/${QUIZ}/status`, { status: "paused", reason: "try" });
    expect(refused.statusCode).toBe(403);
  });

  it("applies a new amount to future credits only, with an audit row", async () => {
    const admin = await openConsoleAs(t, "admin");
    const before = await questMember(t);
    expect((await takeQuiz(t, before.visitor, QUIZ)).json()).toMatchObject({ passed: true, xp: 100, tokens: "50" });

    const edited = await admin.post(`/api/admin/quests/quiz/${QUIZ}/edit`, {
      title: "Create a wallet",
      tokens: "75",
      xp: 150,
      reason: "launch week",
    });
    expect(edited.statusCode).toBe(200);
    expect((await auditOf(`quest:quiz:${QUIZ}`)).at(-1)).toMatchObject({
      action: "quests.edit",
      actor: admin.user.email,
      reason: "launch week",
      before: { tokens: "50", xp: 100 },
      after: { tokens: "75", xp: 150, title: "Create a wallet" },
    });

    const after = await questMember(t);
    const listed = (await after.visitor.get(`/api/quests?app=${APP}`)).json().quizzes.find((quiz: { id: string }) => quiz.id === QUIZ);
    expect(listed).toMatchObject({ title: "Create a wallet", xp: 150, tokens: "75", paused: false });
    expect((await takeQuiz(t, after.visitor, QUIZ)).json()).toMatchObject({ passed: true, xp: 150, tokens: "75" });
    expect(await paidTo(before.user.id)).toEqual([{ amount: "50", award: `quest:quiz:${QUIZ}:once` }]);
    expect(await paidTo(after.user.id)).toEqual([{ amount: "75", award: `quest:quiz:${QUIZ}:once` }]);

    const offer = (await after.visitor.get(`/api/quests/offer?app=${APP}`)).json().quests;
    expect(offer.find((quest: { id: string }) => quest.id === QUIZ)).toMatchObject({ tokens: "75", xp: 150 });
  });

  it("refuses a paused quiz's start and grading, without spending the attempt, until it is resumed", async () => {
    const admin = await openConsoleAs(t, "admin");
    const { user, visitor } = await questMember(t);
    const started = await startQuizAs(visitor, "import-token");
    expect(started.statusCode).toBe(200);

    expect((await admin.post("/api/admin/quests/quiz/import-token/status", { status: "paused", reason: "wrong answer" })).statusCode).toBe(
      200,
    );
    const refusedStart = await startQuizAs(visitor, "import-token");
    expect([refusedStart.statusCode, refusedStart.json().err_msg]).toEqual([409, QUIZ_PAUSED]);
    const refusedAnswers = await answerQuizAs(
      visitor,
      "import-token",
      started.json().attempt_token,
      quizAnswers(t, "import-token", "right"),
    );
    expect([refusedAnswers.statusCode, refusedAnswers.json().err_msg]).toEqual([409, QUIZ_PAUSED]);
    expect(await paidTo(user.id)).toEqual([]);
    const listed = (await visitor.get(`/api/quests?app=${APP}`)).json().quizzes.find((quiz: { id: string }) => quiz.id === "import-token");
    expect(listed.paused).toBe(true);
    const offer = (await visitor.get(`/api/quests/offer?app=${APP}`)).json().quests;
    expect(offer.map((quest: { id: string }) => quest.id)).not.toContain("import-token");

    expect((await admin.post("/api/admin/quests/quiz/import-token/status", { status: "active", reason: "fixed" })).statusCode).toBe(200);
    const graded = await answerQuizAs(visitor, "import-token", started.json().attempt_token, quizAnswers(t, "import-token", "right"));
    expect(graded.json()).toMatchObject({ passed: true, tokens: "50" });
    expect((await auditOf("quest:quiz:import-token")).map((row) => row.action)).toEqual(["quests.pause", "quests.resume"]);
  });

  it("retires a quiz: gone from the members' pages, its history kept, no change after", async () => {
    const admin = await openConsoleAs(t, "admin");
    const { user, visitor } = await questMember(t);
    expect((await takeQuiz(t, visitor, "revoke-approvals")).json().passed).toBe(true);

    expect(
      (await admin.post("/api/admin/quests/quiz/revoke-approvals/status", { status: "retired", reason: "guide rewritten" })).statusCode,
    ).toBe(200);
    const view = (await visitor.get(`/api/quests?app=${APP}`)).json();
    expect(view.quizzes.map((quiz: { id: string }) => quiz.id)).not.toContain("revoke-approvals");
    expect(view.receipts.map((receipt: { quest: string }) => receipt.quest)).toContain("quiz:revoke-approvals");
    expect(view.xp_total).toBe(100);
    expect(await paidTo(user.id)).toEqual([{ amount: "50", award: "quest:quiz:revoke-approvals:once" }]);
    const start = await startQuizAs(visitor, "revoke-approvals");
    expect([start.statusCode, start.json().err_msg]).toEqual([404, UNKNOWN_QUIZ]);

    for (const [path, body] of [
      ["status", { status: "active", reason: "undo" }],
      ["edit", { title: "x", tokens: "1", xp: 1, reason: "undo" }],
    ] as const) {
      const refused = await admin.post(`/api/admin/quests/quiz/revoke-approvals/${path}`, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().err_msg).toMatch(/retired/);
    }
  });

  it("defines page quests that pay XP only, one of a kind per page, and refuses bad input in words", async () => {
    const admin = await openConsoleAs(t, "admin");
    const define = (body: Record<string, unknown>) =>
      admin.post("/api/admin/quests", {
        kind: "visit",
        id: "faq",
        title: "Visit the FAQ",
        page: "/faq",
        xp: 10,
        period: "daily",
        reason: "new",
        ...body,
      });
    expect((await define({})).statusCode).toBe(200);
    expect((await auditOf("quest:visit:faq")).map((row) => row.action)).toEqual(["quests.define"]);

    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{}, 409, /exists already/],
      [{ id: "faq-again" }, 409, /Another quest of this kind/],
      [{ kind: "quiz", id: "other" }, 400, /quizzes come from content/],
      [{ id: "Bad Id" }, 400, /lowercase/],
      [{ id: "x", page: "https://elsewhere.example/" }, 400, /path on this site/],
      [{ id: "x", xp: 0 }, 400, /at least 1/],
      [{ id: "x", reason: "" }, 400, /reason/],
    ];
    for (const [body, status, message] of cases) {
      const reply = await define(body);
      expect([reply.statusCode, reply.json().err_msg]).toEqual([status, expect.stringMatching(message)]);
    }
    const tokens = await admin.post("/api/admin/quests/visit/faq/edit", {
      title: "Visit the FAQ",
      tokens: "5",
      xp: 10,
      reason: "pay more",
    });
    expect([tokens.statusCode, tokens.json().err_msg]).toEqual([400, expect.stringMatching(/XP only/)]);
    const unknown = await admin.post("/api/admin/quests/visit/nothing/status", { status: "paused", reason: "r" });
    expect(unknown.statusCode).toBe(404);
  });

  it("of 20 pauses sent at once, one pauses and writes its audit row", async () => {
    const admin = await openConsoleAs(t, "admin");
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        admin.post("/api/admin/quests/quiz/secret-recovery-phrase/status", { status: "paused", reason: "race" }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
    expect((await auditOf("quest:quiz:secret-recovery-phrase")).map((row) => row.action)).toEqual(["quests.pause"]);
  });
});
