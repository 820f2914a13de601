import { sql } from "drizzle-orm";
import { type Address, getAddress, type Hex, type PublicClient, parseAbiItem } from "viem";
import type { ReconcileSkip } from "../../../common/api/payouts.ts";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";
import { readChainCursor } from "../chain-cursor.ts";

const TRANSFER_EVENT = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");

export type ReconcileDeps = {
  db: Database;
  clock: Clock;
  client: PublicClient;
  token: Address;
  treasury: Address;
  decimals: number;
  /** Blocks a transfer's block needs (itself included) before its payout counts as confirmed. */
  confirmations: number;
  startBlock: bigint;
  /** The widest block range one eth_getLogs call asks for. */
  logRange: number;
};

export type ReconcileSummary = {
  fromBlock: string;
  toBlock: string;
  logs: number;
  matched: number;
  confirmed: number;
  reverted: number;
  alerts: number;
  rpcCalls: number;
  /** Why this run changed nothing, when it found its reading of the chain stale; null when it ran. */
  skipped: ReconcileSkip | null;
};

type TransferLog = { txHash: Hex; logIndex: number; blockNumber: bigint; blockHash: Hex; to: Address; value: bigint };

/**
 * Reads the token's Transfer logs from the treasury and settles payouts from
 * them. Each run reads again every block that was not yet deep enough at the
 * last run, so a reorg shallower than the confirmation depth is seen: a log
 * that vanished puts its payout back to `batched` to wait for the next one.
 * A matched payout is `sent`; once its block has enough blocks on top, and
 * the log was read again in this run, `confirmed`. A log from the treasury
 * that pays no payout becomes an operator alert.
 *
 * The chain is read outside the lock (a node can take its time), so a run
 * compares the cursor once it holds the lock: when another run saved its work
 * meanwhile, or the node's head is behind the cursor, this run's reading is
 * stale and it changes nothing. A stale reading lacks logs a newer one saw,
 * and deleting those would put a paid payout back to waiting.
 */
