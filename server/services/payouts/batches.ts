import { sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";
import { PAYOUT_COLUMNS, type PayoutRow, toPayoutRow } from "./requests.ts";

export type BatchLimits = { maxCount: number; maxTotal: bigint };

/**
 * Freezes requested payouts, oldest first, into a new batch: the longest
 * prefix within both the count and the total. One statement; a payout
 * cancelled meanwhile stays out (its status is checked again by the update).
 */
export async function createBatch(
  { db, clock }: { db: Database; clock: Clock },
  limits: BatchLimits,
): Promise<{ batchId: number; payouts: PayoutRow[] } | null> {
  const now = clock.now();
  const [row] = await queryRows<{ batch_id: number | null }>(
    db,
    sql`
      with candidates as (
        select id, sum(amount) over (order by requested_at, id) as running, row_number() over (order by requested_at, id) as position
          from payouts where status = 'requested' and user_id not in (select id from users where frozen_at is not null)
      ), chosen as (
        select id from candidates where running <= ${limits.maxTotal} and position <= ${limits.maxCount}
      ), batch as (
        insert into payout_batches (created_at) select ${now} where exists (select 1 from chosen)
        returning id
      ), frozen as (
        update payouts set status = 'batched', batch_id = (select id from batch), batched_at = ${now}
         where id in (select id from chosen) and status = 'requested'
        returning id
      )
      select (select id from batch) as batch_id, (select count(*) from frozen) as frozen`,
  );
  if (!row?.batch_id) return null;
  return { batchId: row.batch_id, payouts: await batchPayouts(db, row.batch_id) };
}

export async function batchPayouts(db: Database, batchId: number): Promise<PayoutRow[]> {
  const rows = await queryRows<Parameters<typeof toPayoutRow>[0]>(
    db,
    sql`select ${PAYOUT_COLUMNS} from payouts p where p.batch_id = ${batchId} order by p.requested_at, p.id`,
  );
  return rows.map(toPayoutRow);
}

/** Payouts for the operator's list, newest first, optionally of one status. */
export async function listPayouts(db: Database, { status, limit }: { status?: string; limit: number }): Promise<PayoutRow[]> {
  const filter = status ? sql`where p.status = ${status}` : sql``;
  const rows = await queryRows<Parameters<typeof toPayoutRow>[0]>(
    db,
    sql`select ${PAYOUT_COLUMNS} from payouts p ${filter} order by p.requested_at desc, p.id desc limit ${limit}`,
  );
  return rows.map(toPayoutRow);
}

/** Whole tokens to base units: tokens × 10^decimals, exact. */
export function toBaseUnits(tokens: bigint, decimals: number): bigint {
  return tokens * 10n ** BigInt(decimals);
}
