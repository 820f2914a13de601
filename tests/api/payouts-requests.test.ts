import { eq, sql } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { PAYOUT_REFUSALS } from "../../common/api/payouts.ts";
import { queryRows } from "../../server/db/client.ts";
import { users } from "../../server/db/schema.ts";
import { postAdjustment } from "../../server/services/ledger.ts";
import { createUser, signedIn } from "../factories.ts";
import { APP } from "../helpers/agent.ts";
import { useTestApp } from "../helpers/test-app.ts";

describe("asking for a transfer", () => {
  const t = useTestApp();

  /** A member with a balance and, unless told otherwise, a verified wallet. */
  async function member(balance: bigint, { verified = true } = {}) {
    const user = await createUser(t.database.db);
    await postAdjustment({ db: t.database.db, clock: t.clock }, { userId: user.id, tokens: balance, direction: "credit", reason: "test" });
    const address = privateKeyToAccount(generatePrivateKey()).address;
    await t.database.db
      .update(users)
      .set({ walletAddress: address, walletVerifiedAt: verified ? t.clock.now() : null })
      .where(eq(users.id, user.id));
    const visitor = await signedIn(t.app, user);
    const csrfToken = await visitor.csrf("payouts");
    return {
      user,
      address,
      visitor,
      request: (amount: string) => visitor.post("/api/payouts", { amount, app: APP, csrfToken }),
      cancel: (id: number) => visitor.post(`/api/payouts/${id}/cancel`, { app: APP, csrfToken }),
      list: async () => (await visitor.get(`/api/payouts?app=${APP}`)).json(),
      balance: async () => (await visitor.get(`/api/dashboard?app=${APP}`)).json().balance,
    };
  }

  it("holds the amount in the ledger and lists the transfer as requested", async () => {
    const m = await member(25_000n);
    const reply = await m.request("12000");
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ amount: "12000", address: m.address, status: "requested", tx_hash: null });
    expect(await m.balance()).toBe("13000");
    const list = await m.list();
    expect(list.on_its_way).toBe("12000");
    expect(list.payouts).toHaveLength(1);
    const entries = await queryRows<{ kind: string; amount: string }>(
      t.database.db,
      sql`select kind, amount::text from ledger_entries where user_id = ${m.user.id} order by id`,
    );
    expect(entries).toEqual([
      { kind: "admin_credit", amount: "25000" },
      { kind: "payout_hold", amount: "-12000" },
    ]);
  });

  it("cancels a requested transfer with the matching credit, once", async () => {
    const m = await member(10_000n);
    const { id } = (await m.request("10000")).json();
    expect(await m.balance()).toBe("0");
    const cancelled = await m.cancel(id);
    expect(cancelled.statusCode).toBe(200);
    expect(await m.balance()).toBe("10000");
    const again = await m.cancel(id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ err_msg: PAYOUT_REFUSALS.notCancellable });
    expect(await m.balance()).toBe("10000");
    expect((await m.list()).payouts[0]).toMatchObject({ status: "cancelled", reason: "cancelled by the member" });
  });

  it("refuses to cancel another member's transfer", async () => {
    const owner = await member(10_000n);
    const { id } = (await owner.request("10000")).json();
    const other = await member(10_000n);
    expect((await other.cancel(id)).statusCode).toBe(409);
    expect(await owner.balance()).toBe("0");
  });

  it.each([
    ["below the minimum", "9999", 400, PAYOUT_REFUSALS.belowMinimum(10_000n)],
    ["above the balance", "20001", 400, PAYOUT_REFUSALS.aboveBalance],
    ["with decimals", "10000.5", 400, "Enter a whole number of tokens, without decimals or separators."],
    ["negative", "-10000", 400, "Enter a whole number of tokens, without decimals or separators."],
    ["beyond any balance the database holds", "99999999999999999999", 400, PAYOUT_REFUSALS.aboveBalance],
    ["absurdly large", "9".repeat(40), 400, "Enter a whole number of tokens, without decimals or separators."],
  ])("refuses an amount %s", async (_, amount, status, message) => {
    const m = await member(20_000n);
    const reply = await m.request(amount);
    expect(reply.statusCode).toBe(status);
    expect(reply.json()).toEqual({ err_msg: message });
    expect(await m.balance()).toBe("20000");
    expect((await m.list()).payouts).toEqual([]);
  });

  it("refuses a member whose wallet is not verified", async () => {
    const m = await member(20_000n, { verified: false });
    const reply = await m.request("10000");
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ err_msg: PAYOUT_REFUSALS.notVerified });
  });

  it("allows one open request per member", async () => {
    const m = await member(30_000n);
    expect((await m.request("10000")).statusCode).toBe(200);
    const second = await m.request("10000");
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ err_msg: PAYOUT_REFUSALS.open });
    expect(await m.balance()).toBe("20000");
  });

  it("makes exactly one payout from fifty concurrent requests", async () => {
    const m = await member(1_000_000n);
    const replies = await Promise.all(Array.from({ length: 50 }, () => m.request("10000")));
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    expect(await m.balance()).toBe("990000");
    const [count] = await queryRows<{ payouts: number; holds: number }>(
      t.database.db,
      sql`select (select count(*)::int from payouts where user_id = ${m.user.id}) as payouts,
                 (select count(*)::int from ledger_entries where user_id = ${m.user.id} and kind = 'payout_hold') as holds`,
    );
    expect(count).toEqual({ payouts: 1, holds: 1 });
  });

  it("cancels exactly once under fifty concurrent cancels", async () => {
    const m = await member(10_000n);
    const { id } = (await m.request("10000")).json();
    const replies = await Promise.all(Array.from({ length: 50 }, () => m.cancel(id)));
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(1);
    expect(await m.balance()).toBe("10000");
  });
});
