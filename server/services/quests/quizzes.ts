import { createHash, randomBytes, randomInt } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { QUEST_OUTCOMES } from "../../../common/api/quests.ts";
import type { SiteConfig } from "../../../config/site.ts";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";
import { questReceipts, quizAttempts } from "../../db/schema.ts";
import { creditReferralOnQuizPass } from "../fairness/referral-bonuses.ts";
import { creditQuest, WITHHELD_TEXT } from "./credits.ts";
import type { Quiz, QuizBank } from "./quiz-bank.ts";
import { findQuestSetting, listQuestSettings, type QuestSetting, questAward } from "./settings.ts";

export type QuizRules = Pick<SiteConfig["rewards"], "quizCooldownMinutes" | "referralAfterFirstQuiz">;
type Deps = { db: Database; clock: Clock; rules: QuizRules; bank: QuizBank };

/** How long a started attempt may be answered. */
export const ATTEMPT_MINUTES = 30;
const MINUTE_MS = 60_000;

/** The quest a quiz is, and its one award: a quiz pays for its first pass only. */
export const quizQuest = (slug: string) => `quiz:${slug}`;
export const quizAward = (slug: string) => `quest:quiz:${slug}:once`;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** When the member may start the quiz again after a failed attempt; null when now. */
export async function quizRetryAt({ db, clock, rules }: Pick<Deps, "db" | "clock" | "rules">, userId: number, slug: string) {
  const [last] = await db
    .select({ submittedAt: quizAttempts.submittedAt, passed: quizAttempts.passed })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.quiz, slug), sql`${quizAttempts.submittedAt} is not null`))
    .orderBy(desc(quizAttempts.submittedAt))
    .limit(1);
  if (!last?.submittedAt || last.passed) return null;
  const retryAt = new Date(last.submittedAt.getTime() + rules.quizCooldownMinutes * MINUTE_MS);
  return retryAt > clock.now() ? retryAt : null;
}

export type ShownQuestion = { id: string; text: string; choices: Array<{ id: string; text: string }> };
export type QuizStartResult =
  | { ok: true; token: string; expiresAt: Date; quiz: Quiz; questions: ShownQuestion[] }
  | { ok: false; reason: "unknown" | "paused" }
  | { ok: false; reason: "cooling-down"; retryAt: Date };

/** The quiz and its settings, or why it cannot be taken: unknown (or retired), or paused by an operator. */
async function takeableQuiz(deps: Deps, slug: string): Promise<{ quiz: Quiz; setting: QuestSetting } | { reason: "unknown" | "paused" }> {
  const quiz = deps.bank.get(slug);
  const setting = quiz && (await findQuestSetting(deps.db, "quiz", slug));
  if (!quiz || !setting || setting.status === "retired") return { reason: "unknown" };
  if (setting.status === "paused") return { reason: "paused" };
  return { quiz, setting };
}

/** A new attempt: a token for one submission, and the questions and choices in an order of their own. */
export async function startQuiz(deps: Deps, userId: number, slug: string): Promise<QuizStartResult> {
  const takeable = await takeableQuiz(deps, slug);
  if ("reason" in takeable) return { ok: false, reason: takeable.reason };
  const { quiz } = takeable;
  const retryAt = await quizRetryAt(deps, userId, slug);
  if (retryAt) return { ok: false, reason: "cooling-down", retryAt };
  const questions = shuffled(quiz.questions).map((question) => ({
    id: question.id,
    text: question.text,
    choices: shuffled(question.choices).map((choice) => ({ id: choice.id, text: choice.text })),
  }));
  const token = randomBytes(32).toString("base64url");
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + ATTEMPT_MINUTES * MINUTE_MS);
  await deps.db.insert(quizAttempts).values({
    tokenHash: hashToken(token),
    userId,
    quiz: slug,
    shown: questions.map((question) => ({ id: question.id, choices: question.choices.map((choice) => choice.id) })),
    startedAt: now,
    expiresAt,
  });
  return { ok: true, token, expiresAt, quiz, questions };
}

export type GradedAnswer = { questionId: string; choiceId: string; rightChoiceId: string; correct: boolean; why: string };
export type QuizSubmitResult =
  | {
      ok: true;
      passed: boolean;
      correct: number;
      quiz: Quiz;
      answers: GradedAnswer[];
      xp: number;
      tokens: bigint;
      receipt: string;
      retryAt: Date | null;
    }
  | { ok: false; reason: "unknown" | "paused" | "incomplete" | "used" };

/**
 * Grades an attempt once. The answers are checked against the quiz first (an
 * incomplete set spends nothing); then one conditional UPDATE spends the
 * attempt, so of any number of submissions with one token, one is graded.
 * A pass credits the quiz's award once, at the amounts its settings hold
 * then; every grading leaves a receipt. A paused quiz grades nothing.
 */
