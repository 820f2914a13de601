import { eq, sql } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { nothingOwedMessage } from "../../common/api/admin.ts";
import { PAYOUT_REFUSALS, SAFE_PROOF_REFUSALS } from "../../common/api/payouts.ts";
import { queryRows } from "../../server/db/client.ts";
import { payouts, users } from "../../server/db/schema.ts";
import { postAdjustment } from "../../server/services/ledger.ts";
import { requestPayout } from "../../server/services/payouts/requests.ts";
import type { SafeBatchFile } from "../../server/services/payouts/safe-export.ts";
import { createUser } from "../factories.ts";
import { openConsoleAs } from "../helpers/console.ts";
import { expectLedgerBalanced } from "../helpers/ledger.ts";
import { buildTestApp, type TestApp } from "../helpers/test-app.ts";
import { payoutChain, startAnvil } from "../support/local-chain.ts";

const CONFIRMATIONS = 3;
const TOKENS = 10n ** 18n;

/**
 * Returning a transfer from a batch whose Safe file left the server: the file
 * may be signed and executed later, so the chain must first show that the
 * Safe transaction's nonce was used without paying it.
 */
describe("returning a transfer from a batch paid through the treasury Safe", () => {
  const treasury = privateKeyToAccount(generatePrivateKey()).address;
  let anvil: Awaited<ReturnType<typeof startAnvil>>;
  let chain: Awaited<ReturnType<typeof payoutChain>>;
  let t: TestApp & { close(): Promise<void> };
  let admin: Awaited<ReturnType<typeof openConsoleAs>>;

  beforeAll(async () => {
    anvil = await startAnvil();
    chain = await payoutChain(anvil.rpcUrl, { treasury, safe: true });
    // The Safe exists well before its first payout, as a real treasury does: its nonce is read at settled blocks.
    await chain.test.mine({ blocks: CONFIRMATIONS });
    t = await buildTestApp({
      site: (site) => ({ ...site, token: { ...site.token, address: chain.token, chainId: 31337, decimals: 18 } }),
      env: { PAYOUT_RPC_URL: anvil.rpcUrl, PAYOUT_TREASURY_ADDRESS: treasury, PAYOUT_CONFIRMATIONS: String(CONFIRMATIONS) },
    });
    admin = await openConsoleAs(t, "admin");
  });
  afterEach(() => expectLedgerBalanced(t.database.db));
  afterAll(async () => {
    await t?.close();
    await anvil?.stop();
  });

  async function batchOfOne(amount: bigint) {
    const user = await createUser(t.database.db);
    const address = privateKeyToAccount(generatePrivateKey()).address;
    await t.database.db.update(users).set({ walletAddress: address, walletVerifiedAt: t.clock.now() }).where(eq(users.id, user.id));
    const deps = { db: t.database.db, clock: t.clock };
    await postAdjustment(deps, { userId: user.id, tokens: amount, direction: "credit", reason: "earned" });
    const requested = await requestPayout({ ...deps, minimum: 10_000n, minAccountAgeDays: 7 }, user.id, amount);
    if (!requested.ok) throw new Error(requested.refusal);
    const batch = (await admin.post("/api/admin/payouts/batches", { reason: "weekly", code: admin.nextCode() })).json();
    expect(batch).toMatchObject({ count: 1 });
    return { id: requested.payout.id, address, batchId: batch.batch_id as number };
  }

  const returnPayout = (id: number, extra: { safe_nonce?: string } = {}) =>
    admin.post(`/api/admin/payouts/${id}/return`, { reason: "the signers refused it", code: admin.nextCode(), ...extra });

  async function downloadSafeFile(batchId: number): Promise<SafeBatchFile> {
    const download = await admin.get(`/api/admin/payouts/batches/${batchId}/safe-file`);
    expect(download.statusCode).toBe(200);
    return JSON.parse(download.body);
  }

  const statusOf = async (id: number) =>
    (await t.database.db.select({ status: payouts.status }).from(payouts).where(eq(payouts.id, id)))[0]?.status;

  it("returns a transfer at once while its batch's Safe file never left the server", async () => {
    const payout = await batchOfOne(10_000n);
    expect((await returnPayout(payout.id)).json()).toEqual({ balance: "10000" });
    expect(await statusOf(payout.id)).toBe("returned");
  });

  it("once the file is out, asks for the Safe nonce, refuses it until the rejection is confirmed, then returns the transfer, once", async () => {
    const payout = await batchOfOne(11_000n);
    await downloadSafeFile(payout.batchId);
    const nonce = await chain.safeNonce();

    const unnamed = await returnPayout(payout.id);
    expect([unnamed.statusCode, unnamed.json()]).toEqual([409, { err_msg: SAFE_PROOF_REFUSALS.nonceNeeded(payout.batchId) }]);
    const early = await returnPayout(payout.id, { safe_nonce: String(nonce) });
    expect(early.json()).toEqual({ err_msg: SAFE_PROOF_REFUSALS.nonceUnused(nonce, treasury, CONFIRMATIONS) });
    expect((await returnPayout(payout.id, { safe_nonce: "1.5" })).statusCode).toBe(400);

    // The signers reject the batch's transaction: its nonce is used, nothing is paid, but not yet deep enough.
    await chain.rejectSafeTransaction();
    const shallow = await returnPayout(payout.id, { safe_nonce: String(nonce) });
    expect(shallow.json()).toEqual({ err_msg: SAFE_PROOF_REFUSALS.nonceUnused(nonce, treasury, CONFIRMATIONS) });
    await chain.test.mine({ blocks: CONFIRMATIONS });
    expect(await statusOf(payout.id)).toBe("batched");

    expect((await returnPayout(payout.id, { safe_nonce: String(nonce) })).json()).toEqual({ balance: "11000" });
    expect(await statusOf(payout.id)).toBe("returned");
    const twice = await returnPayout(payout.id, { safe_nonce: String(nonce) });
    expect([twice.statusCode, twice.json()]).toEqual([409, { err_msg: PAYOUT_REFUSALS.notReturnable }]);
    const audit = await queryRows<{ after: { safe_nonce?: string } }>(
      t.database.db,
      sql`select after from audit_log where action = 'payouts.return' and subject = ${`payout:${payout.id}`}`,
    );
    expect(audit.map((row) => row.after.safe_nonce)).toEqual([String(nonce)]);
    const again = await admin.get(`/api/admin/payouts/batches/${payout.batchId}/safe-file`);
    expect(again.json()).toEqual({ err_msg: nothingOwedMessage(payout.batchId) });
  });

  it("refuses a nonce the Safe had used before the file was downloaded, which no transaction made from the file can have", async () => {
    const payout = await batchOfOne(13_000n);
    // Another Safe transaction, settled before the file leaves: its nonce is in the past for the file.
    const earlier = await chain.safeNonce();
    await chain.rejectSafeTransaction();
    await chain.test.mine({ blocks: CONFIRMATIONS });
    await downloadSafeFile(payout.batchId);
    const [batch] = await queryRows<{ safe_nonce_at_file: string | null }>(
      t.database.db,
      sql`select safe_nonce_at_file::text from payout_batches where id = ${payout.batchId}`,
    );
    expect(batch?.safe_nonce_at_file).toBe(String(earlier + 1n));

    const stale = await returnPayout(payout.id, { safe_nonce: String(earlier) });
    expect([stale.statusCode, stale.json()]).toEqual([
      409,
      { err_msg: SAFE_PROOF_REFUSALS.nonceBeforeFile(earlier, payout.batchId, earlier + 1n) },
    ]);
    expect(await statusOf(payout.id)).toBe("batched");

    // A second download does not move the floor: the first file may already be in Safe{Wallet}.
    await chain.rejectSafeTransaction();
    await chain.test.mine({ blocks: CONFIRMATIONS });
    await downloadSafeFile(payout.batchId);
    expect((await returnPayout(payout.id, { safe_nonce: String(earlier + 1n) })).json()).toEqual({ balance: "13000" });
  });

  it("never gives back a transfer the Safe transaction paid: reconciliation settles it first", async () => {
    const payout = await batchOfOne(12_000n);
    const file = await downloadSafeFile(payout.batchId);
    const nonce = await chain.safeNonce();
    await chain.executeSafeFile(file);
    await chain.test.mine({ blocks: CONFIRMATIONS });

    const refused = await returnPayout(payout.id, { safe_nonce: String(nonce) });
    expect([refused.statusCode, refused.json()]).toEqual([409, { err_msg: PAYOUT_REFUSALS.notReturnable }]);
    expect(await statusOf(payout.id)).toBe("confirmed");
    expect(await chain.balanceOf(payout.address)).toBe(12_000n * TOKENS);
    const [member] = await queryRows<{ balance: string }>(
      t.database.db,
      sql`select u.balance::text from users u join payouts p on p.user_id = u.id where p.id = ${payout.id}`,
    );
    expect(member?.balance).toBe("0");
  });
});
