import { eq, sql } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { DISPOSABLE_EMAIL, EMAIL_TAKEN } from "../../common/api/auth.ts";
import { queryRows } from "../../server/db/client.ts";
import { users } from "../../server/db/schema.ts";
import { postAdjustment } from "../../server/services/ledger.ts";
import { createBatch } from "../../server/services/payouts/batches.ts";
import { approvePayout, listReviews, rejectPayout } from "../../server/services/payouts/review.ts";
import { createUser } from "../factories.ts";
import { APP, agent } from "../helpers/agent.ts";
import { useTestApp } from "../helpers/test-app.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

describe("one person, one account", () => {
  // The probe's twenty sign-ups fit in the hourly limit per address; identity, not the limit, must stop them.
  const t = useTestApp({ env: { REGISTRATIONS_PER_IP_PER_HOUR: "100" } });

  async function signalsOf(userId: number) {
    return queryRows<{ kind: string; subject: string }>(
      t.database.db,
      sql`select kind, subject from risk_signals where user_id = ${userId} and cleared_at is null order by id`,
    );
  }

  /** A signed-in member with a balance, a verified wallet (SIWE is tested on its own) and the CSRF token of the payouts page. */
  async function payingMember(userId: number, visitor: ReturnType<typeof agent>, { wallet }: { wallet?: string } = {}) {
    await postAdjustment({ db: t.database.db, clock: t.clock }, { userId, tokens: 20_000n, direction: "credit", reason: "test" });
    const address = wallet ?? privateKeyToAccount(generatePrivateKey()).address;
    await t.database.db.update(users).set({ walletAddress: address, walletVerifiedAt: t.clock.now() }).where(eq(users.id, userId));
    const csrfToken = await visitor.csrf("payouts");
    return {
      address,
      request: (amount: string) => visitor.post("/api/payouts", { amount, app: APP, csrfToken }),
      appeal: (id: number, message: string) => visitor.post(`/api/payouts/${id}/appeal`, { message, app: APP, csrfToken }),
      list: async () => (await visitor.get(`/api/payouts?app=${APP}`)).json(),
    };
  }

  it("replays the farming probe: twenty spellings of one Gmail address end with one account, flagged, whose payout waits for a person", async () => {
    const boss = agent(t.app, { remoteAddress: "198.51.100.7" });
    expect((await boss.register({ username: "boss@gmail.com" })).statusCode).toBe(200);
    const spellings = [
      ...Array.from({ length: 20 }, (_, n) => `boss+s${n + 1}@gmail.com`),
      "b.o.s.s@gmail.com",
      "B.OSS@googlemail.com",
      "bo.ss+farm@GMAIL.com",
    ];
    for (const username of spellings) {
      const reply = await agent(t.app, { remoteAddress: "198.51.100.7" }).register({ username });
      expect(reply.statusCode, username).toBe(400);
      expect(reply.json()).toEqual({ err_msg: EMAIL_TAKEN });
    }
    const accounts = await queryRows<{ id: number; email_canonical: string }>(
      t.database.db,
      sql`select id, email_canonical from users where email_canonical = 'boss@gmail.com' or email like '%boss%' or email like '%b.o.s.s%'`,
    );
    expect(accounts).toHaveLength(1);
    const bossId = (accounts[0] as { id: number }).id;
    expect(await signalsOf(bossId)).toEqual([{ kind: "canonical_email_collision", subject: "sign-up with a variant of the address" }]);
    const [bonuses] = await queryRows<{ credited: number; pending: number }>(
      t.database.db,
      sql`select (select count(*) from ledger_entries where user_id = ${bossId} and kind = 'referral_bonus')::int as credited,
                 (select count(*) from pending_referral_bonuses where referrer_id = ${bossId})::int as pending`,
    );
    expect(bonuses).toEqual({ credited: 0, pending: 0 });

    await t.database.db.update(users).set({ emailVerifiedAt: t.clock.now() }).where(eq(users.id, bossId));
    t.clock.advance(8 * DAY_MS);
    const signedIn = agent(t.app, { remoteAddress: "198.51.100.7" });
    expect((await signedIn.signIn("boss@gmail.com", "kestrel-hovers-at-dawn")).statusCode).toBe(200);
    const member = await payingMember(bossId, signedIn);
    const payout = await member.request("15000");
    expect(payout.statusCode).toBe(200);
    expect(payout.json()).toMatchObject({ status: "in_review", review: { appealed: false } });

    const batch = await createBatch({ db: t.database.db, clock: t.clock }, { maxCount: 100, maxTotal: 10n ** 30n });
    expect(batch).toBeNull();
    const [review] = await listReviews(t.database.db, { open: true });
    expect(review).toMatchObject({ payoutId: payout.json().id, email: "boss@gmail.com", amount: 15_000n });
    expect(review?.signals.map((signal) => signal.kind)).toEqual(["canonical_email_collision"]);
  });

  it("refuses a throwaway address with a clear message, and creates nothing", async () => {
    const reply = await agent(t.app).register({ username: "someone@mailinator.com" });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ err_msg: DISPOSABLE_EMAIL });
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from users where email = 'someone@mailinator.com'`,
    );
    expect(Number(row?.n)).toBe(0);
  });

  it("flags, never blocks, many sign-ups from one network, and leaves another network alone", async () => {
    const ids: number[] = [];
    for (let n = 0; n < 4; n++) {
      const reply = await agent(t.app, { remoteAddress: `192.0.2.${10 + n}` }).register({ username: `household.${n}@example.org` });
      expect(reply.statusCode).toBe(200);
      const [row] = await queryRows<{ id: number }>(t.database.db, sql`select id from users where email = ${`household.${n}@example.org`}`);
      ids.push((row as { id: number }).id);
    }
    for (const id of ids) expect(await signalsOf(id)).toEqual([{ kind: "shared_network_signups", subject: "192.0.2.0/24" }]);
    const elsewhere = await agent(t.app, { remoteAddress: "192.0.3.10" }).register({ username: "elsewhere@example.org" });
    expect(elsewhere.statusCode).toBe(200);
    const [other] = await queryRows<{ id: number }>(t.database.db, sql`select id from users where email = 'elsewhere@example.org'`);
    expect(await signalsOf((other as { id: number }).id)).toEqual([]);
  });
});

describe("payouts need an account old enough, and a person for flagged ones", () => {
  const t = useTestApp();

  async function member({ createdAt = new Date("2026-01-01T00:00:00Z"), wallet }: { createdAt?: Date; wallet?: string } = {}) {
    const user = await createUser(t.database.db, { createdAt });
    await postAdjustment({ db: t.database.db, clock: t.clock }, { userId: user.id, tokens: 30_000n, direction: "credit", reason: "test" });
    const address = wallet ?? privateKeyToAccount(generatePrivateKey()).address;
    await t.database.db
      .update(users)
      .set({ walletAddress: address, walletVerifiedAt: wallet ? null : t.clock.now() })
      .where(eq(users.id, user.id));
    const visitor = agent(t.app);
    expect((await visitor.signIn(user.email, user.password)).statusCode).toBe(200);
    const csrfToken = await visitor.csrf("payouts");
    return {
      user,
      address,
      request: (amount: string) => visitor.post("/api/payouts", { amount, app: APP, csrfToken }),
      appeal: (id: number, message: string) => visitor.post(`/api/payouts/${id}/appeal`, { message, app: APP, csrfToken }),
      cancel: (id: number) => visitor.post(`/api/payouts/${id}/cancel`, { app: APP, csrfToken }),
      list: async () => (await visitor.get(`/api/payouts?app=${APP}`)).json(),
      balance: async () => (await visitor.get(`/api/dashboard?app=${APP}`)).json().balance,
    };
  }

  it("refuses a payout until the account is seven days old, and names the day", async () => {
    const HOUR_MS = DAY_MS / 24;
    const young = await member({ createdAt: new Date(t.clock.now().getTime() - 7 * DAY_MS + HOUR_MS) });
    const refused = await young.request("10000");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().err_msg).toContain("on 2026-11-21 (UTC)");
    expect(await young.balance()).toBe("30000");
    t.clock.advance(HOUR_MS);
    expect((await young.request("10000")).json().status).toBe("requested");
  });

  it("sends the payout of an account sharing its wallet with another to review; approval sends it to the next batch", async () => {
    const owner = await member();
    const second = await member({ wallet: owner.address });
    await t.database.db.update(users).set({ walletVerifiedAt: null }).where(eq(users.id, second.user.id));
    // The second account proves a different wallet, but it once gave the owner's: both are flagged.
    const other = privateKeyToAccount(generatePrivateKey()).address;
    const noted = await second.request("10000");
    expect(noted.statusCode).toBe(400);
    await t.database.db.update(users).set({ walletAddress: other, walletVerifiedAt: t.clock.now() }).where(eq(users.id, second.user.id));
    const ownerPayout = (await owner.request("10000")).json();
    expect(ownerPayout.status).toBe("in_review");

    const approved = await approvePayout({ db: t.database.db, clock: t.clock }, ownerPayout.id, {
      actor: "admin:test",
      reason: "a couple sharing a wallet, checked",
    });
    expect(approved).toEqual({ ok: true });
    expect(
      await approvePayout({ db: t.database.db, clock: t.clock }, ownerPayout.id, { actor: "admin:test", reason: "again" }),
    ).toMatchObject({
      ok: false,
    });
    const batch = await createBatch({ db: t.database.db, clock: t.clock }, { maxCount: 100, maxTotal: 10n ** 30n });
    expect(batch?.payouts.map((payout) => payout.id)).toContain(ownerPayout.id);
    // Signals a person cleared no longer send the next payout to review.
    expect((await owner.request("10000")).json().status).toBe("requested");
    const events = await queryRows<{ kind: string; actor: string; text: string | null }>(
      t.database.db,
      sql`select kind, actor, text from review_events where payout_id = ${ownerPayout.id} order by id`,
    );
    expect(events).toEqual([
      { kind: "opened", actor: "risk signals", text: null },
      { kind: "approved", actor: "admin:test", text: "a couple sharing a wallet, checked" },
    ]);
  });

  it("rejects with a reason the member sees, gives the hold back, and takes one appeal", async () => {
    const owner = await member();
    await member({ wallet: owner.address }).then((second) => second.request("10000"));
    const payout = (await owner.request("12000")).json();
    expect(payout.status).toBe("in_review");
    expect(await owner.balance()).toBe("18000");

    expect((await owner.appeal(payout.id, "   ")).statusCode).toBe(400);
    const appealed = await owner.appeal(payout.id, "The other account is my brother's; he used my address by mistake.");
    expect(appealed.statusCode).toBe(200);
    const again = await owner.appeal(payout.id, "Please!");
    expect(again.statusCode).toBe(409);

    const rejected = await rejectPayout({ db: t.database.db, clock: t.clock }, payout.id, {
      actor: "admin:test",
      reason: "Two accounts share one wallet.",
    });
    expect(rejected).toEqual({ ok: true });
    expect(await owner.balance()).toBe("30000");
    const listed = (await owner.list()).payouts.find((item: { id: number }) => item.id === payout.id);
    expect(listed).toMatchObject({ status: "rejected", reason: "Two accounts share one wallet.", review: { appealed: true } });
    const [review] = await listReviews(t.database.db, { open: false }).then((all) => all.filter((item) => item.payoutId === payout.id));
    expect(review).toMatchObject({ decision: "rejected", appeal: "The other account is my brother's; he used my address by mistake." });
  });

  it("refuses an appeal on another member's payout, or on a payout that was never reviewed", async () => {
    const plain = await member();
    const payout = (await plain.request("10000")).json();
    expect(payout.status).toBe("requested");
    expect((await plain.appeal(payout.id, "hello")).statusCode).toBe(409);
    const owner = await member();
    await member({ wallet: owner.address }).then((second) => second.request("10000"));
    const reviewed = (await owner.request("10000")).json();
    expect((await plain.appeal(reviewed.id, "not mine")).statusCode).toBe(409);
  });
});
