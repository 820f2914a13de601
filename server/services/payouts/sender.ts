import { sql } from "drizzle-orm";
import {
  type Address,
  type Chain,
  encodeFunctionData,
  formatGwei,
  type Hex,
  keccak256,
  type LocalAccount,
  type PublicClient,
  parseAbi,
  parseGwei,
} from "viem";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { batchProgress, toBaseUnits } from "./batches.ts";
import { receiptOrNull } from "./chain.ts";
import { SenderRefused } from "./sender-refused.ts";

const ERC20 = parseAbi([
  "function transfer(address to, uint256 amount) returns (bool)",
  "function balanceOf(address) view returns (uint256)",
]);

export type SenderDeps = {
  db: Database;
  clock: Clock;
  client: PublicClient;
  account: LocalAccount;
  chain: Chain;
  token: Address;
  decimals: number;
  maxFeeGwei: number;
  maxBatchTokens: bigint;
  /** Progress lines for the operator; never given the key. */
  report(line: string): void;
};

/**
 * `alreadyPaid`: sent or confirmed before this run; `returned`: given back to
 * the member's balance, never sent; `stuck`: payouts whose stored transaction
 * can never be mined, because another transaction used its nonce (void them,
 * and the next send signs them again).
 */
export type SendSummary = {
  rebroadcast: number;
  signed: number;
  alreadyPaid: number;
  returned: number;
  stuck: number[];
  dryRun: boolean;
};

type Pending = { id: number; address: Address; amount: bigint; signedTx: Hex | null; nonce: number | null };

/**
 * Pays a batch from the hot wallet. Each transfer is signed, stored (raw
 * transaction, hash and nonce) and only then broadcast, so after a crash the
 * same signed transaction is broadcast again and no second one is ever signed
 * for a payout: the stored transaction is the payout's only one (the update
 * that stores it requires none stored yet), and one nonce holds one signed
 * transaction (a unique index). The chain then decides `sent` through reconciliation.
 */
