import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import { questReceipts } from "../../db/schema.ts";
import { creditQuest } from "./credits.ts";
import { pageQuest, questAward } from "./settings.ts";

export type PageVisitResult = { ok: true; title: string; xp: number } | { ok: false; reason: "no-quest" | "paused" };

/**
 * A member opened a page (visit) or reached its end (read): the page's quest
 * of that kind pays its XP once per (member, quest, period), never tokens,
 * because the page's own call is all the server sees of a visit. A credit
 * leaves a receipt; a repeat within the period credits and writes nothing.
 */
export async function creditPageVisit(
  { db, clock }: { db: Database; clock: Clock },
  userId: number,
  kind: "visit" | "read",
  page: string,
): Promise<PageVisitResult> {
  const quest = await pageQuest(db, kind, page);
  if (!quest) return { ok: false, reason: "no-quest" };
  if (quest.status === "paused") return { ok: false, reason: "paused" };
  const now = clock.now();
  const credit = await creditQuest({ db, clock }, userId, { key: questAward(quest, now), xp: quest.xp, tokens: 0n });
  if (credit.xp > 0)
    await db.insert(questReceipts).values({
      userId,
      quest: `${kind}:${quest.id}`,
      checkedAt: now,
      outcome: "passed",
      detail: `${kind === "read" ? "Read" : "Visited"} ${page} at ${now.toISOString()}: ${credit.xp} XP. Page quests pay XP only, because a visit cannot be checked.`,
    });
  return { ok: true, title: quest.title, xp: credit.xp };
}
