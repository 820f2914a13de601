/**
 * Reconciles 10,000 batched payouts from 10,000 Transfer logs on a local
 * anvil and prints the time and the JSON-RPC calls it took. The floor is the
 * same log reads without the database (eth_getLogs over the same range, same
 * window size), measured in the same run.
 *
 *   node --import tsx bench/payout-reconcile.ts [COUNT]
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { createPublicClient, encodeFunctionData, getAddress, http, type PublicClient, parseAbiItem } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { fakeClock } from "../server/clock.ts";
import { openDatabase, queryRows } from "../server/db/client.ts";
import { migrateDatabase } from "../server/db/migrate.ts";
import { users } from "../server/db/schema.ts";
import { reconcileTransfers } from "../server/services/payouts/reconcile.ts";
import { ERC20_ABI, payoutChain, startAnvil } from "../tests/support/local-chain.ts";

const COUNT = Number(process.argv[2] ?? 10_000);
const LOG_RANGE = 2_000;
const TOKENS = 10n ** 18n;

function countingClient(rpcUrl: string): { client: PublicClient; requests: () => number; calls: () => number } {
  let requests = 0;
  let calls = 0;
  const client = createPublicClient({
    chain: foundry,
    transport: http(rpcUrl, {
      batch: { batchSize: 100 },
      onFetchRequest: async (request) => {
        requests++;
        const body = JSON.parse(await request.clone().text()) as unknown;
        calls += Array.isArray(body) ? body.length : 1;
      },
    }),
  });
  return { client, requests: () => requests, calls: () => calls };
}

const anvil = await startAnvil(["--gas-limit", "300000000", "--no-mining"]);
try {
  const treasuryKey = generatePrivateKey();
  const treasury = privateKeyToAccount(treasuryKey);
  const test = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl, { batch: { batchSize: 500 } }) });
  // Deployment needs blocks; mine while setting up, then let the transfers pile up and mine them at once.
  const mining = setInterval(
    () =>
      void fetch(anvil.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "evm_mine", params: [] }),
      }),
    50,
  );
  const chain = await payoutChain(anvil.rpcUrl, { treasury: treasury.address });
  clearInterval(mining);

  const recipients = Array.from({ length: COUNT }, () => privateKeyToAccount(generatePrivateKey()).address);
  const amounts = recipients.map((_, index) => 10_000n + BigInt(index));
  console.log(`signing and sending ${COUNT} transfers…`);
  const fees = await test.estimateFeesPerGas();
  for (let start = 0; start < COUNT; start += 500) {
    await Promise.all(
      recipients.slice(start, start + 500).map(async (to, offset) => {
        const index = start + offset;
        const raw = await treasury.signTransaction({
          chainId: foundry.id,
          type: "eip1559",
          to: chain.token,
          data: encodeFunctionData({ abi: ERC20_ABI, functionName: "transfer", args: [to, (amounts[index] as bigint) * TOKENS] }),
          nonce: index,
          gas: 80_000n,
          maxFeePerGas: fees.maxFeePerGas * 2n,
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
        });
        await test.sendRawTransaction({ serializedTransaction: raw });
      }),
    );
  }
  await chain.test.mine({ blocks: 1 });
  await chain.test.mine({ blocks: 12 });

  const database = await openDatabase({ driver: "pglite" });
  await migrateDatabase(database);
  const clock = fakeClock();
  const [member] = await database.db
    .insert(users)
    .values({ email: "bench@example.com", firstName: "Bench", lastName: "Mark", passwordHash: "x", referralCode: "BENCH1" })
    .returning({ id: users.id });
  await database.db.execute(sql`insert into payout_batches (created_at) values (now())`);
  for (let start = 0; start < COUNT; start += 1_000) {
    const rows = recipients
      .slice(start, start + 1_000)
      .map((address, offset) => ({ address: getAddress(address), amount: String(amounts[start + offset]) }));
    await database.db.execute(sql`
      insert into payouts (user_id, amount, address, status, requested_at, batch_id, batched_at)
      select ${member?.id}, (r->>'amount')::bigint, r->>'address', 'batched', now(), 1, now()
        from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) r`);
  }

  const floor = countingClient(anvil.rpcUrl);
  const head = await floor.client.getBlockNumber();
  const floorStart = performance.now();
  let floorLogs = 0;
  const event = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");
  for (let from = 0n; from <= head; from += BigInt(LOG_RANGE)) {
    const to = from + BigInt(LOG_RANGE) - 1n < head ? from + BigInt(LOG_RANGE) - 1n : head;
    floorLogs += (
      await floor.client.getLogs({ address: chain.token, event, args: { from: treasury.address }, fromBlock: from, toBlock: to })
    ).length;
  }
  const floorMs = performance.now() - floorStart;

  const counted = countingClient(anvil.rpcUrl);
  const started = performance.now();
  const summary = await reconcileTransfers({
    db: database.db,
    clock,
    client: counted.client,
    token: chain.token,
    treasury: treasury.address,
    decimals: 18,
    confirmations: 12,
    startBlock: 0n,
    logRange: LOG_RANGE,
  });
  const elapsedMs = performance.now() - started;
  const [confirmed] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from payouts where status = 'confirmed'`);
  await database.close();
  console.log(
    JSON.stringify(
      {
        payouts: COUNT,
        logsRead: summary.logs,
        matched: summary.matched,
        confirmed: confirmed?.n,
        alerts: summary.alerts,
        reconcileSeconds: Number((elapsedMs / 1000).toFixed(2)),
        rpcCalls: counted.calls(),
        httpRequests: counted.requests(),
        floorSeconds: Number((floorMs / 1000).toFixed(2)),
        floorLogs,
        ratioToFloor: Number((elapsedMs / floorMs).toFixed(1)),
      },
      null,
      2,
    ),
  );
} finally {
  await anvil.stop();
}