export async function sendBatch(deps: SenderDeps, batchId: number, { dryRun }: { dryRun: boolean }): Promise<SendSummary> {
  const { db, client, account, report } = deps;
  const rows = await queryRows<{
    id: string;
    address: Address;
    amount: string;
    signed_tx: Hex | null;
    sender_nonce: number | null;
    status: string;
  }>(
    db,
    sql`select id::text, address, amount::text, signed_tx, sender_nonce, status from payouts where batch_id = ${batchId} order by requested_at, id`,
  );
  if (rows.length === 0) throw new SenderRefused({ refusal: "batch_empty", batchId });
  // What this batch still pays: a payout already paid, or returned to its member's balance, moves nothing.
  const { owed, owedTotal, paid: alreadyPaid, returned } = batchProgress(rows.map((row) => ({ ...row, amount: BigInt(row.amount) })));
  if (owedTotal > deps.maxBatchTokens)
    throw new SenderRefused({ refusal: "above_batch_cap", batchId, owedTotal, cap: deps.maxBatchTokens });
  const pending: Pending[] = owed.map((row) => ({
    id: Number(row.id),
    address: row.address,
    amount: row.amount,
    signedTx: row.signed_tx,
    nonce: row.sender_nonce,
  }));
  const stored = pending.filter((payout) => payout.signedTx).sort((a, b) => (a.nonce ?? 0) - (b.nonce ?? 0));
  const unsigned = pending.filter((payout) => !payout.signedTx);

  const fees = await client.estimateFeesPerGas();
  const cap = parseGwei(String(deps.maxFeeGwei));
  if (unsigned.length > 0 && fees.maxFeePerGas > cap)
    throw new SenderRefused({ refusal: "fee_above_cap", feeGwei: formatGwei(fees.maxFeePerGas), capGwei: deps.maxFeeGwei });
  const needed = unsigned.reduce((sum, payout) => sum + toBaseUnits(payout.amount, deps.decimals), 0n);
  const held = await client.readContract({ address: deps.token, abi: ERC20, functionName: "balanceOf", args: [account.address] });
  if (needed > held) throw new SenderRefused({ refusal: "wallet_short", wallet: account.address, held, needed });

  if (dryRun) {
    for (const payout of stored) report(`would broadcast again payout ${payout.id} (nonce ${payout.nonce})`);
    for (const payout of unsigned) report(`would sign payout ${payout.id}: ${payout.amount} tokens to ${payout.address}`);
    report(`fee up to ${formatGwei(fees.maxFeePerGas)} gwei per gas; nothing was signed or sent`);
    return { rebroadcast: 0, signed: 0, alreadyPaid, returned, stuck: [], dryRun: true };
  }

  const stuck: number[] = [];
  let rebroadcast = 0;
  for (const payout of stored) {
    if (await broadcastIsDead(client, payout.signedTx as Hex)) {
      stuck.push(payout.id);
      report(
        `payout ${payout.id}: its transaction can never be mined, another transaction used nonce ${payout.nonce}; void it (payouts void ${payout.id} --reason TEXT) and send again`,
      );
    } else {
      rebroadcast++;
      report(`broadcast again payout ${payout.id} (nonce ${payout.nonce})`);
    }
  }

  let signed = 0;
  for (const payout of unsigned) {
    const nonce = await nextNonce(deps);
    const data = encodeFunctionData({
      abi: ERC20,
      functionName: "transfer",
      args: [payout.address, toBaseUnits(payout.amount, deps.decimals)],
    });
    const gas = await client.estimateGas({ account: account.address, to: deps.token, data });
    const raw = await account.signTransaction({
      chainId: deps.chain.id,
      type: "eip1559",
      to: deps.token,
      data,
      nonce,
      gas: (gas * 12n) / 10n,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    const hash = keccak256(raw);
    try {
      const [kept] = await queryRows<{ id: string }>(
        db,
        sql`update payouts set sender_address = ${account.address}, sender_nonce = ${nonce}, signed_tx = ${raw}, signed_tx_hash = ${hash}
             where id = ${payout.id} and status = 'batched' and signed_tx is null
            returning id::text`,
      );
      if (!kept) {
        report(`payout ${payout.id} was signed or settled by another run; skipped`);
        continue;
      }
    } catch (error) {
      if (isUniqueViolation(error, "payouts_one_signed_tx_per_nonce")) throw new SenderRefused({ refusal: "wallet_busy" });
      throw error;
    }
    if (await broadcastIsDead(client, raw)) {
      stuck.push(payout.id);
      report(`payout ${payout.id}: another transaction used nonce ${nonce} while it was signed; void it and send again`);
      continue;
    }
    signed++;
    report(`sent payout ${payout.id}: ${payout.amount} tokens to ${payout.address}, transaction ${hash}`);
  }
  return { rebroadcast, signed, alreadyPaid, returned, stuck, dryRun: false };
}

/** The next nonce: past both the chain's pending count and every transaction this wallet signed and stored. */
async function nextNonce({ db, client, account }: SenderDeps): Promise<number> {
  const [row] = await queryRows<{ next: number | null }>(
    db,
    sql`select max(sender_nonce) + 1 as next from payouts where sender_address = ${account.address}`,
  );
  const chainNonce = await client.getTransactionCount({ address: account.address, blockTag: "pending" });
  return Math.max(chainNonce, row?.next ?? 0);
}

/**
 * Broadcasts a stored transaction; answers whether it is dead. Broadcasting is
 * idempotent: a node that already has it is not an error. "Nonce too low" means
 * its nonce is used: by this transaction (a receipt) or by another (dead).
 */
async function broadcastIsDead(client: PublicClient, raw: Hex): Promise<boolean> {
  try {
    await client.sendRawTransaction({ serializedTransaction: raw });
    return false;
  } catch (error) {
    const text = String((error as Error).message ?? error);
    if (/already known|known transaction|already imported|AlreadyKnown/i.test(text)) return false;
    if (/nonce too low/i.test(text)) return (await receiptOrNull(client, keccak256(raw))) === null;
    throw new SenderRefused({ refusal: "node_refused", hash: keccak256(raw), cause: text.split("\n")[0] ?? "" });
  }
}
