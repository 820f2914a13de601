import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ANSWER_EVERY_QUESTION, ATTEMPT_USED, UNKNOWN_QUIZ } from "../../common/api/quests.ts";
import { queryRows } from "../../server/db/client.ts";
import { loadQuizBank, type Quiz } from "../../server/services/quests/quiz-bank.ts";
import { createUser, signedIn, type TestUser } from "../factories.ts";
import { type Agent, APP } from "../helpers/agent.ts";
import { useTestApp } from "../helpers/test-app.ts";

const MINUTE = 60_000;
const QUIZ = "secret-recovery-phrase";

describe("quizzes, graded on the server", () => {
  const t = useTestApp();
  let quiz: Quiz;

  const member = async ({ wallet = true }: { wallet?: boolean } = {}) => {
    const user = await createUser(t.database.db);
    if (wallet) {
      const address = `0x${user.id.toString(16).padStart(40, "0")}`;
      await queryRows(t.database.db, sql`update users set wallet_address = ${address}, wallet_verified_at = now() where id = ${user.id}`);
    }
    return { user, visitor: await signedIn(t.app, user, true) };
  };
  const start = async (visitor: Agent, slug = QUIZ) =>
    visitor.post(`/api/quests/quizzes/${slug}/start`, { app: APP, csrfToken: await visitor.csrf("quests") });
  const answers = (pick: "right" | "wrong", rightCount = quiz.questions.length) =>
    quiz.questions.map((question, index) => ({
      question_id: question.id,
      choice_id: (pick === "right" && index < rightCount
        ? question.choices.find((choice) => choice.correct)
        : question.choices.find((choice) => !choice.correct)
      )?.id as string,
    }));
  const submit = async (visitor: Agent, token: string, given: Array<{ question_id: string; choice_id: string }>, csrfToken?: string) =>
    visitor.post(`/api/quests/quizzes/${QUIZ}/answers`, {
      app: APP,
      csrfToken: csrfToken ?? (await visitor.csrf("quests")),
      attempt_token: token,
      answers: given,
    });
  const credits = (user: TestUser) =>
    queryRows<{ kind: string; amount: string; award: string }>(
      t.database.db,
      sql`select kind, amount::text as amount, award from ledger_entries where user_id = ${user.id} and kind = 'quest_reward'
          union all select 'xp', amount::text, award from xp_entries where user_id = ${user.id} order by kind`,
    );

  it("reads every quiz from content/quizzes, each testing a guide that exists", () => {
    const bank = loadQuizBank(t.site);
    quiz = bank.get(QUIZ) as Quiz;
    expect([...bank.keys()]).toEqual(["create-wallet", "import-token", "revoke-approvals", "secret-recovery-phrase"]);
    expect(quiz.guidePath).toBe("/guides-secret-recovery-phrase");
    expect(bank.get("import-token")?.title).toBe(`Add ${t.site.token.symbol} to MetaMask`);
  });

  it("lists the quizzes with what they pay, none passed", async () => {
    const { visitor } = await member();
    const reply = await visitor.get(`/api/quests?app=${APP}`);
    expect(reply.statusCode).toBe(200);
    const view = reply.json();
    expect(view.xp_total).toBe(0);
    expect(view.receipts).toEqual([]);
    expect(view.quizzes.find((entry: { id: string }) => entry.id === QUIZ)).toEqual({
      id: QUIZ,
      title: "Your Secret Recovery Phrase",
      guide_path: "/guides-secret-recovery-phrase",
      guide_title: "Your Secret Recovery Phrase",
      questions: 4,
      pass_mark: 3,
      xp: 100,
      tokens: "50",
      paused: false,
      passed: false,
      tokens_paid: false,
      retry_at: null,
    });
  });

  it("grades wrong answers with each explanation, credits nothing, and cools down for an hour", async () => {
    t.clock.set("2026-11-21T10:00:00Z");
    const { user, visitor } = await member();
    const started = (await start(visitor)).json();
    expect(started.questions).toHaveLength(4);
    // The start names no right answer.
    expect(JSON.stringify(started)).not.toMatch(/correct|why/);
    const reply = await submit(visitor, started.attempt_token, answers("right", 2));
    expect(reply.statusCode).toBe(200);
    const result = reply.json();
    expect(result).toMatchObject({
      passed: false,
      correct: 2,
      total: 4,
      pass_mark: 3,
      xp: 0,
      tokens: "0",
      retry_at: "2026-11-21T11:00:00.000Z",
    });
    const wrong = result.answers.find((answer: { correct: boolean }) => !answer.correct);
    const question = quiz.questions.find((entry) => entry.id === wrong.question_id);
    expect(wrong.why).toBe(question?.choices.find((choice) => choice.id === wrong.choice_id)?.why);
    expect(wrong.right_choice_id).toBe(question?.choices.find((choice) => choice.correct)?.id);
    expect(result.receipt).toBe(
      'Graded the quiz "Your Secret Recovery Phrase" at 2026-11-21T10:00:00.000Z: 2 of 4 right, 3 needed: not passed, so nothing is credited. The quiz opens again after 60 minutes.',
    );
    expect(await credits(user)).toEqual([]);

    t.clock.advance(59 * MINUTE);
    const early = await start(visitor);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({
      err_msg: "You can take this quiz again after 11:00 UTC. Read the guide again in the meantime.",
      retry_at: "2026-11-21T11:00:00.000Z",
    });
    expect(early.headers["retry-after"]).toBe("60");
    t.clock.advance(MINUTE);
    expect((await start(visitor)).statusCode).toBe(200);
    const view = (await visitor.get(`/api/quests?app=${APP}`)).json();
    expect(view.receipts).toEqual([
      { quest: `quiz:${QUIZ}`, checked_at: "2026-11-21T10:00:00.000Z", outcome: "failed", detail: result.receipt },
    ]);
  });

  it("pays XP and tokens for the first pass only, with a receipt for each grading", async () => {
    t.clock.set("2026-11-22T10:00:00Z");
    const { user, visitor } = await member();
    const first = await submit(visitor, (await start(visitor)).json().attempt_token, answers("right", 3));
    expect(first.json()).toMatchObject({ passed: true, correct: 3, xp: 100, tokens: "50", retry_at: null });
    expect(first.json().receipt).toBe(
      'Graded the quiz "Your Secret Recovery Phrase" at 2026-11-22T10:00:00.000Z: 3 of 4 right, 3 needed: passed. 100 XP; 50 tokens paid.',
    );
    const again = await submit(visitor, (await start(visitor)).json().attempt_token, answers("right"));
    expect(again.json()).toMatchObject({ passed: true, correct: 4, xp: 0, tokens: "0" });
    expect(again.json().receipt).toMatch(/passed\. XP was credited for an earlier pass; tokens were paid for an earlier pass\.$/);
    expect(await credits(user)).toEqual([
      { kind: "quest_reward", amount: "50", award: `quest:quiz:${QUIZ}:once` },
      { kind: "xp", amount: "100", award: `quest:quiz:${QUIZ}:once` },
    ]);
    const view = (await visitor.get(`/api/quests?app=${APP}`)).json();
    expect(view.xp_total).toBe(100);
    expect(view.quizzes.find((entry: { id: string }) => entry.id === QUIZ)).toMatchObject({ passed: true, tokens_paid: true });
    expect((await visitor.get(`/api/dashboard?app=${APP}`)).json().recent_activity[0]).toMatchObject({
      kind: "quest_reward",
      amount: "50",
    });
  });

  it("grades an attempt once: its token again, an expired one and another quiz's are refused", async () => {
    t.clock.set("2026-11-23T10:00:00Z");
    const { visitor } = await member();
    const token = (await start(visitor)).json().attempt_token;
    expect((await submit(visitor, token, answers("right"))).statusCode).toBe(200);
    const reused = await submit(visitor, token, answers("right"));
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({ err_msg: ATTEMPT_USED });

    const late = (await start(visitor)).json().attempt_token;
    t.clock.advance(31 * MINUTE);
    expect((await submit(visitor, late, answers("right"))).json()).toEqual({ err_msg: ATTEMPT_USED });

    const elsewhere = (await start(visitor, "create-wallet")).json().attempt_token;
    expect((await submit(visitor, elsewhere, answers("right"))).statusCode).toBe(409);
  });

  it("refuses incomplete or unknown answers without spending the attempt, an unknown quiz, and a missing form token", async () => {
    const { visitor } = await member();
    const token = (await start(visitor)).json().attempt_token;
    for (const given of [answers("right").slice(1), [...answers("right").slice(1), { question_id: "who-asks", choice_id: "nope" }], []]) {
      const reply = await submit(visitor, token, given);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({ err_msg: ANSWER_EVERY_QUESTION });
    }
    expect((await submit(visitor, token, answers("right"))).statusCode).toBe(200);
    const unknown = await start(visitor, "no-such-quiz");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ err_msg: UNKNOWN_QUIZ });
    expect((await visitor.post(`/api/quests/quizzes/${QUIZ}/start`, { app: APP, csrfToken: "forged" })).statusCode).toBe(403);
    expect((await submit(visitor, token, answers("right"), "forged")).statusCode).toBe(403);
  });

  it("shows each attempt its own order of questions and choices", async () => {
    const { visitor } = await member();
    const orders = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const started = (await start(visitor)).json();
      orders.add(
        started.questions
          .map((question: { id: string; choices: Array<{ id: string }> }) => `${question.id}:${question.choices.map((c) => c.id)}`)
          .join("|"),
      );
    }
    // 4 questions of 3, 3, 2 and 3 choices: 24 × 6 × 6 × 2 × 6 orders; twelve draws all alike would be a broken shuffle.
    expect(orders.size).toBeGreaterThan(1);
  });

  it("credits once when 50 submissions of one attempt race", async () => {
    const { user, visitor } = await member();
    const token = (await start(visitor)).json().attempt_token;
    const csrfToken = await visitor.csrf("quests");
    const replies = await Promise.all(Array.from({ length: 50 }, () => submit(visitor, token, answers("right"), csrfToken)));
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(1);
    expect(replies.filter((reply) => reply.statusCode === 409)).toHaveLength(49);
    expect(await credits(user)).toHaveLength(2);
  });

  it("credits once when 50 passing attempts race", async () => {
    const { user, visitor } = await member();
    const tokens = [];
    for (let i = 0; i < 50; i++) tokens.push((await start(visitor)).json().attempt_token as string);
    const csrfToken = await visitor.csrf("quests");
    const replies = await Promise.all(tokens.map((token) => submit(visitor, token, answers("right"), csrfToken)));
    expect(replies.map((reply) => reply.statusCode)).toEqual(tokens.map(() => 200));
    expect(replies.map((reply) => reply.json().tokens).filter((tokens) => tokens !== "0")).toEqual(["50"]);
    expect(replies.map((reply) => reply.json().xp).filter((xp) => xp !== 0)).toEqual([100]);
    expect(await credits(user)).toEqual([
      { kind: "quest_reward", amount: "50", award: `quest:quiz:${QUIZ}:once` },
      { kind: "xp", amount: "100", award: `quest:quiz:${QUIZ}:once` },
    ]);
  });

  it("pays XP but no tokens without a verified wallet, on hold or flagged, and tokens at the first pass after that", async () => {
    const { user, visitor } = await member({ wallet: false });
    const pass = async () => (await submit(visitor, (await start(visitor)).json().attempt_token, answers("right"))).json();
    const noWallet = await pass();
    expect(noWallet).toMatchObject({ passed: true, xp: 100, tokens: "0" });
    expect(noWallet.receipt).toMatch(
      /100 XP; no tokens, because tokens need a verified wallet \(one per account\); verify yours on the dashboard, then pass again\.$/,
    );

    await queryRows(
      t.database.db,
      sql`update users set wallet_address = '0x00000000000000000000000000000000000000aa', wallet_verified_at = now() where id = ${user.id}`,
    );
    await queryRows(
      t.database.db,
      sql`insert into risk_signals (user_id, kind, subject, details, created_at) values (${user.id}, 'wallet_tried_elsewhere', 'test', 'a test signal', now())`,
    );
    expect((await pass()).receipt).toMatch(
      /no tokens, because the account waits for a review by our team; pass again once it is cleared\.$/,
    );
    await queryRows(t.database.db, sql`update risk_signals set cleared_at = now() where user_id = ${user.id}`);
    await queryRows(t.database.db, sql`update users set frozen_at = now() where id = ${user.id}`);
    expect((await pass()).receipt).toMatch(/no tokens, because the account is on hold\.$/);
    expect(await credits(user)).toEqual([{ kind: "xp", amount: "100", award: `quest:quiz:${QUIZ}:once` }]);

    await queryRows(t.database.db, sql`update users set frozen_at = null where id = ${user.id}`);
    expect(await pass()).toMatchObject({ xp: 0, tokens: "50" });
    expect(await credits(user)).toHaveLength(2);
  });

  it("answers 403 to a visitor without a session", async () => {
    const reply = await t.app.inject({ method: "GET", url: `/api/quests?app=${APP}` });
    expect(reply.statusCode).toBe(403);
  });
});
