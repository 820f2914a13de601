import { sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";
import { noteReferralTree, noteSharedWallet } from "./risk-signals.ts";

/** Before money leaves: is the wallet another account's too, and is the member's referral tree (or their referrer's) one network? */
export async function notePayoutSignals(deps: { db: Database; clock: Clock }, userId: number): Promise<void> {
  const [member] = await queryRows<{ wallet_address: string | null; referred_by: number | null }>(
    deps.db,
    sql`select wallet_address, referred_by from users where id = ${userId}`,
  );
  if (!member) return;
  if (member.wallet_address) await noteSharedWallet(deps, userId, member.wallet_address);
  await noteReferralTree(deps, userId);
  if (member.referred_by !== null) await noteReferralTree(deps, member.referred_by);
}
