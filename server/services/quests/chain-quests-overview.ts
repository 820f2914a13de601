import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { ChainIndexStatus } from "../../../common/api/quests.ts";
import { type Database, queryRows } from "../../db/client.ts";
import { questReceipts } from "../../db/schema.ts";
import type { QuestChain } from "./chain-checks.ts";
import { type ChainQuest, chainQuestAward, chainQuestName, offeredChainQuests } from "./chain-quests.ts";
import type { ChainQuestDeps } from "./check-chain-quest.ts";
import { indexedHead } from "./check-chain-quest.ts";

export type ChainQuestState = {
  quest: ChainQuest;
  done: boolean;
  lastCheck: { quest: string; checkedAt: Date; outcome: "passed" | "failed" | "pending" | "refused"; detail: string } | null;
};

/** How far the chain index has read, for the page's "as of block N": off without a node, unread before its first run. */
export async function chainIndexStatus(
  db: Database,
  chain: Pick<QuestChain, "indexName" | "confirmations"> | null,
): Promise<ChainIndexStatus> {
  if (!chain) return { status: "off" };
  const head = await indexedHead(db, chain.indexName);
  return head
    ? { status: "ready", last_block: head.block.toString(), last_block_time: head.time.toISOString(), confirmations: chain.confirmations }
    : { status: "unread" };
}

/** Each on-chain quest, whether it is credited for its current period, and its latest check. */
export async function chainQuestsFor({ db, clock, site }: Omit<ChainQuestDeps, "chain">, userId: number): Promise<ChainQuestState[]> {
  const quests = await offeredChainQuests(db, site);
  if (quests.length === 0) return [];
  const now = clock.now();
  const awards = await queryRows<{ award: string }>(
    db,
    sql`select award from xp_entries where user_id = ${userId} and award like 'quest:chain:%'`,
  );
  const credited = new Set(awards.map((row) => row.award));
  const names = quests.map((quest) => chainQuestName(quest.id));
  const receipts = await db
    .selectDistinctOn([questReceipts.quest])
    .from(questReceipts)
    .where(and(eq(questReceipts.userId, userId), inArray(questReceipts.quest, names)))
    .orderBy(questReceipts.quest, desc(questReceipts.checkedAt), desc(questReceipts.id));
  const latest = new Map(receipts.map((receipt) => [receipt.quest, receipt]));
  return quests.map((quest) => {
    const receipt = latest.get(chainQuestName(quest.id));
    return {
      quest,
      done: credited.has(chainQuestAward(quest, now)),
      lastCheck: receipt ? { quest: receipt.quest, checkedAt: receipt.checkedAt, outcome: receipt.outcome, detail: receipt.detail } : null,
    };
  });
}
