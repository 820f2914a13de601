import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../server/db/client.ts";
import { issueEmailToken } from "../../server/services/account-recovery/email-tokens.ts";
import { creditPendingReferralBonuses } from "../../server/services/fairness/referral-bonuses.ts";
import { postAdjustment } from "../../server/services/ledger.ts";
import { createUser, signedIn } from "../factories.ts";
import { APP, agent } from "../helpers/agent.ts";
import { useTestApp } from "../helpers/test-app.ts";

describe("the referral bonus waits for the referred member's verified email", () => {
  const t = useTestApp();

  async function bonusesOf(referrerId: number) {
    const [row] = await queryRows<{ credited: string; entries: number; balance: string }>(
      t.database.db,
      sql`select coalesce((select sum(amount) from ledger_entries where user_id = ${referrerId} and kind = 'referral_bonus'), 0)::text as credited,
                 (select count(*) from ledger_entries where user_id = ${referrerId} and kind = 'referral_bonus')::int as entries,
                 (select balance::text from users where id = ${referrerId}) as balance`,
    );
    return row;
  }

  it("holds the bonus as pending, shows it apart, and credits it once when the email is verified", async () => {
    const referrer = await createUser(t.database.db);
    const friend = await createUser(t.database.db, { referredBy: referrer.id, verified: false });
    const friendDevice = await signedIn(t.app, friend);
    expect((await friendDevice.get(`/api/claim-daily-reward?app=${APP}`)).statusCode).toBe(200);

    const referrerDevice = await signedIn(t.app, referrer);
    const before = (await referrerDevice.get(`/api/dashboard?app=${APP}`)).json();
    expect(before).toMatchObject({ referral_bonus_total: "0", referral_bonus_pending: "10", balance: "0" });

    const token = await issueEmailToken({ db: t.database.db, clock: t.clock }, friend.id, "verify_email");
    expect((await agent(t.app).post("/api/verify-email", { token, app: APP })).statusCode).toBe(200);
    const after = (await referrerDevice.get(`/api/dashboard?app=${APP}`)).json();
    expect(after).toMatchObject({ referral_bonus_total: "10", referral_bonus_pending: "0", balance: "10" });

    // A verified member's next claims credit the referrer at once.
    t.clock.advance(24 * 60 * 60 * 1000);
    await friendDevice.signIn(friend.email, friend.password);
    expect((await friendDevice.get(`/api/claim-daily-reward?app=${APP}`)).statusCode).toBe(200);
    expect(await bonusesOf(referrer.id)).toEqual({ credited: "20", entries: 2, balance: "20" });
  });

  it("credits the bonus when the referred member's first verified address comes from an email change", async () => {
    const referrer = await createUser(t.database.db);
    const friend = await createUser(t.database.db, { referredBy: referrer.id, verified: false });
    const friendDevice = await signedIn(t.app, friend);
    expect((await friendDevice.get(`/api/claim-daily-reward?app=${APP}`)).statusCode).toBe(200);
    const token = await issueEmailToken({ db: t.database.db, clock: t.clock }, friend.id, "change_email", "friend.new@example.org");
    expect((await agent(t.app).post("/api/verify-email", { token, app: APP })).statusCode).toBe(200);
    expect(await bonusesOf(referrer.id)).toEqual({ credited: "10", entries: 1, balance: "10" });
  });

  it("leaves the link working, the address unverified and the bonus pending when crediting fails, and credits on the next try", async () => {
    const referrer = await createUser(t.database.db);
    const friend = await createUser(t.database.db, { referredBy: referrer.id, verified: false });
    const friendDevice = await signedIn(t.app, friend);
    expect((await friendDevice.get(`/api/claim-daily-reward?app=${APP}`)).statusCode).toBe(200);
    const token = await issueEmailToken({ db: t.database.db, clock: t.clock }, friend.id, "verify_email");
    await t.database.db.execute(sql`
      create function refuse_bonus_credit() returns trigger language plpgsql as $$ begin raise exception 'crediting fails for this test'; end $$`);
    await t.database.db.execute(
      sql`create trigger refuse_bonus_credit before update on pending_referral_bonuses for each row execute function refuse_bonus_credit()`,
    );
    try {
      expect((await agent(t.app).post("/api/verify-email", { token, app: APP })).statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_bonus_credit on pending_referral_bonuses`);
      await t.database.db.execute(sql`drop function refuse_bonus_credit`);
    }
    const [state] = await queryRows<{ verified: boolean; links: number }>(
      t.database.db,
      sql`select (select email_verified_at is not null from users where id = ${friend.id}) as verified,
                 (select count(*) from email_tokens where user_id = ${friend.id} and purpose = 'verify_email')::int as links`,
    );
    expect(state).toEqual({ verified: false, links: 1 });
    expect(await bonusesOf(referrer.id)).toEqual({ credited: "0", entries: 0, balance: "0" });

    expect((await agent(t.app).post("/api/verify-email", { token, app: APP })).statusCode).toBe(200);
    expect(await bonusesOf(referrer.id)).toEqual({ credited: "10", entries: 1, balance: "10" });
  });

  it("credits exactly once under 500 concurrent claims by the referee and 20 concurrent credits", async () => {
    const referrer = await createUser(t.database.db);
    const friend = await createUser(t.database.db, { referredBy: referrer.id, verified: false });
    const friendDevice = await signedIn(t.app, friend);
    const claims = await Promise.all(Array.from({ length: 500 }, () => friendDevice.get(`/api/claim-daily-reward?app=${APP}`)));
    expect(claims.filter((reply) => reply.statusCode === 200)).toHaveLength(1);
    expect(claims.filter((reply) => reply.statusCode === 409)).toHaveLength(499);
    const [pending] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from pending_referral_bonuses where referee_id = ${friend.id}`,
    );
    expect(Number(pending?.n)).toBe(1);

    await t.database.db.execute(sql`update users set email_verified_at = ${t.clock.now()} where id = ${friend.id}`);
    const credited = await Promise.all(
      Array.from({ length: 20 }, () =>
        creditPendingReferralBonuses({ db: t.database.db, clock: t.clock }, friend.id, { afterFirstQuiz: false }),
      ),
    );
    expect(credited.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await bonusesOf(referrer.id)).toEqual({ credited: "10", entries: 1, balance: "10" });
  });
});

describe("no credit reaches a deleted account", () => {
  const t = useTestApp();

  async function deleted(member: Awaited<ReturnType<typeof createUser>>) {
    const device = await signedIn(t.app, member);
    const reply = await device.post("/api/delete-account", {
      password: member.password,
      app: APP,
      csrfToken: await device.csrf("account"),
    });
    expect(reply.statusCode).toBe(200);
  }
  async function creditsOf(userId: number) {
    const [row] = await queryRows<{ entries: number; balance: string }>(
      t.database.db,
      sql`select (select count(*) from ledger_entries where user_id = ${userId})::int as entries,
                 (select balance::text from users where id = ${userId}) as balance`,
    );
    return row;
  }

  it("refuses an operator's credit", async () => {
    const member = await createUser(t.database.db);
    await deleted(member);
    const deps = { db: t.database.db, clock: t.clock };
    const credit = await postAdjustment(deps, { userId: member.id, tokens: 5n, direction: "credit", reason: "goodwill" });
    expect(credit).toEqual({ ok: false, refusal: "adjustment_not_applied", direction: "credit" });
    expect(await creditsOf(member.id)).toEqual({ entries: 0, balance: "0" });
  });

  it("pays a deleted referrer no bonus, from a claim or from a pending one credited later", async () => {
    const referrer = await createUser(t.database.db);
    const verifiedFriend = await createUser(t.database.db, { referredBy: referrer.id });
    const pendingFriend = await createUser(t.database.db, { referredBy: referrer.id, verified: false });
    const pendingDevice = await signedIn(t.app, pendingFriend);
    expect((await pendingDevice.get(`/api/claim-daily-reward?app=${APP}`)).statusCode).toBe(200);
    await deleted(referrer);

    const verifiedDevice = await signedIn(t.app, verifiedFriend);
    expect((await verifiedDevice.get(`/api/claim-daily-reward?app=${APP}`)).statusCode).toBe(200);
    expect(await creditPendingReferralBonuses({ db: t.database.db, clock: t.clock }, pendingFriend.id, { afterFirstQuiz: false })).toBe(0);
    expect(await creditsOf(referrer.id)).toEqual({ entries: 0, balance: "0" });
  });
});
