import { type ChildProcess, spawn } from "node:child_process";
import { sql } from "drizzle-orm";
import { type Address, createWalletClient, type Hex, http, type PublicClient, parseAbiItem } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeClock } from "../../server/clock.ts";
import { type DatabaseHandle, openDatabase, queryRows } from "../../server/db/client.ts";
import { migrateDatabase } from "../../server/db/migrate.ts";
import { users } from "../../server/db/schema.ts";
import { postAdjustment } from "../../server/services/ledger.ts";
import { createBatch } from "../../server/services/payouts/batches.ts";
import { payoutPublicClient } from "../../server/services/payouts/chain.ts";
import { clearDeadTransaction, findDeadTransaction } from "../../server/services/payouts/dead-transaction.ts";
import { reconcileTransfers } from "../../server/services/payouts/reconcile.ts";
import { requestPayout, returnPayout } from "../../server/services/payouts/requests.ts";
import { type SenderDeps, sendBatch } from "../../server/services/payouts/sender.ts";
import { createUser } from "../factories.ts";
import { expectLedgerBalanced } from "../helpers/ledger.ts";
import { emptyServerDatabase } from "../helpers/test-database.ts";
import { payoutChain, startAnvil } from "../support/local-chain.ts";

const SERVER = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const TRANSFER = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");
const TOKENS = 10n ** 18n;

/**
 * The hot wallet on a real node and a PostgreSQL server the killed process
 * and its restart share: signed transactions are stored before they are
 * broadcast, so a crash anywhere leaves at most a rebroadcast, never a second transfer.
 */
