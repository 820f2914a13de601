import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAFE_PROOF_REFUSALS } from "../../common/api/payouts.ts";
import { loadSiteConfig } from "../../config/site.ts";
import { fakeClock } from "../../server/clock.ts";
import { queryRows } from "../../server/db/client.ts";
import { users } from "../../server/db/schema.ts";
import { postAdjustment } from "../../server/services/ledger.ts";
import { requestPayout } from "../../server/services/payouts/requests.ts";
import { createUser } from "../factories.ts";
import { adminInProcess } from "../helpers/admin.ts";
import { expectLedgerBalanced } from "../helpers/ledger.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.ts";

const TREASURY = "0x52908400098527886E0F7030069857D2E4169EE7";
const MEMBER_WALLET = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045";

describe("npm run admin -- payouts", () => {
  const site = loadSiteConfig();
  let database: TestDatabase;
  let payoutId = 0;
  const admin = adminInProcess(() => database, { PAYOUT_TREASURY_ADDRESS: TREASURY });

  beforeAll(async () => {
    database = await createTestDatabase();
    const clock = fakeClock();
    const user = await createUser(database.db);
    await database.db.update(users).set({ walletAddress: MEMBER_WALLET, walletVerifiedAt: clock.now() }).where(sql`id = ${user.id}`);
    await postAdjustment({ db: database.db, clock }, { userId: user.id, tokens: 15_000n, direction: "credit", reason: "earned" });
    const requested = await requestPayout({ db: database.db, clock, minimum: 10_000n, minAccountAgeDays: 7 }, user.id, 12_000n);
    if (!requested.ok) throw new Error(requested.refusal);
    payoutId = requested.payout.id;
  });
  afterAll(() => database.dispose());

  it("batches, exports the Safe file, lists, and returns a payout with a reason", async () => {
    expect((await admin("payouts", "batch", "--max-total", "11999")).stdout).toBe(
      [
        "No requested payouts fit; nothing was batched.",
        `Payout ${payoutId} asks for 12000 ${site.token.symbol}, more than a whole batch (11999): no batch takes it. Return it, or batch it with a higher --max-total and pay it through the Safe.`,
      ].join("\n"),
    );
    expect((await admin("payouts", "batch", "--max-count", "10", "--reason", "weekly payouts")).stdout).toBe(
      `Batch 1: 1 payouts, 12000 ${site.token.symbol}.`,
    );
    // Only the batch that was made is in the audit log, with the shell as its actor.
    const batched = await queryRows<{ actor: string; subject: string; reason: string; after: unknown }>(
      database.db,
      sql`select actor, subject, reason, after from audit_log where action = 'payouts.batch'`,
    );
    expect(batched).toEqual([
      { actor: "shell", subject: "batch:1", reason: "weekly payouts", after: { payouts: [payoutId], total: "12000" } },
    ]);
    const out = path.join(mkdtempSync(path.join(tmpdir(), "payout-export-")), "batch-1.json");
    expect((await admin("payouts", "export", "1", "--out", out)).status).toBe(0);
    const file = JSON.parse(readFileSync(out, "utf8"));
    expect(file.meta.createdFromSafeAddress).toBe(TREASURY);
    expect(file.transactions[0].contractInputsValues).toEqual({ to: MEMBER_WALLET, amount: `12000${"0".repeat(site.token.decimals)}` });
    expect((await admin("payouts", "list", "--status", "batched")).stdout).toContain(
      `${payoutId}\tbatched\t12000 ${site.token.symbol}\t${MEMBER_WALLET}\t1`,
    );

    expect((await admin("payouts", "return", String(payoutId))).error).toBe("A reason is required.");
    // The Safe file left the server, so only the chain can say the Safe will not pay it: here there is no node to ask.
    expect((await admin("payouts", "return", String(payoutId), "--reason", "signers refused")).error).toBe(SAFE_PROOF_REFUSALS.noNode);
    expect((await admin("payouts", "return", String(payoutId), "--reason", "signers refused", "--safe-nonce", "x")).error).toBe(
      "--safe-nonce must be a whole number",
    );
    await database.db.execute(sql`update payout_batches set safe_file_at = null where id = 1`);
    expect((await admin("payouts", "return", String(payoutId), "--reason", "signers refused")).stdout).toBe(
      `Payout ${payoutId} returned; the member's balance is now 15000 ${site.token.symbol}.`,
    );
    const [entry] = await queryRows<{ kind: string; amount: string; reason: string }>(
      database.db,
      sql`select kind, amount::text, reason from ledger_entries where payout_id = ${payoutId} and kind = 'payout_release'`,
    );
    expect(entry).toEqual({ kind: "payout_release", amount: "12000", reason: "signers refused" });
    const audit = await queryRows<{ actor: string; action: string; subject: string; reason: string }>(
      database.db,
      sql`select actor, action, subject, reason from audit_log where action = 'payouts.return'`,
    );
    expect(audit).toEqual([{ actor: "shell", action: "payouts.return", subject: `payout:${payoutId}`, reason: "signers refused" }]);
    await expectLedgerBalanced(database.db);
  });

  it("refuses to reconcile, send or void without a node, and an unknown action", async () => {
    expect((await admin("payouts", "reconcile")).error).toBe("set PAYOUT_RPC_URL and PAYOUT_TREASURY_ADDRESS to reconcile");
    expect((await admin("payouts", "send", "1")).error).toBe("set PAYOUT_RPC_URL to send");
    expect((await admin("payouts", "void", "1")).error).toBe("say why with --reason");
    expect((await admin("payouts", "void", "1", "--reason", "nonce taken")).error).toBe(
      "set PAYOUT_RPC_URL and PAYOUT_TREASURY_ADDRESS to read the chain",
    );
    expect((await admin("payouts", "launch")).error).toContain('unknown payouts action "launch"');
  });
});
