import { z } from "zod";
import { appField, csrfTokenField, errorReply, jsonObject, tokenAmount } from "./fields.ts";

/** Quests: a quiz per guide, graded on the server; XP for every pass, tokens only where the server can check. */

const quizId = z.string().regex(/^[a-z0-9-]{1,40}$/);
export const quizParams = z.object({ quiz: quizId });

export const QUEST_OUTCOMES = ["passed", "failed", "refused"] as const;

export const receiptReply = z.object({
  quest: z.string(),
  checked_at: z.string(),
  outcome: z.enum(QUEST_OUTCOMES),
  /** "Checked …: found / not found, because …". */
  detail: z.string(),
});

export const questsReply = z.object({
  xp_total: z.number().int().nonnegative(),
  quizzes: z.array(
    z.object({
      id: quizId,
      title: z.string(),
      guide_path: z.string(),
      guide_title: z.string(),
      questions: z.number().int().positive(),
      pass_mark: z.number().int().positive(),
      /** What the first pass pays; tokens only to a member with a verified wallet whose account is not frozen or flagged. */
      xp: z.number().int().positive(),
      tokens: tokenAmount,
      passed: z.boolean(),
      tokens_paid: z.boolean(),
      /** After a failed attempt: when the quiz can be started again; null when it can now. */
      retry_at: z.string().nullable(),
    }),
  ),
  receipts: z.array(receiptReply),
});
export type QuestsView = z.infer<typeof questsReply>;

export function quizStartBody(slug: string) {
  return jsonObject({ app: appField(slug), csrfToken: csrfTokenField });
}

export const quizStartReply = z.object({
  /** One submission, within the attempt's time: answers sent with it are graded once. */
  attempt_token: z.string(),
  expires_at: z.string(),
  title: z.string(),
  pass_mark: z.number().int().positive(),
  questions: z.array(z.object({ id: z.string(), text: z.string(), choices: z.array(z.object({ id: z.string(), text: z.string() })) })),
});
export type QuizStart = z.infer<typeof quizStartReply>;

export const ANSWER_EVERY_QUESTION = "Please answer every question.";

export function quizAnswersBody(slug: string) {
  return jsonObject({
    app: appField(slug),
    csrfToken: csrfTokenField,
    attempt_token: z.string({ error: "This attempt is not known. Start the quiz again." }).min(1).max(100),
    answers: z
      .array(z.object({ question_id: z.string().max(40), choice_id: z.string().max(40) }), { error: ANSWER_EVERY_QUESTION })
      .max(20),
  });
}
export type QuizAnswersBody = z.input<ReturnType<typeof quizAnswersBody>>;

export const quizResultReply = z.object({
  passed: z.boolean(),
  correct: z.number().int().nonnegative(),
  total: z.number().int().positive(),
  pass_mark: z.number().int().positive(),
  /** Each question: the member's choice, the right one, and why the member's choice is right or wrong. */
  answers: z.array(
    z.object({ question_id: z.string(), choice_id: z.string(), right_choice_id: z.string(), correct: z.boolean(), why: z.string() }),
  ),
  /** What this attempt credited: nothing after the first pass. */
  xp: z.number().int().nonnegative(),
  tokens: tokenAmount,
  receipt: z.string(),
  retry_at: z.string().nullable(),
});
export type QuizResult = z.infer<typeof quizResultReply>;

export const quizCoolingDown = errorReply.extend({ retry_at: z.string() });

export const UNKNOWN_QUIZ = "There is no such quiz.";
export const ATTEMPT_USED = "This attempt was already sent or has expired. Start the quiz again.";