export async function reconcileTransfers(deps: ReconcileDeps): Promise<ReconcileSummary> {
  const { db, clock, client, confirmations } = deps;
  const cursorName = `transfers:${deps.token.toLowerCase()}:${deps.treasury.toLowerCase()}`;
  const read = await readChainCursor(db, "chain_cursors", cursorName);
  let rpcCalls = 1;
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const cursor = read ? read.lastBlock : deps.startBlock - 1n;
  const unsettledFrom = cursor - BigInt(confirmations) + 2n;
  const fromBlock = unsettledFrom > deps.startBlock ? unsettledFrom : deps.startBlock;
  const range = { fromBlock: fromBlock.toString(), toBlock: head.toString(), logs: 0, matched: 0, confirmed: 0, reverted: 0, alerts: 0 };
  if (read && head < read.lastBlock)
    return { ...range, rpcCalls, skipped: { skip: "node_behind", head: head.toString(), cursor: read.lastBlock.toString() } };

  const logs: TransferLog[] = [];
  for (let from = fromBlock; from <= head; from += BigInt(deps.logRange)) {
    const to = from + BigInt(deps.logRange) - 1n < head ? from + BigInt(deps.logRange) - 1n : head;
    rpcCalls++;
    const found = await client.getLogs({
      address: deps.token,
      event: TRANSFER_EVENT,
      args: { from: deps.treasury },
      fromBlock: from,
      toBlock: to,
    });
    for (const log of found) {
      if (log.removed || log.transactionHash === null || log.logIndex === null || log.blockNumber === null || log.blockHash === null)
        continue;
      logs.push({
        txHash: log.transactionHash,
        logIndex: log.logIndex,
        blockNumber: log.blockNumber,
        blockHash: log.blockHash,
        to: getAddress(log.args.to as Address),
        value: log.args.value as bigint,
      });
    }
  }

  const scale = (10n ** BigInt(deps.decimals)).toString();
  const confirmedUpTo = head - BigInt(confirmations) + 1n;
  const now = clock.now();
  const summary = await db.transaction(async (tx) => {
    // One reconciliation at a time, whichever instance or operator starts it.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${cursorName}))`);
    const current = await readChainCursor(tx, "chain_cursors", cursorName);
    if (current?.version !== read?.version) return null;
    const seen = logs.map((log) => `${log.txHash}:${log.logIndex}:${log.blockHash}`);
    const dropped = await queryRows<{ payout_id: string | null }>(
      tx,
      sql`delete from chain_transfers
           where block_number between ${fromBlock} and ${head}
             and (payout_id is null or payout_id not in (select id from payouts where status = 'confirmed'))
             and tx_hash || ':' || log_index || ':' || block_hash not in (select jsonb_array_elements_text(${JSON.stringify(seen)}::jsonb))
          returning payout_id`,
    );
    const droppedPayouts = dropped.flatMap((row) => (row.payout_id ? [Number(row.payout_id)] : []));
    if (droppedPayouts.length > 0) {
      await tx.execute(sql`
        update payouts set status = 'batched', tx_hash = null, block_number = null, sent_at = null
         where status = 'sent' and id in (${sql.join(
           droppedPayouts.map((id) => sql`${id}`),
           sql`, `,
         )})`);
    }

    const inserted = await queryRows<{ tx_hash: string; log_index: number }>(
      tx,
      sql`insert into chain_transfers (tx_hash, log_index, block_number, block_hash, to_address, value, seen_at)
          select l.tx_hash, l.log_index, l.block_number, l.block_hash, l.to_address, l.value, ${now}
            from jsonb_to_recordset(${JSON.stringify(logs.map(logRecord))}::jsonb)
                 as l(tx_hash text, log_index int, block_number bigint, block_hash text, to_address text, value numeric)
          on conflict (tx_hash, log_index) do nothing
          returning tx_hash, log_index`,
    );
    const fresh = JSON.stringify(inserted);
    // Pairs each new log with one batched payout: a hot-wallet payout only through its own transaction;
    // the others by recipient and amount, the nth such log with the nth oldest such payout.
    const paid = await queryRows<{ tx_hash: string }>(
      tx,
      sql`
        with fresh as (
          select c.tx_hash, c.log_index, c.to_address, c.value, c.block_number
            from chain_transfers c join jsonb_to_recordset(${fresh}::jsonb) as k(tx_hash text, log_index int) using (tx_hash, log_index)
        ), by_transaction as (
          select distinct on (p.id) p.id as payout_id, f.tx_hash, f.log_index
            from fresh f join payouts p
              on p.signed_tx_hash = f.tx_hash and p.status = 'batched' and p.address = f.to_address
             and p.amount::numeric * ${scale}::numeric = f.value
           order by p.id, f.log_index
        ), other_logs as (
          select f.*, row_number() over (partition by f.to_address, f.value order by f.block_number, f.log_index) as position
            from fresh f
           where not exists (select 1 from by_transaction b where b.tx_hash = f.tx_hash and b.log_index = f.log_index)
        ), other_payouts as (
          select p.id, p.address, p.amount::numeric * ${scale}::numeric as value,
                 row_number() over (partition by p.address, p.amount order by p.batched_at, p.id) as position
            from payouts p
           where p.status = 'batched' and p.signed_tx_hash is null and p.address in (select to_address from other_logs)
        ), pairs as (
          select payout_id, tx_hash, log_index from by_transaction
          union all
          select op.id, ol.tx_hash, ol.log_index
            from other_logs ol join other_payouts op on op.address = ol.to_address and op.value = ol.value and op.position = ol.position
        ), sent as (
          update payouts p set status = 'sent', tx_hash = pairs.tx_hash, block_number = c.block_number, sent_at = ${now}
            from pairs join chain_transfers c using (tx_hash, log_index)
           where p.id = pairs.payout_id and p.status = 'batched'
          returning p.id, pairs.tx_hash, pairs.log_index
        )
        update chain_transfers c set payout_id = sent.id from sent
         where c.tx_hash = sent.tx_hash and c.log_index = sent.log_index
        returning c.tx_hash`,
    );
    const raised = await queryRows<{ id: number }>(
      tx,
      sql`insert into operator_alerts (kind, subject, details, created_at)
          select 'unmatched_transfer', c.tx_hash || ':' || c.log_index,
                 'A transfer of ' || c.value || ' base units from the treasury to ' || c.to_address || ' in block ' || c.block_number
                   || ' pays no batched payout.',
                 ${now}
            from chain_transfers c join jsonb_to_recordset(${fresh}::jsonb) as k(tx_hash text, log_index int) using (tx_hash, log_index)
           where c.payout_id is null
          on conflict (kind, subject) do nothing
          returning id`,
    );
    const matched = paid.length;
    const alerts = raised.length;

    const confirmed = await queryRows<{ id: string }>(
      tx,
      sql`update payouts set status = 'confirmed', confirmed_at = ${now}
           where status = 'sent' and block_number <= ${confirmedUpTo}
          returning id::text`,
    );
    await tx.execute(sql`
      insert into chain_cursors (name, last_block, updated_at) values (${cursorName}, ${head}, ${now})
      on conflict (name) do update set last_block = greatest(chain_cursors.last_block, excluded.last_block), updated_at = excluded.updated_at`);
    return { matched, alerts, confirmed: confirmed.length, reverted: droppedPayouts.length };
  });
  if (!summary) return { ...range, rpcCalls, skipped: { skip: "overtaken" } };
  return { ...range, logs: logs.length, rpcCalls, ...summary, skipped: null };
}

function logRecord(log: TransferLog) {
  return {
    tx_hash: log.txHash,
    log_index: log.logIndex,
    block_number: log.blockNumber.toString(),
    block_hash: log.blockHash,
    to_address: log.to,
    value: log.value.toString(),
  };
}