describe("payouts send from a hot wallet", () => {
  const senderKey = generatePrivateKey();
  const sender = privateKeyToAccount(senderKey);
  const clock = fakeClock();
  let anvil: Awaited<ReturnType<typeof startAnvil>>;
  let chain: Awaited<ReturnType<typeof payoutChain>>;
  let server: Awaited<ReturnType<typeof emptyServerDatabase>>;
  let database: DatabaseHandle;
  let client: PublicClient;

  beforeAll(async () => {
    anvil = await startAnvil();
    chain = await payoutChain(anvil.rpcUrl, { treasury: sender.address });
    server = await emptyServerDatabase(SERVER, `kestrel_payout_send_${process.pid}`);
    database = await openDatabase({ driver: "postgres", url: server.url });
    await migrateDatabase(database);
    client = payoutPublicClient(anvil.rpcUrl);
  });
  afterAll(async () => {
    await database?.close();
    await server?.drop();
    await anvil?.stop();
  });

  async function batchOf(count: number, amount = 10_000n): Promise<{ batchId: number; recipients: Address[] }> {
    const recipients: Address[] = [];
    for (let i = 0; i < count; i++) {
      const user = await createUser(database.db);
      const address = privateKeyToAccount(generatePrivateKey()).address;
      recipients.push(address);
      await database.db.update(users).set({ walletAddress: address, walletVerifiedAt: clock.now() }).where(sql`id = ${user.id}`);
      await postAdjustment({ db: database.db, clock }, { userId: user.id, tokens: amount, direction: "credit", reason: "earned" });
      const requested = await requestPayout({ db: database.db, clock, minimum: 10_000n, minAccountAgeDays: 7 }, user.id, amount);
      if (!requested.ok) throw new Error(requested.refusal);
      clock.advance(1000);
    }
    const batch = await createBatch({ db: database.db, clock }, { maxCount: count, maxTotal: 10n ** 30n });
    if (!batch) throw new Error("no batch");
    return { batchId: batch.batchId, recipients };
  }

  const deps = (overrides: Partial<SenderDeps> = {}): SenderDeps => ({
    db: database.db,
    clock,
    client,
    account: sender,
    chain: foundry,
    token: chain.token,
    decimals: 18,
    maxFeeGwei: 100,
    maxBatchTokens: 10n ** 12n,
    report: () => {},
    ...overrides,
  });

  /** Reads the hot wallet's transfers from the chain: a transfer's own block is its one confirmation. */
  const reconcile = () =>
    reconcileTransfers({
      db: database.db,
      clock,
      client,
      token: chain.token,
      treasury: sender.address,
      decimals: 18,
      confirmations: 1,
      startBlock: 0n,
      logRange: 1000,
    });

  /**
   * The sender's transfers to these recipients, once anvil has mined all it
   * was sent: it answers a transaction before it mines it (a tenth of the
   * time, measured here), so a count made at once could miss the last one.
   */
  async function transfersTo(recipients: Address[]) {
    while ((await chain.test.getTxpoolStatus()).pending > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const logs = await client.getLogs({
      address: chain.token,
      event: TRANSFER,
      args: { from: sender.address },
      fromBlock: 0n,
      toBlock: "latest",
    });
    const wanted = new Set(recipients);
    return logs.filter((log) => wanted.has(log.args.to as Address));
  }

  it("signs nothing on --dry-run, and refuses above the fee cap or the per-batch cap", async () => {
    const { batchId, recipients } = await batchOf(2);
    const lines: string[] = [];
    expect(await sendBatch(deps({ report: (line) => lines.push(line) }), batchId, { dryRun: true })).toMatchObject({
      signed: 0,
      dryRun: true,
    });
    expect(lines.filter((line) => line.startsWith("would sign"))).toHaveLength(2);
    await expect(sendBatch(deps({ maxFeeGwei: 0.000001 }), batchId, { dryRun: false })).rejects.toMatchObject({
      refused: { refusal: "fee_above_cap", capGwei: 0.000001 },
    });
    await expect(sendBatch(deps({ maxBatchTokens: 19_999n }), batchId, { dryRun: false })).rejects.toMatchObject({
      refused: { refusal: "above_batch_cap", batchId, cap: 19_999n },
    });
    const [stored] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(signed_tx)::int as count from payouts where batch_id = ${batchId}`,
    );
    expect(stored?.count).toBe(0);
    expect(await transfersTo(recipients)).toEqual([]);
    await sendBatch(deps(), batchId, { dryRun: false });
    expect(await transfersTo(recipients)).toHaveLength(2);
  });

  it("sends what a batch still owes: a returned payout is not sent, not counted against the per-batch cap, and not called paid", async () => {
    const { batchId, recipients } = await batchOf(2);
    const [kept, given] = await queryRows<{ id: string }>(
      database.db,
      sql`select id::text from payouts where batch_id = ${batchId} order by id`,
    );
    const returned = await returnPayout({ db: database.db, clock }, Number(given?.id), "the member asked to keep the tokens");
    expect(returned.ok).toBe(true);
    expect(await sendBatch(deps({ maxBatchTokens: 10_000n }), batchId, { dryRun: false })).toEqual({
      rebroadcast: 0,
      signed: 1,
      alreadyPaid: 0,
      returned: 1,
      stuck: [],
      dryRun: false,
    });
    expect((await transfersTo(recipients)).map((log) => log.args.to)).toEqual([recipients[0]]);
    await reconcile();
    const [status] = await queryRows<{ status: string }>(database.db, sql`select status from payouts where id = ${Number(kept?.id)}`);
    expect(status?.status).toBe("confirmed");
    expect(await sendBatch(deps(), batchId, { dryRun: false })).toMatchObject({ signed: 0, alreadyPaid: 1, returned: 1 });
    await expectLedgerBalanced(database.db);
  });

  it("voids a stored transaction once the chain proves another took its nonce, and the next send pays the payout once", async () => {
    const { batchId, recipients } = await batchOf(1);
    const unreachable = new Proxy(client, {
      get(target, key, receiver) {
        if (key === "sendRawTransaction")
          return async () => {
            throw new Error("connection reset");
          };
        return Reflect.get(target, key, receiver);
      },
    });
    await expect(sendBatch(deps({ client: unreachable }), batchId, { dryRun: false })).rejects.toMatchObject({
      refused: { refusal: "node_refused" },
    });
    const [stored] = await queryRows<{ id: string; sender_nonce: number; signed_tx_hash: Hex }>(
      database.db,
      sql`select id::text, sender_nonce, signed_tx_hash from payouts where batch_id = ${batchId}`,
    );
    if (!stored) throw new Error("nothing was stored");
    const payoutId = Number(stored.id);
    const check = () => findDeadTransaction({ db: database.db, client, confirmations: 2 }, payoutId);
    expect(await check()).toMatchObject({ ok: false, refusal: "nonce_not_settled", confirmations: 2 });

    // Someone sends from the hot wallet by hand and takes the stored nonce.
    const wallet = createWalletClient({ account: sender, chain: foundry, transport: http(anvil.rpcUrl) });
    await client.waitForTransactionReceipt({
      hash: await wallet.sendTransaction({ to: sender.address, value: 0n, nonce: stored.sender_nonce }),
    });
    expect(await check()).toMatchObject({ ok: false, refusal: "nonce_not_settled", confirmations: 2 });
    await chain.test.mine({ blocks: 1 });
    // Sending again finds the dead transaction ("nonce too low", and no receipt) and names it: nothing moves.
    expect(await sendBatch(deps(), batchId, { dryRun: false })).toMatchObject({ rebroadcast: 0, signed: 0, stuck: [payoutId] });
    expect(await transfersTo(recipients)).toEqual([]);

    const found = await check();
    expect(found).toEqual({
      ok: true,
      dead: { payoutId, sender: sender.address, nonce: stored.sender_nonce, hash: stored.signed_tx_hash },
    });
    if (!found.ok) return;
    expect(await clearDeadTransaction(database.db, found.dead)).toBe(true);
    expect(await clearDeadTransaction(database.db, found.dead)).toBe(false);
    expect(await sendBatch(deps(), batchId, { dryRun: false })).toMatchObject({ rebroadcast: 0, signed: 1 });
    expect(await transfersTo(recipients)).toHaveLength(1);
    // The new transaction is mined: it paid, so it is not dead.
    await chain.test.mine({ blocks: 1 });
    expect(await check()).toMatchObject({ ok: false, refusal: "already_mined" });
    await reconcile();
    expect(await check()).toEqual({ ok: false, refusal: "no_waiting_transaction", payoutId });
    expect(await findDeadTransaction({ db: database.db, client, confirmations: 2 }, 2 ** 31 - 1)).toEqual({
      ok: false,
      refusal: "unknown_transfer",
    });
    await expectLedgerBalanced(database.db);
  });

  it("broadcasts the stored transaction again after a failure between storing and broadcasting, and never signs a second", async () => {
    const { batchId, recipients } = await batchOf(3);
    let broadcasts = 0;
    const failing = new Proxy(client, {
      get(target, key, receiver) {
        if (key === "sendRawTransaction")
          return async (args: { serializedTransaction: Hex }) => {
            if (++broadcasts === 2) throw new Error("connection reset");
            return target.sendRawTransaction(args);
          };
        return Reflect.get(target, key, receiver);
      },
    });
    await expect(sendBatch(deps({ client: failing }), batchId, { dryRun: false })).rejects.toMatchObject({
      refused: { refusal: "node_refused" },
    });
    const before = await queryRows<{ id: string; signed_tx: string | null }>(
      database.db,
      sql`select id::text, signed_tx from payouts where batch_id = ${batchId} order by id`,
    );
    expect(before.map((row) => row.signed_tx !== null)).toEqual([true, true, false]);
    expect(await transfersTo(recipients)).toHaveLength(1);
    expect(await sendBatch(deps(), batchId, { dryRun: false })).toMatchObject({ rebroadcast: 2, signed: 1 });
    const after = await queryRows<{ id: string; signed_tx: string | null }>(
      database.db,
      sql`select id::text, signed_tx from payouts where batch_id = ${batchId} order by id`,
    );
    expect(after.slice(0, 2)).toEqual(before.slice(0, 2));
    const logs = await transfersTo(recipients);
    expect(new Set(logs.map((log) => log.args.to))).toEqual(new Set(recipients));
    expect(logs).toHaveLength(3);
  });

  it("survives kill -9 in the middle of a batch of 50: after a restart the chain holds exactly one transfer per payout", async () => {
    const { batchId, recipients } = await batchOf(50);
    const env = {
      ...process.env,
      NODE_ENV: "test",
      DATABASE_URL: server.url,
      PAYOUT_RPC_URL: anvil.rpcUrl,
      PAYOUT_TREASURY_ADDRESS: sender.address,
      PAYOUT_SENDER_KEY: senderKey,
      TOKEN_ADDRESS: chain.token,
      TOKEN_CHAIN_ID: "31337",
      LOG_LEVEL: "silent",
    };
    const send = () =>
      spawn(process.execPath, ["--import", "tsx", "scripts/admin.ts", "payouts", "send", String(batchId)], {
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
    const exited = (child: ChildProcess) =>
      new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        child.once("exit", (code, signal) => resolve({ code, signal })),
      );
    const startNonce = await client.getTransactionCount({ address: sender.address, blockTag: "pending" });

    const first = send();
    let firstOutput = "";
    first.stderr?.on("data", (chunk) => {
      firstOutput += chunk;
    });
    const firstExit = exited(first);
    let sentBeforeKill = 0;
    for (;;) {
      sentBeforeKill = (await client.getTransactionCount({ address: sender.address, blockTag: "pending" })) - startNonce;
      if (sentBeforeKill >= 10 || first.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    first.kill("SIGKILL");
    expect(await firstExit, firstOutput).toEqual({ code: null, signal: "SIGKILL" });
    expect(sentBeforeKill).toBeGreaterThanOrEqual(10);
    expect(sentBeforeKill).toBeLessThan(50);

    const second = send();
    let output = "";
    second.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    second.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    expect(await exited(second), output).toEqual({ code: 0, signal: null });
    expect(output).not.toContain(senderKey.slice(2));

    const logs = await transfersTo(recipients);
    expect(logs).toHaveLength(50);
    expect(new Set(logs.map((log) => log.args.to)).size).toBe(50);
    for (const log of logs) expect(log.args.value).toBe(10_000n * TOKENS);
    const [signed] = await queryRows<{ signed: number; nonces: number }>(
      database.db,
      sql`select count(signed_tx)::int as signed, count(distinct sender_nonce)::int as nonces from payouts where batch_id = ${batchId}`,
    );
    expect(signed).toEqual({ signed: 50, nonces: 50 });
    // Each run wrote who started it before it signed anything, the killed one too.
    const started = await queryRows<{ actor: string; reason: string; sender: string }>(
      database.db,
      sql`select actor, reason, after->>'sender' as sender from audit_log where action = 'payouts.send' and subject = ${`batch:${batchId}`}`,
    );
    expect(started).toEqual(Array(2).fill({ actor: "shell", reason: "payouts send from the shell", sender: sender.address }));

    const summary = await reconcile();
    expect(summary.alerts).toBe(0);
    const [statuses] = await queryRows<{ confirmed: number }>(
      database.db,
      sql`select count(*)::int as confirmed from payouts where batch_id = ${batchId} and status = 'confirmed'`,
    );
    expect(statuses?.confirmed).toBe(50);
    await expectLedgerBalanced(database.db);
  });
});
