import { sql } from "drizzle-orm";
import { type Database, queryRows } from "../../db/client.ts";
import { HELD_PAYOUT_STATUSES, statusList } from "../../db/schema.ts";

/** The member's wallet address when it is verified, with the time of the proof. */
export async function verifiedWalletOf(db: Database, userId: number): Promise<{ address: string; verifiedAt: Date } | null> {
  const [row] = await queryRows<{ wallet_address: string; wallet_verified_at: Date }>(
    db,
    sql`select wallet_address, wallet_verified_at from users where id = ${userId} and wallet_verified_at is not null`,
  );
  return row ? { address: row.wallet_address, verifiedAt: row.wallet_verified_at } : null;
}

/** Whole tokens the member asked for that have not arrived yet (in review, requested, in a batch, or sent but unconfirmed). */
export async function heldForPayouts(db: Database, userId: number): Promise<bigint> {
  const [row] = await queryRows<{ total: string }>(
    db,
    sql`select coalesce(sum(amount), 0)::text as total from payouts where user_id = ${userId} and status in ${statusList(HELD_PAYOUT_STATUSES)}`,
  );
  return BigInt(row?.total ?? "0");
}
