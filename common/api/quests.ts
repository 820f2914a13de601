import { z } from "zod";
import { type RefusalWords, wordsOf } from "../refusal-words.ts";
import { QUEST_KINDS, QUEST_PERIODS } from "./admin-quests.ts";
import { appField, csrfTokenField, errorReply, jsonObject, tokenAmount } from "./fields.ts";

/** Quests: a quiz per guide, graded on the server; XP for every pass, tokens only where the server can check. */

const quizId = z.string().regex(/^[a-z0-9-]{1,40}$/);
export const quizParams = z.object({ quiz: quizId });

/** "pending": found in a block the chain index still treats as provisional; it passes once that block is confirmed. */
export const QUEST_OUTCOMES = ["passed", "failed", "pending", "refused"] as const;
/** The quests a page can carry: one visit quest (on opening it) and one read quest (on reaching its end). */
export const PAGE_QUEST_KINDS = ["visit", "read"] as const;

export const receiptReply = z.object({
  quest: z.string(),
  checked_at: z.string(),
  outcome: z.enum(QUEST_OUTCOMES),
  /** "Checked …: found / not found, because …". */
  detail: z.string(),
});

const chainQuestId = z.string().regex(/^[a-z0-9-]{1,40}$/);
export const chainQuestParams = z.object({ quest: chainQuestId });

export const CHAIN_QUEST_KINDS = ["buy", "hold", "liquidity", "revoke"] as const;

/** How far the chain index has read: the on-chain quests see the chain as of its last block. */
export const chainIndexStatus = z.discriminatedUnion("status", [
  /** No node is configured (the demo): on-chain quests cannot be checked. */
  z.object({ status: z.literal("off") }),
  /** A node is configured but the index has not saved a first reading yet. */
  z.object({ status: z.literal("unread") }),
  z.object({
    status: z.literal("ready"),
    last_block: z.string(),
    last_block_time: z.string(),
    /** A block counts once this many blocks (itself included) are on it; younger finds are "pending". */
    confirmations: z.number().int().positive(),
  }),
]);
export type ChainIndexStatus = z.infer<typeof chainIndexStatus>;

export const chainQuestEntry = z.object({
  id: chainQuestId,
  kind: z.enum(CHAIN_QUEST_KINDS),
  title: z.string(),
  task: z.string(),
  xp: z.number().int().positive(),
  tokens: tokenAmount,
  /** "once", or "month": paid once each calendar month (UTC). */
  period: z.enum(["once", "month"]),
  /** Paused by the team: it cannot be checked or credited until it is active again. */
  paused: z.boolean(),
  /** Credited for the current period. */
  done: z.boolean(),
  /** The latest check's receipt, if any. */
  last_check: receiptReply.nullable(),
});
export type ChainQuestEntry = z.infer<typeof chainQuestEntry>;

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
      /** Paused by the team: it cannot be started or credited until it is active again. */
      paused: z.boolean(),
      passed: z.boolean(),
      tokens_paid: z.boolean(),
      /** After a failed attempt: when the quiz can be started again; null when it can now. */
      retry_at: z.string().nullable(),
    }),
  ),
  /** Visit and read quests on the site's own pages: XP only, once per period. */
  pages: z.array(
    z.object({
      kind: z.enum(PAGE_QUEST_KINDS),
      id: z.string(),
      title: z.string(),
      page: z.string(),
      xp: z.number().int().positive(),
      period: z.enum(QUEST_PERIODS),
      paused: z.boolean(),
      /** This period's XP is earned. */
      done: z.boolean(),
    }),
  ),
  receipts: z.array(receiptReply),
  chain_quests: z.array(chainQuestEntry),
  chain_index: chainIndexStatus,
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

export function chainQuestCheckBody(slug: string) {
  return jsonObject({ app: appField(slug), csrfToken: csrfTokenField });
}

export const chainQuestCheckReply = z.object({
  /** passed: found in a final block and credited (once per period); pending: found in a block not final yet; failed: not found. */
  outcome: z.enum(["passed", "failed", "pending"]),
  /** The block the check read. */
  block: z.string(),
  receipt: z.string(),
  xp: z.number().int().nonnegative(),
  tokens: tokenAmount,
});
export type ChainQuestCheck = z.infer<typeof chainQuestCheckReply>;

export type ChainQuestRefusal =
  | { refusal: "unknown_quest" | "no_chain_index" | "index_empty" | "quest_paused" }
  | { refusal: "account_frozen" | "quest_flagged" | "not_verified" }
  | { refusal: "quest_done"; period: string }
  | { refusal: "nothing_new"; block: bigint; checkedAt: Date };

/** The words of each refusal of an on-chain check; the refusals a member's standing causes are also the check's receipt. */
const CHAIN_QUEST_REFUSAL_TEXTS: RefusalWords<ChainQuestRefusal> = {
  unknown_quest: () => "There is no such quest.",
  no_chain_index: () =>
    "On-chain quests need the site's chain index, which runs only where a node is configured (CHAIN_INDEX_RPC_URL). This site has none, so they cannot be checked here.",
  index_empty: () => "The chain index has not read the chain yet. Check again in a minute.",
  quest_paused: () => "This quest is paused by our team for now, so it is not checked or credited. Try it again later.",
  account_frozen: () => "Refused: your account is on hold, so quests are not checked. Write to us if you think this is a mistake.",
  quest_flagged: () => "Refused for now: your account waits for a review by our team. Check again once it is cleared.",
  not_verified: () =>
    "Refused: on-chain quests are checked against your verified wallet, and yours is not verified yet. Verify it on the dashboard (one wallet per account), then check again.",
  quest_done: ({ period }) =>
    period === "once" ? "You have done this quest: it pays once." : `You have done this quest for ${period}; it opens again next month.`,
  nothing_new: ({ block, checkedAt }) =>
    `Block ${block} was already checked at ${checkedAt.toISOString().slice(11, 19)} UTC. Check again once the chain has moved past it.`,
};

export const chainQuestRefusalText = (refused: ChainQuestRefusal): string => wordsOf(CHAIN_QUEST_REFUSAL_TEXTS, refused);
export const QUIZ_PAUSED = "This quiz is paused for now. Try it again later.";

/** Every quest that can be earned now, with what it pays: public, for the earn page and the pages' own script. */
export const questOfferReply = z.object({
  quests: z.array(
    z.object({
      kind: z.enum(QUEST_KINDS),
      id: z.string(),
      title: z.string(),
      /** A visit or read quest's page; null for a quiz or an on-chain quest. */
      page: z.string().nullable(),
      xp: z.number().int().positive(),
      tokens: tokenAmount,
      period: z.enum(QUEST_PERIODS),
    }),
  ),
});
export type QuestOffer = z.infer<typeof questOfferReply>;

export function pageVisitBody(slug: string) {
  return jsonObject({
    app: appField(slug),
    csrfToken: csrfTokenField,
    kind: z.enum(PAGE_QUEST_KINDS, { error: "Send visit or read." }),
    page: z.string({ error: "Send the page's path." }).regex(/^\/[A-Za-z0-9\-/]{0,200}$/, "Send the page's path."),
  });
}
export type PageVisitBody = z.input<ReturnType<typeof pageVisitBody>>;

export const pageVisitReply = z.object({
  title: z.string(),
  /** The XP this call credited: 0 when this period's XP was earned before. */
  xp: z.number().int().nonnegative(),
});

export const NO_PAGE_QUEST = "This page has no quest.";
export const PAGE_QUEST_PAUSED = "This quest is paused for now.";
