import { and, asc, eq, ne } from "drizzle-orm";
import type { QuestKind, QuestPeriod, QuestRefusal, QuestStatus } from "../../../common/api/admin-quests.ts";
import type { SiteConfig } from "../../../config/site.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import { questSettings } from "../../db/schema.ts";
import { type Actor, recordAudit } from "../audit.ts";
import { chainQuests } from "./chain-quests.ts";
import type { QuizBank } from "./quiz-bank.ts";

export type QuestSetting = typeof questSettings.$inferSelect;
type Deps = { db: Database; clock: Clock };
type Refused = { ok: false } & QuestRefusal;

/** The site's own pages that carry a quest from the first start; operators edit, pause or retire them like any other. */
const FIRST_PAGE_QUESTS = [
  { kind: "visit", id: "glossary", title: "Visit the glossary", page: "/glossary", xp: 20, period: "once" },
  {
    kind: "read",
    id: "secret-recovery-phrase-guide",
    title: "Read the recovery phrase guide to its end",
    page: "/guides-secret-recovery-phrase",
    xp: 30,
    period: "once",
  },
] as const;

/**
 * Writes the settings rows that do not exist yet: one a quiz in the bank, at
 * the configuration's amounts, one an on-chain quest in the configuration, and
 * the first page quests. A row that exists (edited, paused or retired by an
 * operator) is left as it is.
 */
export async function seedQuestSettings({ db, clock }: Deps, site: SiteConfig, bank: QuizBank): Promise<void> {
  const rules = site.rewards;
  const updatedAt = clock.now();
  await db
    .insert(questSettings)
    .values([
      ...[...bank.values()].map((quiz) => ({
        kind: "quiz" as const,
        id: quiz.slug,
        title: quiz.title,
        page: null,
        tokens: BigInt(rules.quizTokens),
        xp: rules.quizXp,
        period: "once" as const,
        status: "active" as const,
        updatedAt,
      })),
      ...chainQuests(site).map((quest) => ({
        kind: "chain" as const,
        id: quest.id,
        title: quest.title,
        page: null,
        tokens: quest.tokens,
        xp: quest.xp,
        period: quest.period === "month" ? ("monthly" as const) : ("once" as const),
        status: "active" as const,
        updatedAt,
      })),
      ...FIRST_PAGE_QUESTS.map((quest) => ({ ...quest, tokens: 0n, status: "active" as const, updatedAt })),
    ])
    .onConflictDoNothing();
}

export function listQuestSettings(db: Database): Promise<QuestSetting[]> {
  return db.select().from(questSettings).orderBy(asc(questSettings.kind), asc(questSettings.id));
}

export async function findQuestSetting(db: Database, kind: QuestKind, id: string): Promise<QuestSetting | null> {
  const [row] = await db
    .select()
    .from(questSettings)
    .where(and(eq(questSettings.kind, kind), eq(questSettings.id, id)));
  return row ?? null;
}

/** The visit or read quest an operator set for a page, unless retired. */
export async function pageQuest(db: Database, kind: "visit" | "read", page: string): Promise<QuestSetting | null> {
  const [row] = await db
    .select()
    .from(questSettings)
    .where(and(eq(questSettings.kind, kind), eq(questSettings.page, page), ne(questSettings.status, "retired")));
  return row ?? null;
}

/** The period a credit at `at` falls in, as the last part of its award: `once`, a UTC day, the week by its Monday, or a UTC month. */
export function periodOf(period: QuestPeriod, at: Date): string {
  if (period === "once") return "once";
  if (period === "monthly") return at.toISOString().slice(0, 7);
  const day = at.toISOString().slice(0, 10);
  if (period === "daily") return day;
  const monday = new Date(Date.parse(`${day}T00:00:00Z`) - ((at.getUTCDay() + 6) % 7) * 86_400_000);
  return `week-${monday.toISOString().slice(0, 10)}`;
}

/** The award a quest's credit is guarded by: once per (member, quest, period). */
export const questAward = (quest: Pick<QuestSetting, "kind" | "id" | "period">, at: Date) =>
  `quest:${quest.kind}:${quest.id}:${periodOf(quest.period, at)}`;

