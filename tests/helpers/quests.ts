import { sql } from "drizzle-orm";
import { queryRows } from "../../server/db/client.ts";
import { loadQuizBank } from "../../server/services/quests/quiz-bank.ts";
import { createUser, signedIn } from "../factories.ts";
import { type Agent, APP } from "./agent.ts";
import type { TestApp } from "./test-app.ts";

/** A signed-in member, with a verified wallet unless told otherwise (tokens need one). */
export async function questMember(t: TestApp, { wallet = true, referredBy }: { wallet?: boolean; referredBy?: number } = {}) {
  const user = await createUser(t.database.db, { referredBy });
  if (wallet) {
    const address = `0x${user.id.toString(16).padStart(40, "0")}`;
    await queryRows(t.database.db, sql`update users set wallet_address = ${address}, wallet_verified_at = now() where id = ${user.id}`);
  }
  return { user, visitor: await signedIn(t.app, user, true) };
}

/** Starts a quiz through the API. */
export async function startQuizAs(visitor: Agent, slug: string) {
  return visitor.post(`/api/quests/quizzes/${slug}/start`, { app: APP, csrfToken: await visitor.csrf("quests") });
}

/** The answers to a quiz: all right, or all wrong. */
export function quizAnswers(t: TestApp, slug: string, pick: "right" | "wrong") {
  const quiz = loadQuizBank(t.site).get(slug);
  if (!quiz) throw new Error(`no quiz ${slug}`);
  return quiz.questions.map((question) => ({
    question_id: question.id,
    choice_id: question.choices.find((choice) => choice.correct === (pick === "right"))?.id as string,
  }));
}

/** Sends answers with an attempt token. */
export async function answerQuizAs(
  visitor: Agent,
  slug: string,
  token: string,
  answers: Array<{ question_id: string; choice_id: string }>,
) {
  return visitor.post(`/api/quests/quizzes/${slug}/answers`, {
    app: APP,
    csrfToken: await visitor.csrf("quests"),
    attempt_token: token,
    answers,
  });
}

/** Starts a quiz and answers it; the grading's reply. */
export async function takeQuiz(t: TestApp, visitor: Agent, slug: string, pick: "right" | "wrong" = "right") {
  const started = await startQuizAs(visitor, slug);
  if (started.statusCode !== 200) return started;
  return answerQuizAs(visitor, slug, started.json().attempt_token, quizAnswers(t, slug, pick));
}
