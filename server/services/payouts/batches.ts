import { type SQL, sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";
import { PAYOUT_COLUMNS, type PayoutRow, type RawPayout, toPayoutRow } from "./requests.ts";

/** A request a batch may take: still requested, from a member who is not frozen. */
const WAITING_FOR_A_BATCH = sql`p.status = 'requested' and p.user_id not in (select id from users where frozen_at is not null)`;
/** A batched payout the Safe has yet to pay: no hot-wallet transaction was signed for it. */
const OWED_THROUGH_THE_SAFE = sql`p.status = 'batched' and p.signed_tx is null`;

export type BatchLimits = { maxCount: number; maxTotal: bigint };

/**
 * Freezes requested payouts, oldest first, into a new batch: each request in
 * turn while the count allows, passing over one that does not fit in what is
 * left of the total (it leads the next batch) rather than stopping at it. A
 * payout cancelled meanwhile stays out (the update checks its status again).
 */
export async function createBatch(
  { db, clock }: { db: Database; clock: Clock },
  limits: BatchLimits,
): Promise<{ batchId: number; payouts: PayoutRow[]; total: bigint } | null> {
  const waiting = await queryRows<{ id: string; amount: string }>(
    db,
    sql`select p.id::text, p.amount::text from payouts p where ${WAITING_FOR_A_BATCH} order by p.requested_at, p.id`,
  );
  const chosen: number[] = [];
  let total = 0n;
  for (const payout of waiting) {
    if (chosen.length >= limits.maxCount) break;
    const amount = BigInt(payout.amount);
    if (total + amount > limits.maxTotal) continue;
    chosen.push(Number(payout.id));
    total += amount;
  }
  if (chosen.length === 0) return null;
  const now = clock.now();
  const [row] = await queryRows<{ batch_id: number | null }>(
    db,
    sql`
      with chosen as (
        select id from payouts
         where id in (select jsonb_array_elements_text(${JSON.stringify(chosen)}::jsonb)::bigint) and status = 'requested'
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
  // The total of what was frozen: a payout cancelled meanwhile is in neither.
  const payouts = await batchPayouts(db, row.batch_id);
  return { batchId: row.batch_id, payouts, total: payouts.reduce((sum, payout) => sum + payout.amount, 0n) };
}

/**
 * Requested payouts larger on their own than a batch may hold: batching passes
 * over them every time, so the operator is told to return them or to batch
 * them with a higher total for the Safe.
 */
export function payoutsAboveBatchLimit(db: Database, maxTotal: bigint): Promise<PayoutRow[]> {
  return payoutsWhere(db, sql`${WAITING_FOR_A_BATCH} and p.amount > ${maxTotal.toString()}::numeric`);
}

export function batchPayouts(db: Database, batchId: number): Promise<PayoutRow[]> {
  return payoutsWhere(db, sql`p.batch_id = ${batchId}`);
}

/** Where a batch's payouts stand: those it still pays (`batched`) and their total, and how many were paid or returned. */
export function batchProgress<Payout extends { status: string; amount: bigint }>(payouts: readonly Payout[]) {
  const owed = payouts.filter((payout) => payout.status === "batched");
  return {
    owed,
    owedTotal: owed.reduce((sum, payout) => sum + payout.amount, 0n),
    paid: payouts.filter((payout) => payout.status === "sent" || payout.status === "confirmed").length,
    returned: payouts.filter((payout) => payout.status === "returned").length,
  };
}

/**
 * The payouts a batch still owes through the Safe: still `batched`, with no
 * hot-wallet transaction signed. A returned, sent or confirmed payout keeps its
 * batch number, and executing a file with it would pay it (again).
 */
export function payoutsOwedByBatch(db: Database, batchId: number): Promise<PayoutRow[]> {
  return payoutsWhere(db, sql`p.batch_id = ${batchId} and ${OWED_THROUGH_THE_SAFE}`);
}

/** Batches with a payout still owed through the Safe, newest first: the ones a Safe file is worth making for. */
export async function batchesOwingPayouts(db: Database): Promise<number[]> {
  const rows = await queryRows<{ batch_id: number }>(
    db,
    sql`select distinct p.batch_id from payouts p where ${OWED_THROUGH_THE_SAFE} and p.batch_id is not null order by p.batch_id desc`,
  );
  return rows.map((row) => row.batch_id);
}

export async function batchExists(db: Database, batchId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from payout_batches where id = ${batchId}`);
  return rows.length > 0;
}

/** Payouts for the operator's list, newest first, optionally of one status. */
export async function listPayouts(db: Database, { status, limit }: { status?: string; limit: number }): Promise<PayoutRow[]> {
  const filter = status ? sql`where p.status = ${status}` : sql``;
  const rows = await queryRows<RawPayout>(
    db,
    sql`select ${PAYOUT_COLUMNS} from payouts p ${filter} order by p.requested_at desc, p.id desc limit ${limit}`,
  );
  return rows.map(toPayoutRow);
}

/** Payouts matching a condition on `p`, oldest request first. */
async function payoutsWhere(db: Database, condition: SQL): Promise<PayoutRow[]> {
  const rows = await queryRows<RawPayout>(
    db,
    sql`select ${PAYOUT_COLUMNS} from payouts p where ${condition} order by p.requested_at, p.id`,
  );
  return rows.map(toPayoutRow);
}

/** Whole tokens to base units: tokens × 10^decimals, exact. */
export function toBaseUnits(tokens: bigint, decimals: number): bigint {
  return tokens * 10n ** BigInt(decimals);
}
