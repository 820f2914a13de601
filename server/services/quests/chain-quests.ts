import { and, eq, ne } from "drizzle-orm";
import type { ChainQuestSettings, SiteConfig } from "../../../config/site.ts";
import type { Database } from "../../db/client.ts";
import { questSettings } from "../../db/schema.ts";

/**
 * An on-chain quest: what it checks comes from the configuration (`rewards.chainQuests`, `REWARD_CHAIN_QUESTS`);
 * its title, amounts and status from its quest settings row, seeded from the configuration.
 */
export type ChainQuest = ChainQuestSettings extends infer Settings
  ? Settings extends ChainQuestSettings
    ? Omit<Settings, "tokens"> & { title: string; task: string; tokens: bigint; paused: boolean }
    : never
  : never;

export const chainQuestName = (id: string) => `chain:${id}`;

/** The quest's period at a moment: "once", or the UTC month ("2026-11"). */
export function questPeriod(quest: Pick<ChainQuest, "period">, at: Date): string {
  return quest.period === "once" ? "once" : at.toISOString().slice(0, 7);
}

/** The first moment of the period, for what a monthly quest may count; null for a quest paid once. */
export function periodStart(quest: Pick<ChainQuest, "period">, at: Date): Date | null {
  return quest.period === "once" ? null : new Date(`${at.toISOString().slice(0, 7)}-01T00:00:00Z`);
}

/** The credit's key, unique per member in the ledger and in xp_entries: once per (member, quest, period). */
export const chainQuestAward = (quest: Pick<ChainQuest, "id" | "period">, at: Date) => `quest:chain:${quest.id}:${questPeriod(quest, at)}`;

/** The configuration's on-chain quests, at its first title and amounts. */
export function chainQuests(site: SiteConfig): ChainQuest[] {
  const symbol = site.token.symbol;
  const pair = `${symbol}/${site.dex.quoteSymbol}`;
  return site.rewards.chainQuests.map((settings) => {
    const quest = { ...settings, tokens: BigInt(settings.tokens), paused: false };
    switch (quest.kind) {
      case "buy":
        return {
          ...quest,
          title: `Buy ${symbol} on ${site.dex.name}`,
          task: `Buy ${symbol} in the ${pair} pool from your verified wallet (or have the tokens sent to it by the swap).`,
        };
      case "hold":
        return {
          ...quest,
          title: `Hold ${quest.minTokens.toLocaleString("en-US")} ${symbol} for ${quest.days} days`,
          task: `Keep at least ${quest.minTokens.toLocaleString("en-US")} ${symbol} in your verified wallet and claim your daily reward on each of ${quest.days} days in a row: each claim notes the wallet's balance, and the lowest counts.`,
        };
      case "liquidity":
        return {
          ...quest,
          title: `Provide liquidity to the ${pair} pool`,
          task: `Add liquidity to the ${pair} pool on ${site.dex.name} from your verified wallet, and keep the position open when you check.`,
        };
      default:
        return {
          ...quest,
          title: `Revoke an approval`,
          task: `With ${quest.spenderName} still allowed to spend your ${symbol}, check here once; then revoke that approval, as the guide shows, and check again.`,
        };
    }
  });
}

/**
 * The on-chain quests members can see now: each configured quest whose settings row is not retired, with the
 * row's title and amounts, read when asked, so that a credit pays what the row says at that moment.
 */
export async function offeredChainQuests(db: Database, site: SiteConfig): Promise<ChainQuest[]> {
  const rows = await db
    .select()
    .from(questSettings)
    .where(and(eq(questSettings.kind, "chain"), ne(questSettings.status, "retired")));
  const settings = new Map(rows.map((row) => [row.id, row]));
  return chainQuests(site).flatMap((quest) => {
    const row = settings.get(quest.id);
    return row ? [{ ...quest, title: row.title, tokens: row.tokens, xp: row.xp, paused: row.status === "paused" }] : [];
  });
}
