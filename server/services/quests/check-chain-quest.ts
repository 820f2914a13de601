import { sql } from "drizzle-orm";
import type { Address } from "viem";
import { type ChainQuestRefusal, chainQuestRefusalText } from "../../../common/api/quests.ts";
import type { SiteConfig } from "../../../config/site.ts";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";
import { questReceipts } from "../../db/schema.ts";
import { type Probe, type ProbeDeps, probeBuy, probeHold, probeLiquidity, probeRevoke, type QuestChain } from "./chain-checks.ts";
import { type ChainQuest, chainQuestAward, chainQuestName, offeredChainQuests, periodStart, questPeriod } from "./chain-quests.ts";
import { creditQuest, questStanding, WITHHELD_TEXT } from "./credits.ts";

export type ChainQuestDeps = { db: Database; clock: Clock; site: SiteConfig; chain: QuestChain | null };

export type ChainQuestCheckResult =
  | { ok: true; outcome: "passed" | "failed" | "pending"; block: bigint; receipt: string; xp: number; tokens: bigint }
  | ({ ok: false } & ChainQuestRefusal);

const STANDING_REFUSAL = { frozen: "account_frozen", flagged: "quest_flagged", "no-verified-wallet": "not_verified" } as const;

/** The chain index's last block and its time; null before its first reading. */
export async function indexedHead(db: Database, indexName: string): Promise<{ block: bigint; time: Date } | null> {
  const [row] = await queryRows<{ last_block: string; last_block_time: Date }>(
    db,
    sql`select last_block::text, last_block_time from chain_index_state where name = ${indexName}`,
  );
  return row ? { block: BigInt(row.last_block), time: row.last_block_time } : null;
}

/**
 * Checks one on-chain quest for the member's verified wallet, and leaves a receipt: "checked block N at TIME for
 * wallet 0x…: found / not found, because …". A find is confirmed at the last final block (as many confirmations
 * as the chain index waits for); found only in younger blocks it is "pending", never "failed". A failed or
 * pending check is tried again only once the chain has moved past the block it read. A pass credits the quest's
 * XP and tokens once per (member, quest, period): the ledger's and xp_entries' unique award keys guard it
 * however many checks race.
 */
export async function checkChainQuest(deps: ChainQuestDeps, userId: number, questId: string): Promise<ChainQuestCheckResult> {
  const { db, clock, site, chain } = deps;
  const quest = (await offeredChainQuests(db, site)).find((candidate) => candidate.id === questId);
  if (!quest) return { ok: false, refusal: "unknown_quest" };
  if (quest.paused) return { ok: false, refusal: "quest_paused" };
  if (!chain) return { ok: false, refusal: "no_chain_index" };
  const now = clock.now();
  const name = chainQuestName(quest.id);
  const standing = await questStanding(db, userId);
  if (standing.refusal || !standing.wallet) {
    const refused: Extract<ChainQuestRefusal, { refusal: (typeof STANDING_REFUSAL)[keyof typeof STANDING_REFUSAL] }> = {
      refusal: STANDING_REFUSAL[standing.refusal ?? "no-verified-wallet"],
    };
    await db.insert(questReceipts).values({
      userId,
      quest: name,
      checkedAt: now,
      outcome: "refused",
      detail: `Checked nothing at ${now.toISOString()}: ${chainQuestRefusalText(refused)}`,
    });
    return { ok: false, ...refused };
  }
  const wallet = standing.wallet as Address;
  const award = chainQuestAward(quest, now);
  const [done] = await queryRows<{ n: number }>(db, sql`select 1 as n from xp_entries where user_id = ${userId} and award = ${award}`);
  if (done) return { ok: false, refusal: "quest_done", period: questPeriod(quest, now) };

  const readsTheNode = quest.kind === "liquidity" || quest.kind === "revoke";
  const indexed = await indexedHead(db, chain.indexName);
  if (!indexed) return { ok: false, refusal: "index_empty" };
  const head = readsTheNode ? await chain.reader.head() : indexed.block;
  const [last] = await queryRows<{ block_number: string; checked_at: Date }>(
    db,
    sql`select block_number::text, checked_at from quest_receipts
         where user_id = ${userId} and quest = ${name} and outcome in ('failed', 'pending') and block_number is not null
         order by checked_at desc, id desc limit 1`,
  );
  if (last && BigInt(last.block_number) >= head)
    return { ok: false, refusal: "nothing_new", block: BigInt(last.block_number), checkedAt: last.checked_at };

  const probeDeps: ProbeDeps = { db, clock, site, chain, userId, wallet };
  const final = head - BigInt(chain.confirmations) + 1n;
  const atHead = await probe(probeDeps, quest, head, true, now);
  let outcome: "passed" | "failed" | "pending" = atHead.found ? "passed" : "failed";
  let because = atHead.because;
  if (atHead.found && quest.kind !== "hold" && final < head) {
    const atFinal = await probe(probeDeps, quest, final, false, now);
    if (!atFinal.found) outcome = "pending";
    else because = atFinal.because;
  }

  const checked = `Checked block ${head} at ${now.toISOString()} for wallet ${wallet}`;
  let detail: string;
  let xp = 0;
  let paid = 0n;
  if (outcome === "passed") {
    const credit = await creditQuest({ db, clock }, userId, { key: award, xp: quest.xp, tokens: quest.tokens });
    xp = credit.xp;
    paid = credit.tokens;
    const tokensPart =
      credit.tokens > 0n
        ? `${credit.tokens} ${site.token.symbol} credited`
        : credit.tokensPaidBefore
          ? "tokens were credited by an earlier check"
          : `no tokens, because ${WITHHELD_TEXT[credit.withheld ?? "xp-only"]}`;
    const confirmed =
      quest.kind === "hold" || final >= head ? "" : ` (still there at block ${final}, the last with ${chain.confirmations} confirmations)`;
    detail = `${checked}: found, because ${because}${confirmed}. ${
      credit.xp > 0 ? `${credit.xp} XP` : "XP was credited by an earlier check"
    }; ${tokensPart}.`;
  } else if (outcome === "pending") {
    detail = `${checked}: found, because ${because}; but not yet at block ${final}, the last with ${chain.confirmations} confirmations, so it is pending, not rejected. Check again once block ${head + BigInt(chain.confirmations) - 1n} is on the chain.`;
  } else {
    detail = `${checked}: not found, because ${because}. Check again once the chain has moved.`;
  }
  await db.insert(questReceipts).values({ userId, quest: name, checkedAt: now, outcome, detail, blockNumber: head });
  return { ok: true, outcome, block: head, receipt: detail, xp, tokens: paid };
}

function probe(deps: ProbeDeps, quest: ChainQuest, block: bigint, atHead: boolean, now: Date): Promise<Probe> {
  switch (quest.kind) {
    case "buy":
      return probeBuy(deps, block, periodStart(quest, now));
    case "hold":
      return probeHold(deps, quest);
    case "liquidity":
      return probeLiquidity(deps, block);
    case "revoke":
      return probeRevoke(deps, quest, block, atHead);
  }
}