const subjectOf = (kind: QuestKind, id: string) => `quest:${kind}:${id}`;
const amounts = (row: QuestSetting) => ({ title: row.title, tokens: row.tokens, xp: row.xp, status: row.status });

export type DefineQuest = { kind: "visit" | "read"; id: string; title: string; page: string; xp: number; period: QuestPeriod };

/** An operator defines a visit or read quest (XP only), with its audit row, in one transaction. */
export function defineQuest(
  { db, clock }: Deps,
  actor: Actor,
  quest: DefineQuest,
  reason: string,
): Promise<{ ok: true; quest: QuestSetting } | Refused> {
  return db.transaction(async (tx) => {
    const [made] = await tx
      .insert(questSettings)
      .values({ ...quest, tokens: 0n, status: "active", updatedAt: clock.now() })
      .onConflictDoNothing()
      .returning();
    if (!made) return { ok: false, refusal: (await findQuestSetting(tx, quest.kind, quest.id)) ? "quest_exists" : "page_taken" };
    await recordAudit(tx, clock, actor, { action: "quests.define", subject: subjectOf(quest.kind, quest.id), after: made, reason });
    return { ok: true, quest: made };
  });
}

/** The row, locked for the change, or why it cannot change. */
async function lockedForChange(tx: Database, kind: QuestKind, id: string): Promise<QuestSetting | Refused> {
  const [row] = await tx
    .select()
    .from(questSettings)
    .where(and(eq(questSettings.kind, kind), eq(questSettings.id, id)))
    .for("update");
  if (!row) return { ok: false, refusal: "unknown_quest" };
  if (row.status === "retired") return { ok: false, refusal: "quest_retired" };
  return row;
}

/**
 * An operator changes a quest's title and amounts, with its audit row. Credits
 * read the amounts when they are made: what was paid stays paid, at its amount.
 */
export function editQuest(
  { db, clock }: Deps,
  actor: Actor,
  kind: QuestKind,
  id: string,
  change: { title: string; tokens: bigint; xp: number },
  reason: string,
): Promise<{ ok: true; quest: QuestSetting } | Refused> {
  return db.transaction(async (tx) => {
    const before = await lockedForChange(tx, kind, id);
    if ("refusal" in before) return before;
    if ((kind === "visit" || kind === "read") && change.tokens > 0n) return { ok: false, refusal: "tokens_not_checkable" };
    const [after] = await tx
      .update(questSettings)
      .set({ ...change, updatedAt: clock.now() })
      .where(and(eq(questSettings.kind, kind), eq(questSettings.id, id)))
      .returning();
    if (!after) return { ok: false, refusal: "unknown_quest" };
    await recordAudit(tx, clock, actor, {
      action: "quests.edit",
      subject: subjectOf(kind, id),
      before: amounts(before),
      after: amounts(after),
      reason,
    });
    return { ok: true, quest: after };
  });
}

const STATUS_ACTIONS: Record<QuestStatus, string> = { active: "quests.resume", paused: "quests.pause", retired: "quests.retire" };

/**
 * An operator pauses, resumes or retires a quest, with its audit row. A paused
 * quest cannot be started or credited; a retired one leaves the members' pages
 * for good, and its history (receipts, XP, ledger entries) stays.
 */
export function setQuestStatus(
  { db, clock }: Deps,
  actor: Actor,
  kind: QuestKind,
  id: string,
  status: QuestStatus,
  reason: string,
): Promise<{ ok: true; quest: QuestSetting } | Refused> {
  return db.transaction(async (tx) => {
    const before = await lockedForChange(tx, kind, id);
    if ("refusal" in before) return before;
    if (before.status === status) return { ok: false, refusal: "status_unchanged", status };
    const [after] = await tx
      .update(questSettings)
      .set({ status, updatedAt: clock.now() })
      .where(and(eq(questSettings.kind, kind), eq(questSettings.id, id)))
      .returning();
    if (!after) return { ok: false, refusal: "unknown_quest" };
    await recordAudit(tx, clock, actor, {
      action: STATUS_ACTIONS[status],
      subject: subjectOf(kind, id),
      before: { status: before.status },
      after: { status },
      reason,
    });
    return { ok: true, quest: after };
  });
}
