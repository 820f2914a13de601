import { eq, sql } from "drizzle-orm";
import { createWalletClient, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_REFUSALS, nothingOwedMessage, SAFE_FILE_WITH_HOT_WALLET } from "../../common/api/admin.ts";
import { queryRows } from "../../server/db/client.ts";
import { payouts, users } from "../../server/db/schema.ts";
import { postAdjustment } from "../../server/services/ledger.ts";
import { requestPayout } from "../../server/services/payouts/requests.ts";
import { batchFileChecksum, type SafeBatchFile } from "../../server/services/payouts/safe-export.ts";
import { createUser } from "../factories.ts";
import { openConsoleAs } from "../helpers/console.ts";
import { expectLedgerBalanced } from "../helpers/ledger.ts";
import { buildTestApp, type TestApp } from "../helpers/test-app.ts";
import { payoutChain, startAnvil } from "../support/local-chain.ts";

/** Above the two blocks a two-transfer send takes here, one transaction per block. */
const CONFIRMATIONS = 5;
const TOKENS = 10n ** 18n;

/** The whole payout path driven from the console's API, on a local node with the hot wallet as the treasury. */
describe("payouts from the operator console on a local chain", () => {
  const senderKey = generatePrivateKey();
  const treasury = privateKeyToAccount(senderKey).address;
  let anvil: Awaited<ReturnType<typeof startAnvil>>;
  let chain: Awaited<ReturnType<typeof payoutChain>>;
  let t: TestApp & { close(): Promise<void> };
  /** A treasury without a hot wallet's key, with its own token on the same node: the console offers the Safe file only then. */
  const safeTreasury = privateKeyToAccount(generatePrivateKey()).address;
  let safeChain: Awaited<ReturnType<typeof payoutChain>>;
  let safeOnly: TestApp & { close(): Promise<void> };

  beforeAll(async () => {
    anvil = await startAnvil();
    chain = await payoutChain(anvil.rpcUrl, { treasury });
    safeChain = await payoutChain(anvil.rpcUrl, { treasury: safeTreasury });
    const onChain = (token: `0x${string}`) => (configured: TestApp["site"]) => ({
      ...configured,
      token: { ...configured.token, address: token, chainId: 31337, decimals: 18 },
    });
    const env = { PAYOUT_RPC_URL: anvil.rpcUrl, PAYOUT_CONFIRMATIONS: String(CONFIRMATIONS) };
    t = await buildTestApp({
      site: onChain(chain.token),
      env: { ...env, PAYOUT_TREASURY_ADDRESS: treasury, PAYOUT_SENDER_KEY: senderKey },
    });
    safeOnly = await buildTestApp({ site: onChain(safeChain.token), env: { ...env, PAYOUT_TREASURY_ADDRESS: safeTreasury } });
  });
  afterEach(async () => {
    await expectLedgerBalanced(t.database.db);
    await expectLedgerBalanced(safeOnly.database.db);
  });
  afterAll(async () => {
    await t?.close();
    await safeOnly?.close();
    await anvil?.stop();
  });

  async function requested(amount: bigint, app: TestApp = t) {
    const user = await createUser(app.database.db);
    const address = privateKeyToAccount(generatePrivateKey()).address;
    await app.database.db.update(users).set({ walletAddress: address, walletVerifiedAt: app.clock.now() }).where(eq(users.id, user.id));
    const deps = { db: app.database.db, clock: app.clock };
    await postAdjustment(deps, { userId: user.id, tokens: amount, direction: "credit", reason: "earned" });
    const result = await requestPayout({ ...deps, minimum: 10_000n, minAccountAgeDays: 7 }, user.id, amount);
    if (!result.ok) throw new Error(result.refusal);
    app.clock.advance(1000);
    return { id: result.payout.id, address, userId: user.id };
  }

  async function statusOf(id: number, app: TestApp = t) {
    const [row] = await app.database.db.select({ status: payouts.status }).from(payouts).where(eq(payouts.id, id));
    return row?.status;
  }

  it("batches, exports the Safe file, sends from the hot wallet, reconciles to confirmed and returns a payout, each audited", async () => {
    const admin = await openConsoleAs(t, "admin");
    const support = await openConsoleAs(t, "support");
    const paid = [await requested(10_000n), await requested(12_345n)];
    const given = await requested(20_000n);

    const listed = (await support.get("/api/admin/payouts?status=requested")).json();
    expect(listed).toMatchObject({ hot_wallet: true, chain: true, fee_cap_gwei: 50 });
    expect(listed.payouts.map((p: { id: number }) => p.id).sort()).toEqual([...paid, given].map((p) => p.id).sort());

    // Support reads and reconciles, but moves no money.
    const supportBatch = await support.post("/api/admin/payouts/batches", { reason: "weekly", code: support.nextCode() });
    expect(supportBatch.json()).toEqual({ err_msg: ADMIN_REFUSALS.adminOnly });
    expect((await support.post(`/api/admin/payouts/${given.id}/return`, { reason: "no", code: support.nextCode() })).statusCode).toBe(403);

    const stale = await admin.post("/api/admin/payouts/batches", { max_count: 2, reason: "weekly", code: "000000" });
    expect(stale.json()).toEqual({ err_msg: ADMIN_REFUSALS.badCode });
    const first = (await admin.post("/api/admin/payouts/batches", { max_count: 2, reason: "weekly", code: admin.nextCode() })).json();
    expect(first).toEqual({ batch_id: expect.any(Number), count: 2, total: "22345", too_large: [] });
    const second = (await admin.post("/api/admin/payouts/batches", { reason: "the rest", code: admin.nextCode() })).json();
    expect(second).toMatchObject({ count: 1, total: "20000" });
    expect((await admin.get(`/api/admin/payouts/batches/${first.batch_id}`)).json()).toEqual({
      batch_id: first.batch_id,
      count: 2,
      total: "22345",
      paid: 0,
      returned: 0,
      fee_cap_gwei: expect.any(Number),
    });
    expect((await admin.get("/api/admin/payouts/batches/999999")).statusCode).toBe(404);

    // With a hot wallet the batch is paid by Send: a Safe file too could pay it twice.
    const download = await admin.get(`/api/admin/payouts/batches/${first.batch_id}/safe-file`);
    expect(download.statusCode).toBe(409);
    expect(download.json()).toEqual({ err_msg: SAFE_FILE_WITH_HOT_WALLET });

    const returned = await admin.post(`/api/admin/payouts/${given.id}/return`, {
      reason: "address on a sanctions list",
      code: admin.nextCode(),
    });
    expect(returned.json()).toEqual({ balance: "20000" });
    expect(await statusOf(given.id)).toBe("returned");

    const sent = await admin.post(`/api/admin/payouts/batches/${first.batch_id}/send`, { reason: "weekly run", code: admin.nextCode() });
    expect(sent.json()).toEqual({ signed: 2, rebroadcast: 0, already_paid: 0, returned: 0, stuck: [] });
    // The batch that held the returned payout has nothing left to pay, and says why.
    expect((await admin.get(`/api/admin/payouts/batches/${second.batch_id}`)).json()).toMatchObject({
      count: 0,
      total: "0",
      paid: 0,
      returned: 1,
    });
    expect((await support.post("/api/admin/payouts/reconcile", { reason: "after the send" })).json()).toMatchObject({ matched: 2 });
    for (const p of paid) expect(await statusOf(p.id)).toBe("sent");
    await chain.test.mine({ blocks: CONFIRMATIONS });
    expect((await admin.post("/api/admin/payouts/reconcile", { reason: "confirmations" })).json()).toMatchObject({ confirmed: 2 });
    for (const p of paid) {
      expect(await statusOf(p.id)).toBe("confirmed");
      expect(await chain.balanceOf(p.address)).toBe(
        ((await t.database.db.select().from(payouts).where(eq(payouts.id, p.id)))[0]?.amount ?? 0n) * TOKENS,
      );
    }

    const audit = await queryRows<{ actor: string; action: string; subject: string; reason: string }>(
      t.database.db,
      sql`select actor, action, subject, reason from audit_log where action like 'payouts.%' order by id`,
    );
    expect(audit).toEqual([
      { actor: admin.user.email, action: "payouts.batch", subject: `batch:${first.batch_id}`, reason: "weekly" },
      { actor: admin.user.email, action: "payouts.batch", subject: `batch:${second.batch_id}`, reason: "the rest" },
      { actor: admin.user.email, action: "payouts.return", subject: `payout:${given.id}`, reason: "address on a sanctions list" },
      { actor: admin.user.email, action: "payouts.send", subject: `batch:${first.batch_id}`, reason: "weekly run" },
      { actor: support.user.email, action: "payouts.reconcile", subject: "chain", reason: "after the send" },
      { actor: admin.user.email, action: "payouts.reconcile", subject: "chain", reason: "confirmations" },
    ]);
  });

  it("puts in the Safe file only what a batch still owes, audits its first hand-out, and refuses the file once nothing is left", async () => {
    const admin = await openConsoleAs(safeOnly, "admin");
    const owed = await requested(10_000n, safeOnly);
    const refused = await requested(15_000n, safeOnly);
    const batch = (await admin.post("/api/admin/payouts/batches", { reason: "weekly", code: admin.nextCode() })).json();
    expect(batch).toMatchObject({ count: 2 });
    expect((await admin.get("/api/admin/payouts")).json()).toMatchObject({ hot_wallet: false });
    expect((await admin.get("/api/admin/payouts")).json().batches_owing).toContain(batch.batch_id);
    // The Safe's signers refuse one transfer; it goes back to the member but keeps its batch number.
    await admin.post(`/api/admin/payouts/${refused.id}/return`, { reason: "the signers refused it", code: admin.nextCode() });

    const download = await admin.get(`/api/admin/payouts/batches/${batch.batch_id}/safe-file`);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-disposition"]).toContain(`batch-${batch.batch_id}.json`);
    const file: SafeBatchFile = JSON.parse(download.body);
    expect(file).toMatchObject({ version: "1.0", chainId: "31337", meta: { createdFromSafeAddress: safeTreasury } });
    expect(file.meta.checksum).toBe(batchFileChecksum(file));
    expect(file.transactions.map((call) => [call.to, call.contractInputsValues])).toEqual([
      [safeChain.token, { to: owed.address, amount: `${10_000n * TOKENS}` }],
    ]);
    expect((await admin.get(`/api/admin/payouts/batches/${batch.batch_id}/safe-file`)).statusCode).toBe(200);
    const handOuts = await queryRows<{ actor: string; subject: string; after: { payouts: number[] } }>(
      safeOnly.database.db,
      sql`select actor, subject, after from audit_log where action = 'payouts.safe_file'`,
    );
    expect(handOuts).toEqual([
      { actor: admin.user.email, subject: `batch:${batch.batch_id}`, after: expect.objectContaining({ payouts: [owed.id] }) },
    ]);

    await safeChain.executeSafeFile(file);
    expect((await admin.post("/api/admin/payouts/reconcile", { reason: "after the Safe" })).json()).toMatchObject({ matched: 1 });
    expect(await statusOf(owed.id, safeOnly)).toBe("sent");

    const again = await admin.get(`/api/admin/payouts/batches/${batch.batch_id}/safe-file`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ err_msg: nothingOwedMessage(batch.batch_id) });
    expect((await admin.get("/api/admin/payouts")).json().batches_owing).not.toContain(batch.batch_id);
    expect((await admin.get("/api/admin/payouts/batches/999999/safe-file")).statusCode).toBe(404);
    expect(await safeChain.balanceOf(refused.address)).toBe(0n);
  });

  it("batches the requests that fit and names one larger than a whole batch, which no batch takes", async () => {
    const admin = await openConsoleAs(t, "admin");
    const whale = await requested(50_000n);
    const small = await requested(10_000n);
    const made = (await admin.post("/api/admin/payouts/batches", { max_total: "30000", reason: "weekly", code: admin.nextCode() })).json();
    expect(made).toEqual({ batch_id: expect.any(Number), count: 1, total: "10000", too_large: [{ id: whale.id, amount: "50000" }] });
    expect(await statusOf(small.id)).toBe("batched");
    const none = (await admin.post("/api/admin/payouts/batches", { max_total: "30000", reason: "again", code: admin.nextCode() })).json();
    expect(none).toEqual({ batch_id: null, count: 0, total: "0", too_large: [{ id: whale.id, amount: "50000" }] });
    expect(await statusOf(whale.id)).toBe("requested");
    await admin.post(`/api/admin/payouts/${whale.id}/return`, { reason: "too large for a batch", code: admin.nextCode() });
    await admin.post(`/api/admin/payouts/${small.id}/return`, { reason: "test over", code: admin.nextCode() });
  });

  it("voids a hot-wallet transaction whose nonce a manual transaction took, once the chain proves it, and the next send pays once", async () => {
    const admin = await openConsoleAs(t, "admin");
    const member = await requested(10_000n);
    const batch = (await admin.post("/api/admin/payouts/batches", { reason: "weekly", code: admin.nextCode() })).json();
    const voidIt = () =>
      admin.post(`/api/admin/payouts/${member.id}/void-transaction`, { reason: "the nonce went to a manual send", code: admin.nextCode() });
    expect((await voidIt()).json()).toEqual({ err_msg: `Transfer ${member.id} has no hot-wallet transaction waiting to be mined.` });

    // The send's transaction waits in the node's pool, and someone sends from the hot wallet by hand with its nonce.
    await chain.test.setAutomine(false);
    try {
      const send = () => admin.post(`/api/admin/payouts/batches/${batch.batch_id}/send`, { reason: "weekly run", code: admin.nextCode() });
      expect((await send()).json()).toMatchObject({ signed: 1 });
      const [stored] = await queryRows<{ nonce: number; hash: `0x${string}` }>(
        t.database.db,
        sql`select sender_nonce as nonce, signed_tx_hash as hash from payouts where id = ${member.id}`,
      );
      if (!stored) throw new Error("nothing was stored");
      expect((await voidIt()).json().err_msg).toMatch(/is not used with 5 confirmations yet/);
      await chain.test.dropTransaction({ hash: stored.hash });
      const wallet = createWalletClient({ account: privateKeyToAccount(senderKey), chain: foundry, transport: http(anvil.rpcUrl) });
      await wallet.sendTransaction({ to: treasury, value: 0n, nonce: stored.nonce });
      await chain.test.mine({ blocks: CONFIRMATIONS });
      expect(await chain.balanceOf(member.address)).toBe(0n);
      // Sending again names the transfer whose transaction the chain can no longer mine.
      expect((await send()).json()).toMatchObject({ signed: 0, rebroadcast: 0, stuck: [member.id] });

      const voided = await voidIt();
      expect(voided.json()).toEqual({
        suc_msg: `Transaction ${stored.hash} (nonce ${stored.nonce}) of transfer ${member.id} is void. The next send of its batch signs the transfer again.`,
      });
      const audit = await queryRows<{ actor: string; before: unknown }>(
        t.database.db,
        sql`select actor, before from audit_log where action = 'payouts.void_transaction' and subject = ${`payout:${member.id}`}`,
      );
      expect(audit).toEqual([{ actor: admin.user.email, before: { sender: treasury, nonce: stored.nonce, transaction: stored.hash } }]);

      expect((await send()).json()).toMatchObject({ signed: 1, rebroadcast: 0 });
      await chain.test.mine({ blocks: CONFIRMATIONS });
    } finally {
      await chain.test.setAutomine(true);
    }
    expect((await admin.post("/api/admin/payouts/reconcile", { reason: "after the new send" })).json()).toMatchObject({ alerts: 0 });
    expect(await statusOf(member.id)).toBe("confirmed");
    expect(await chain.balanceOf(member.address)).toBe(10_000n * TOKENS);
  });

  it("refuses to send a batch that does not exist, and names the problem", async () => {
    const admin = await openConsoleAs(t, "admin");
    const reply = await admin.post("/api/admin/payouts/batches/999999/send", { reason: "try", code: admin.nextCode() });
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toEqual({ err_msg: "Batch 999999 does not exist or is empty." });
  });
});
