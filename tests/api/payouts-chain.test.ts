import { eq, sql } from "drizzle-orm";
import { type Address, encodeFunctionData, getAddress, type PublicClient } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteConfig } from "../../config/site.ts";
import { queryRows } from "../../server/db/client.ts";
import { payouts, users } from "../../server/db/schema.ts";
import { postAdjustment } from "../../server/services/ledger.ts";
import { createBatch, payoutsAboveBatchLimit } from "../../server/services/payouts/batches.ts";
import { payoutPublicClient } from "../../server/services/payouts/chain.ts";
import { reconcileTransfers } from "../../server/services/payouts/reconcile.ts";
import { requestPayout, returnPayout } from "../../server/services/payouts/requests.ts";
import { batchFileChecksum, safeBatchFile } from "../../server/services/payouts/safe-export.ts";
import { createUser } from "../factories.ts";
import { useTestApp } from "../helpers/test-app.ts";
import { ERC20_ABI, payoutChain, startAnvil } from "../support/local-chain.ts";

/** Above the three blocks a three-transfer batch takes here, one transaction per block. */
const CONFIRMATIONS = 5;
const TOKENS = 10n ** 18n;

describe("payouts on a local chain: batches, the Safe export, reconciliation", () => {
  const t = useTestApp();
  const treasury = privateKeyToAccount(generatePrivateKey()).address;
  let anvil: Awaited<ReturnType<typeof startAnvil>>;
  let chain: Awaited<ReturnType<typeof payoutChain>>;
  let site: SiteConfig;

  beforeAll(async () => {
    anvil = await startAnvil();
    chain = await payoutChain(anvil.rpcUrl, { treasury });
    site = { ...t.site, token: { ...t.site.token, address: chain.token, chainId: 31337 } };
  });
  afterAll(() => anvil?.stop());

  const deps = () => ({ db: t.database.db, clock: t.clock });
  const reconcile = (client: PublicClient = payoutPublicClient(anvil.rpcUrl)) =>
    reconcileTransfers({
      ...deps(),
      client,
      token: chain.token,
      treasury,
      decimals: 18,
      confirmations: CONFIRMATIONS,
      startBlock: 0n,
      logRange: 5,
    });

  /** A member with a verified wallet who asks for `amount` tokens. */
  async function requested(amount: bigint): Promise<{ id: number; address: Address; userId: number }> {
    const user = await createUser(t.database.db);
    const address = privateKeyToAccount(generatePrivateKey()).address;
    await t.database.db.update(users).set({ walletAddress: address, walletVerifiedAt: t.clock.now() }).where(eq(users.id, user.id));
    await postAdjustment(deps(), { userId: user.id, tokens: amount, direction: "credit", reason: "earned" });
    const result = await requestPayout({ ...deps(), minimum: 10_000n, minAccountAgeDays: 7 }, user.id, amount);
    if (!result.ok) throw new Error(result.refusal);
    t.clock.advance(1000);
    return { id: result.payout.id, address, userId: user.id };
  }

  /** A node whose answer to "which block is the head" is held until the test lets it go: a run that reads the chain, then stalls. */
  function stallingAfterHead() {
    const node = payoutPublicClient(anvil.rpcUrl);
    let headRead = () => {};
    let release = () => {};
    const read = new Promise<void>((resolve) => {
      headRead = resolve;
    });
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const client: PublicClient = {
      ...node,
      getBlockNumber: async (args) => {
        const head = await node.getBlockNumber(args);
        headRead();
        await gate;
        return head;
      },
    };
    return { client, read, release };
  }

  async function cursor(): Promise<bigint> {
    const [row] = await queryRows<{ last_block: string }>(
      t.database.db,
      sql`select last_block::text from chain_cursors where name = ${`transfers:${chain.token.toLowerCase()}:${treasury.toLowerCase()}`}`,
    );
    return BigInt(row?.last_block ?? -1);
  }

  async function statusOf(id: number) {
    const [row] = await t.database.db.select({ status: payouts.status, txHash: payouts.txHash }).from(payouts).where(eq(payouts.id, id));
    return row;
  }

  /** Executes an exported batch file's calls as the treasury, the way the Safe would after its signers approve. */
  async function executeAsSafe(file: ReturnType<typeof safeBatchFile>) {
    for (const call of file.transactions) {
      const data = encodeFunctionData({
        abi: ERC20_ABI,
        functionName: "transfer",
        args: [call.contractInputsValues.to as Address, BigInt(call.contractInputsValues.amount)],
      });
      await chain.sendAsTreasury({ to: call.to as Address, data });
    }
  }

  async function drainRequested() {
    // Each test starts from no open requests, so a batch holds only its own.
    while (await createBatch(deps(), { maxCount: 1000, maxTotal: 10n ** 30n })) {}
    await reconcile();
  }

  it("batches oldest first within the count and total caps", async () => {
    await drainRequested();
    const a = await requested(10_000n);
    const b = await requested(20_000n);
    const c = await requested(10_000n);
    const first = await createBatch(deps(), { maxCount: 5, maxTotal: 30_000n });
    expect(first?.payouts.map((p) => p.id)).toEqual([a.id, b.id]);
    const second = await createBatch(deps(), { maxCount: 1, maxTotal: 10n ** 30n });
    expect(second?.payouts.map((p) => p.id)).toEqual([c.id]);
    expect(await createBatch(deps(), { maxCount: 5, maxTotal: 10n ** 30n })).toBeNull();
  });

  it("passes over a request that does not fit what is left of the total, and names one no batch can take", async () => {
    await drainRequested();
    const a = await requested(10_000n);
    const whale = await requested(40_000n);
    const c = await requested(25_000n);
    const b = await requested(15_000n);
    const limits = { maxCount: 5, maxTotal: 30_000n };
    expect((await createBatch(deps(), limits))?.payouts.map((p) => p.id)).toEqual([a.id, b.id]);
    expect((await createBatch(deps(), limits))?.payouts.map((p) => p.id)).toEqual([c.id]);
    expect(await createBatch(deps(), limits)).toBeNull();
    expect((await payoutsAboveBatchLimit(t.database.db, limits.maxTotal)).map((p) => p.id)).toEqual([whale.id]);
    expect(await payoutsAboveBatchLimit(t.database.db, 10n ** 30n)).toEqual([]);
  });

  it("exports a Safe Transaction Builder file, executed as the treasury, reconciled to sent and then confirmed", async () => {
    await drainRequested();
    const members = [await requested(10_000n), await requested(12_345n), await requested(50_000n)];
    const batch = await createBatch(deps(), { maxCount: 10, maxTotal: 10n ** 30n });
    if (!batch) throw new Error("no batch");
    const file = safeBatchFile({ site, treasury, now: t.clock.now() }, batch.batchId, batch.payouts);
    expect(file).toMatchObject({ version: "1.0", chainId: "31337", meta: { createdFromSafeAddress: treasury } });
    expect(file.meta.checksum).toBe(batchFileChecksum(JSON.parse(JSON.stringify(file))));
    expect(file.transactions).toEqual(
      members.map((m, index) => ({
        to: chain.token,
        value: "0",
        data: null,
        contractMethod: {
          inputs: [
            { name: "to", type: "address", internalType: "address" },
            { name: "amount", type: "uint256", internalType: "uint256" },
          ],
          name: "transfer",
          payable: false,
        },
        contractInputsValues: { to: m.address, amount: (BigInt([10_000, 12_345, 50_000][index] ?? 0) * TOKENS).toString() },
      })),
    );

    await executeAsSafe(file);
    const seen = await reconcile();
    expect(seen).toMatchObject({ matched: 3, alerts: 0 });
    for (const m of members) expect((await statusOf(m.id))?.status).toBe("sent");

    await chain.test.mine({ blocks: CONFIRMATIONS });
    expect((await reconcile()).confirmed).toBe(3);
    for (const m of members) {
      expect((await statusOf(m.id))?.status).toBe("confirmed");
      expect(await chain.balanceOf(m.address)).toBe((await amountOf(m.id)) * TOKENS);
    }
  });

  async function amountOf(id: number): Promise<bigint> {
    const [row] = await t.database.db.select({ amount: payouts.amount }).from(payouts).where(eq(payouts.id, id));
    return row?.amount ?? 0n;
  }

  it("puts a payout back to waiting when a reorg drops its block before the confirmation depth, and pays it when it comes back", async () => {
    await drainRequested();
    const m = await requested(10_000n);
    const batch = await createBatch(deps(), { maxCount: 10, maxTotal: 10n ** 30n });
    if (!batch) throw new Error("no batch");
    const file = safeBatchFile({ site, treasury, now: t.clock.now() }, batch.batchId, batch.payouts);
    const snapshot = await chain.test.snapshot();
    await executeAsSafe(file);
    await reconcile();
    expect(await statusOf(m.id)).toMatchObject({ status: "sent" });

    await chain.test.revert({ id: snapshot });
    await chain.test.mine({ blocks: 1 });
    expect((await reconcile()).reverted).toBe(1);
    expect(await statusOf(m.id)).toEqual({ status: "batched", txHash: null });
    expect(await chain.balanceOf(m.address)).toBe(0n);

    await executeAsSafe(file);
    await chain.test.mine({ blocks: CONFIRMATIONS });
    await reconcile();
    expect((await statusOf(m.id))?.status).toBe("confirmed");
  });

  it("raises one operator alert for a treasury transfer that pays nothing, such as a batch executed twice", async () => {
    await drainRequested();
    const m = await requested(10_000n);
    const batch = await createBatch(deps(), { maxCount: 10, maxTotal: 10n ** 30n });
    if (!batch) throw new Error("no batch");
    const file = safeBatchFile({ site, treasury, now: t.clock.now() }, batch.batchId, batch.payouts);
    await executeAsSafe(file);
    await executeAsSafe(file);
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    await chain.sendAsTreasury({
      to: chain.token,
      data: encodeFunctionData({ abi: ERC20_ABI, functionName: "transfer", args: [stranger, 5n * TOKENS] }),
    });
    expect(await reconcile()).toMatchObject({ matched: 1, alerts: 2 });
    await chain.test.mine({ blocks: CONFIRMATIONS });
    expect(await reconcile()).toMatchObject({ alerts: 0 });
    const alerts = await queryRows<{ details: string }>(
      t.database.db,
      sql`select details from operator_alerts where kind = 'unmatched_transfer' order by id desc limit 2`,
    );
    expect(alerts.map((alert) => alert.details)).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`${10_000n * TOKENS} base units from the treasury to ${getAddress(m.address)}`),
        expect.stringContaining(`${5n * TOKENS} base units from the treasury to ${stranger}`),
      ]),
    );
    const [paidOnce] = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from chain_transfers where payout_id = ${m.id}`,
    );
    expect(paidOnce?.count).toBe(1);
  });

  it("returns a batched payout to the balance with a ledger entry; paying it afterwards is an alert, not a payment", async () => {
    await drainRequested();
    const m = await requested(10_000n);
    const batch = await createBatch(deps(), { maxCount: 10, maxTotal: 10n ** 30n });
    if (!batch) throw new Error("no batch");
    const returned = await returnPayout(deps(), m.id, "the Safe signers refused this batch");
    expect(returned).toEqual({ ok: true, balance: 10_000n });
    expect(await returnPayout(deps(), m.id, "again")).toMatchObject({ ok: false });
    await executeAsSafe(safeBatchFile({ site, treasury, now: t.clock.now() }, batch.batchId, batch.payouts));
    expect(await reconcile()).toMatchObject({ matched: 0, alerts: 1 });
    expect((await statusOf(m.id))?.status).toBe("returned");
  });

  it("changes nothing when another run saved a newer reading meanwhile: a paid payout never goes back to waiting", async () => {
    await drainRequested();
    const m = await requested(10_000n);
    const batch = await createBatch(deps(), { maxCount: 10, maxTotal: 10n ** 30n });
    if (!batch) throw new Error("no batch");
    const stale = stallingAfterHead();
    const slow = reconcile(stale.client);
    await stale.read;

    await executeAsSafe(safeBatchFile({ site, treasury, now: t.clock.now() }, batch.batchId, batch.payouts));
    await chain.test.mine({ blocks: 2 });
    expect(await reconcile()).toMatchObject({ matched: 1, skipped: null });
    const seen = await cursor();

    stale.release();
    expect(await slow).toMatchObject({ reverted: 0, matched: 0, skipped: { skip: "overtaken" } });
    expect(await statusOf(m.id)).toEqual({ status: "sent", txHash: expect.stringMatching(/^0x/) });
    expect(await cursor()).toBe(seen);
    expect(await returnPayout(deps(), m.id, "looks unpaid")).toMatchObject({ ok: false });
  });

  it("never reads a confirmed payout's transfer again as new, so it never pays a second payout of the same amount to the same address", async () => {
    await drainRequested();
    const m = await requested(10_000n);
    const first = await createBatch(deps(), { maxCount: 10, maxTotal: 10n ** 30n });
    if (!first) throw new Error("no batch");
    const stale = stallingAfterHead();
    const slow = reconcile(stale.client);
    await stale.read;

    await executeAsSafe(safeBatchFile({ site, treasury, now: t.clock.now() }, first.batchId, first.payouts));
    expect(await reconcile()).toMatchObject({ matched: 1 });
    await chain.test.mine({ blocks: CONFIRMATIONS });
    await reconcile();
    expect((await statusOf(m.id))?.status).toBe("confirmed");
    stale.release();
    expect(await slow).toMatchObject({ skipped: { skip: "overtaken" } });

    await postAdjustment(deps(), { userId: m.userId, tokens: 10_000n, direction: "credit", reason: "earned again" });
    const again = await requestPayout({ ...deps(), minimum: 10_000n, minAccountAgeDays: 7 }, m.userId, 10_000n);
    if (!again.ok) throw new Error(again.refusal);
    expect(await createBatch(deps(), { maxCount: 10, maxTotal: 10n ** 30n })).toMatchObject({ payouts: [{ id: again.payout.id }] });
    expect(await reconcile()).toMatchObject({ matched: 0, alerts: 0 });
    expect(await statusOf(again.payout.id)).toEqual({ status: "batched", txHash: null });
    expect((await statusOf(m.id))?.status).toBe("confirmed");
  });

  it("changes nothing when the node reports a head behind the last block read", async () => {
    await drainRequested();
    const m = await requested(10_000n);
    const batch = await createBatch(deps(), { maxCount: 10, maxTotal: 10n ** 30n });
    if (!batch) throw new Error("no batch");
    await executeAsSafe(safeBatchFile({ site, treasury, now: t.clock.now() }, batch.batchId, batch.payouts));
    expect(await reconcile()).toMatchObject({ matched: 1 });
    const seen = await cursor();

    const node = payoutPublicClient(anvil.rpcUrl);
    const lagging: PublicClient = { ...node, getBlockNumber: async () => seen - 2n };
    expect(await reconcile(lagging)).toMatchObject({
      reverted: 0,
      skipped: { skip: "node_behind", head: String(seen - 2n), cursor: String(seen) },
    });
    expect((await statusOf(m.id))?.status).toBe("sent");
    expect(await cursor()).toBe(seen);
  });
});