export async function submitQuiz(
  deps: Deps,
  userId: number,
  slug: string,
  token: string,
  given: ReadonlyArray<{ question_id: string; choice_id: string }>,
): Promise<QuizSubmitResult> {
  const takeable = await takeableQuiz(deps, slug);
  if ("reason" in takeable) return { ok: false, reason: takeable.reason };
  const { quiz, setting } = takeable;
  const chosen = new Map(given.map((answer) => [answer.question_id, answer.choice_id]));
  if (chosen.size !== given.length || chosen.size !== quiz.questions.length) return { ok: false, reason: "incomplete" };
  const answers: GradedAnswer[] = [];
  for (const question of quiz.questions) {
    const choice = question.choices.find((candidate) => candidate.id === chosen.get(question.id));
    const right = question.choices.find((candidate) => candidate.correct);
    if (!choice || !right) return { ok: false, reason: "incomplete" };
    answers.push({ questionId: question.id, choiceId: choice.id, rightChoiceId: right.id, correct: choice.correct, why: choice.why });
  }
  const correct = answers.filter((answer) => answer.correct).length;
  const passed = correct >= quiz.pass;
  const now = deps.clock.now();
  const [spent] = await queryRows<{ id: number }>(
    deps.db,
    sql`update quiz_attempts set submitted_at = ${now}, correct = ${correct}, passed = ${passed}
         where token_hash = ${hashToken(token)} and user_id = ${userId} and quiz = ${slug} and submitted_at is null and expires_at > ${now}
        returning id`,
  );
  if (!spent) return { ok: false, reason: "used" };

  const graded = `Graded the quiz "${quiz.title}" at ${now.toISOString()}: ${correct} of ${quiz.questions.length} right, ${quiz.pass} needed`;
  let receipt: string;
  let xp = 0;
  let tokens = 0n;
  if (passed) {
    const credit = await creditQuest(deps, userId, { key: questAward(setting, now), xp: setting.xp, tokens: setting.tokens });
    await creditReferralOnQuizPass(deps, userId, { afterFirstQuiz: deps.rules.referralAfterFirstQuiz });
    xp = credit.xp;
    tokens = credit.tokens;
    const paid =
      credit.tokens > 0n
        ? `${credit.tokens} tokens paid`
        : credit.tokensPaidBefore
          ? "tokens were paid for an earlier pass"
          : `no tokens, because ${WITHHELD_TEXT[credit.withheld ?? "xp-only"]}`;
    receipt = `${graded}: passed. ${credit.xp > 0 ? `${credit.xp} XP` : "XP was credited for an earlier pass"}; ${paid}.`;
  } else {
    receipt = `${graded}: not passed, so nothing is credited. The quiz opens again after ${deps.rules.quizCooldownMinutes} minutes.`;
  }
  await deps.db
    .insert(questReceipts)
    .values({ userId, quest: quizQuest(slug), checkedAt: now, outcome: passed ? "passed" : "failed", detail: receipt });
  const retryAt = passed ? null : new Date(now.getTime() + deps.rules.quizCooldownMinutes * MINUTE_MS);
  return { ok: true, passed, correct, quiz, answers, xp, tokens, receipt, retryAt };
}

export type QuestsOverview = {
  xpTotal: number;
  quizzes: Array<{ quiz: Quiz; setting: QuestSetting; passed: boolean; tokensPaid: boolean; retryAt: Date | null }>;
  /** Visit and read quests, each with whether this period's XP is earned. */
  pages: Array<{ setting: QuestSetting; done: boolean }>;
  receipts: Array<{ quest: string; checkedAt: Date; outcome: (typeof QUEST_OUTCOMES)[number]; detail: string }>;
};

/** The member's quests that are not retired: each with its settings and state, the XP earned, and the latest receipts. */
export async function questsFor(deps: Deps, userId: number): Promise<QuestsOverview> {
  const [totals] = await queryRows<{ xp: number; passed: string[]; paid: string[]; awards: string[] }>(
    deps.db,
    sql`select (select coalesce(sum(amount), 0) from xp_entries where user_id = ${userId})::int as xp,
               (select coalesce(json_agg(distinct quiz), '[]'::json) from quiz_attempts where user_id = ${userId} and passed) as passed,
               (select coalesce(json_agg(award), '[]'::json) from ledger_entries where user_id = ${userId} and kind = 'quest_reward') as paid,
               (select coalesce(json_agg(award), '[]'::json) from xp_entries where user_id = ${userId} and award not like 'quest:quiz:%') as awards`,
  );
  const passed = new Set(totals?.passed);
  const paid = new Set(totals?.paid);
  const awards = new Set(totals?.awards);
  const settings = (await listQuestSettings(deps.db)).filter((setting) => setting.status !== "retired");
  const quizzes = [];
  for (const setting of settings) {
    const quiz = setting.kind === "quiz" ? deps.bank.get(setting.id) : undefined;
    if (quiz)
      quizzes.push({
        quiz,
        setting,
        passed: passed.has(quiz.slug),
        tokensPaid: paid.has(quizAward(quiz.slug)),
        retryAt: await quizRetryAt(deps, userId, quiz.slug),
      });
  }
  const now = deps.clock.now();
  const pages = settings
    .filter((setting) => setting.kind === "visit" || setting.kind === "read")
    .map((setting) => ({ setting, done: awards.has(questAward(setting, now)) }));
  const receipts = await deps.db
    .select()
    .from(questReceipts)
    .where(eq(questReceipts.userId, userId))
    .orderBy(desc(questReceipts.checkedAt), desc(questReceipts.id))
    .limit(10);
  return {
    xpTotal: totals?.xp ?? 0,
    quizzes,
    pages,
    receipts: receipts.map((receipt) => ({
      quest: receipt.quest,
      checkedAt: receipt.checkedAt,
      outcome: receipt.outcome,
      detail: receipt.detail,
    })),
  };
}
