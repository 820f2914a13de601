import { sql } from "drizzle-orm";
import { type Address, getAddress, type Hex, type PublicClient, parseAbiItem } from "viem";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";

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
 */
export async function reconcileTransfers(deps: ReconcileDeps): Promise<ReconcileSummary> {
  const { db, clock, client, confirmations } = deps;
  const cursorName = `transfers:${deps.token.toLowerCase()}:${deps.treasury.toLowerCase()}`;
  let rpcCalls = 1;
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const [cursorRow] = await queryRows<{ last_block: string }>(
    db,
    sql`select last_block::text from chain_cursors where name = ${cursorName}`,
  );
  const cursor = cursorRow ? BigInt(cursorRow.last_block) : deps.startBlock - 1n;
  const unsettledFrom = (cursor < head ? cursor : head) - BigInt(confirmations) + 2n;
  const fromBlock = unsettledFrom > deps.startBlock ? unsettledFrom : deps.startBlock;

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
    const seen = logs.map((log) => `${log.txHash}:${log.logIndex}:${log.blockHash}`);
    const dropped = await queryRows<{ payout_id: string | null }>(
      tx,
      sql`delete from chain_transfers
           where block_number >= ${fromBlock}
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

    let matched = 0;
    let alerts = 0;
    for (const log of logs) {
      const [inserted] = await queryRows<{ tx_hash: string }>(
        tx,
        sql`insert into chain_transfers (tx_hash, log_index, block_number, block_hash, to_address, value, seen_at)
            values (${log.txHash}, ${log.logIndex}, ${log.blockNumber}, ${log.blockHash}, ${log.to}, ${log.value.toString()}, ${now})
            on conflict (tx_hash, log_index) do nothing
            returning tx_hash`,
      );
      if (!inserted) continue;
      const [paid] = await queryRows<{ payout_id: string }>(
        tx,
        sql`
          with candidate as (
            select id from payouts
             where status = 'batched' and address = ${log.to} and amount::numeric * ${scale}::numeric = ${log.value.toString()}::numeric
               and (signed_tx_hash is null or signed_tx_hash = ${log.txHash})
             order by signed_tx_hash is null, batched_at, id
             limit 1
          ), paid as (
            update payouts set status = 'sent', tx_hash = ${log.txHash}, block_number = ${log.blockNumber}, sent_at = ${now}
             where id in (select id from candidate) and status = 'batched'
            returning id
          )
          update chain_transfers set payout_id = (select id from paid)
           where tx_hash = ${log.txHash} and log_index = ${log.logIndex} and exists (select 1 from paid)
          returning payout_id::text`,
      );
      if (paid) {
        matched++;
        continue;
      }
      const raised = await queryRows<{ id: number }>(
        tx,
        sql`insert into operator_alerts (kind, subject, details, created_at)
            values ('unmatched_transfer', ${`${log.txHash}:${log.logIndex}`},
                    ${`A transfer of ${log.value} base units from the treasury to ${log.to} in block ${log.blockNumber} pays no batched payout.`}, ${now})
            on conflict (kind, subject) do nothing
            returning id`,
      );
      alerts += raised.length;
    }

    const confirmed = await queryRows<{ id: string }>(
      tx,
      sql`update payouts set status = 'confirmed', confirmed_at = ${now}
           where status = 'sent' and block_number <= ${confirmedUpTo}
          returning id::text`,
    );
    await tx.execute(sql`
      insert into chain_cursors (name, last_block, updated_at) values (${cursorName}, ${head}, ${now})
      on conflict (name) do update set last_block = excluded.last_block, updated_at = excluded.updated_at`);
    return { matched, alerts, confirmed: confirmed.length, reverted: droppedPayouts.length };
  });
  return { fromBlock: fromBlock.toString(), toBlock: head.toString(), logs: logs.length, rpcCalls, ...summary };
}
