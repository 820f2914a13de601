import { sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";

/** Why a pass paid no tokens; null when it paid them or they were paid before. */
export type TokensWithheld = "xp-only" | "frozen" | "flagged" | "no-verified-wallet" | null;

export type QuestCredit = { xp: number; tokens: bigint; tokensPaidBefore: boolean; withheld: TokensWithheld };

/** The member's standing for tokens, as every quest judges it: frozen (or deleted), an open fairness signal, no verified wallet. */
const memberSql = (userId: number) => sql`
  select u.id, u.frozen_at is not null or u.deleted_at is not null as frozen, u.wallet_verified_at is null as no_wallet,
         exists (select 1 from risk_signals r where r.user_id = u.id and r.cleared_at is null) as flagged,
         case when u.wallet_verified_at is not null then u.wallet_address end as wallet
    from users u where u.id = ${userId}`;

export type QuestStanding = { wallet: string | null; refusal: Exclude<TokensWithheld, "xp-only" | null> | null };

/** Whether the member may be checked for an on-chain quest at all, and the verified wallet to check. */
export async function questStanding(db: Database, userId: number): Promise<QuestStanding> {
  const [row] = await queryRows<{ frozen: boolean; flagged: boolean; no_wallet: boolean; wallet: string | null }>(db, memberSql(userId));
  const refusal = !row || row.frozen ? "frozen" : row.flagged ? "flagged" : row.no_wallet ? "no-verified-wallet" : null;
  return { wallet: row?.wallet ?? null, refusal };
}

/**
 * Credits a quest once per (member, award): the XP always, the tokens only to
 * an account that is not frozen, has no open fairness signal and holds a
 * verified wallet (one per account, as the users table guarantees). Both
 * credits are guarded by unique indexes with ON CONFLICT, so any number of
 * racing passes credit once; the balance moves in the statement that writes
 * the ledger entry. A member refused tokens may pass again once the reason is
 * gone: the first pass that qualifies is paid.
 */
export async function creditQuest(
  { db, clock }: { db: Database; clock: Clock },
  userId: number,
  award: { key: string; xp: number; tokens: bigint },
): Promise<QuestCredit> {
  const now = clock.now();
  const [row] = await queryRows<{
    xp: number | null;
    tokens: string | null;
    paid_before: boolean;
    frozen: boolean;
    flagged: boolean;
    no_wallet: boolean;
  }>(
    db,
    sql`
      with member as (${memberSql(userId)}
      ), xp as (
        insert into xp_entries (user_id, award, amount, created_at)
        select id, ${award.key}, ${award.xp}, ${now} from member
        on conflict (user_id, award) do nothing
        returning amount
      ), entry as (
        insert into ledger_entries (user_id, kind, amount, created_at, award)
        select id, 'quest_reward', ${award.tokens}, ${now}, ${award.key} from member
         where ${award.tokens}::bigint > 0 and not frozen and not flagged and not no_wallet
        on conflict (user_id, award) where award is not null do nothing
        returning amount
      ), credited as (
        update users set balance = balance + (select amount from entry)
         where id = ${userId} and exists (select 1 from entry)
        returning id
      )
      select (select amount from xp) as xp, (select amount::text from entry) as tokens,
             exists (select 1 from ledger_entries where user_id = ${userId} and award = ${award.key}) as paid_before,
             coalesce((select frozen from member), true) as frozen, coalesce((select flagged from member), false) as flagged,
             coalesce((select no_wallet from member), true) as no_wallet`,
  );
  const tokens = BigInt(row?.tokens ?? 0);
  const paidBefore = row?.paid_before ?? false;
  const withheld: TokensWithheld =
    tokens > 0n || paidBefore
      ? null
      : award.tokens === 0n
        ? "xp-only"
        : row?.frozen
          ? "frozen"
          : row?.flagged
            ? "flagged"
            : row?.no_wallet
              ? "no-verified-wallet"
              : null;
  return { xp: row?.xp ?? 0, tokens, tokensPaidBefore: paidBefore, withheld };
}

/** The receipt's words for tokens a pass did not pay. */
export const WITHHELD_TEXT: Record<Exclude<TokensWithheld, null>, string> = {
  "xp-only": "this quest pays XP only",
  frozen: "the account is on hold",
  flagged: "the account waits for a review by our team; pass again once it is cleared",
  "no-verified-wallet": "tokens need a verified wallet (one per account); verify yours on the dashboard, then pass again",
};
