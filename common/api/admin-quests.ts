import { z } from "zod";
import { type RefusalWords, wordsOf } from "../refusal-words.ts";
import { jsonObject, requiredText } from "./fields.ts";

/**
 * The quests' settings as operators see and change them in the console:
 * which quests exist, what each pays and whether it can be taken now.
 * Quizzes come from content (their questions); their amounts and status live
 * here. Visit and read quests are defined here, XP only. On-chain quests come
 * from the configuration (what each checks); their title, amounts and status live here.
 */

export const QUEST_KINDS = ["quiz", "visit", "read", "chain"] as const;
export type QuestKind = (typeof QUEST_KINDS)[number];
/** Quests an operator defines in the console; a quiz comes from content/quizzes. */
export const DEFINED_KINDS = ["visit", "read"] as const;
export const QUEST_STATUSES = ["active", "paused", "retired"] as const;
export type QuestStatus = (typeof QUEST_STATUSES)[number];
/** How often a page quest can be credited to one member: once, once per UTC day, once per week (weeks start on Monday, UTC). */
export const PAGE_QUEST_PERIODS = ["once", "daily", "weekly"] as const;
/** An on-chain quest may also pay once per calendar month (UTC). */
export const QUEST_PERIODS = [...PAGE_QUEST_PERIODS, "monthly"] as const;
export type QuestPeriod = (typeof QUEST_PERIODS)[number];

export const questId = z.string().regex(/^[a-z0-9-]{1,40}$/, "Use 1 to 40 lowercase letters, digits and hyphens.");
export const questParams = z.object({ kind: z.enum(QUEST_KINDS, { error: "Unknown kind of quest." }), id: questId });

export const questSettingView = z.object({
  kind: z.enum(QUEST_KINDS),
  id: z.string(),
  title: z.string(),
  /** A visit or read quest's page on this site; null for a quiz or an on-chain quest. */
  page: z.string().nullable(),
  tokens: z.string().regex(/^\d+$/),
  xp: z.number().int().positive(),
  period: z.enum(QUEST_PERIODS),
  status: z.enum(QUEST_STATUSES),
  updated_at: z.string(),
});
export type QuestSettingView = z.infer<typeof questSettingView>;
export const questSettingsReply = z.object({ quests: z.array(questSettingView) });

const reason = requiredText("Type the reason for this change.", 500);
const title = requiredText("Type the quest's title.", 120);
const xp = z.coerce
  .number({ error: "Type the XP as a whole number." })
  .int("Type the XP as a whole number.")
  .min(1, "XP is at least 1.")
  .max(100_000);
const tokens = z
  .string({ error: "Type the tokens as a whole number (0 for none)." })
  .trim()
  .regex(/^\d{1,12}$/, "Type the tokens as a whole number (0 for none).");
const page = z
  .string({ error: "Type the page's path, such as /glossary." })
  .trim()
  .regex(/^\/[A-Za-z0-9\-/]{0,200}$/, "Type the page's path on this site, such as /glossary.");

export const defineQuestBody = jsonObject({
  kind: z.enum(DEFINED_KINDS, { error: "Choose visit or read: quizzes come from content/quizzes." }),
  id: questId,
  title,
  page,
  xp,
  period: z.enum(PAGE_QUEST_PERIODS, { error: "Choose once, daily or weekly." }),
  reason,
});
export const editQuestBody = jsonObject({ title, tokens, xp, reason });
export const questStatusBody = jsonObject({
  status: z.enum(QUEST_STATUSES, { error: "Choose active, paused or retired." }),
  reason,
});

/** What the settings service refused, and why. */
export type QuestRefusal =
  | { refusal: "unknown_quest" | "quest_exists" | "quest_retired" | "tokens_not_checkable" | "page_taken" }
  | { refusal: "status_unchanged"; status: QuestStatus };

const QUEST_REFUSAL_TEXTS: RefusalWords<QuestRefusal> = {
  unknown_quest: () => "There is no such quest.",
  quest_exists: () => "A quest with this kind and id exists already (retired ones too): choose another id.",
  quest_retired: () => "This quest is retired: it keeps its history but cannot change. Define a new one instead.",
  tokens_not_checkable: () => "Visit and read quests pay XP only: a visit cannot be checked, so it pays 0 tokens.",
  page_taken: () => "Another quest of this kind is set for that page: edit or retire it first.",
  status_unchanged: ({ status }) => `The quest is ${status} already.`,
};

export function questRefusalText(refused: QuestRefusal): string {
  return wordsOf(QUEST_REFUSAL_TEXTS, refused);
}
