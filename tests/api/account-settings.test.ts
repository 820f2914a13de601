import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { ACCOUNT_DELETED } from "../../common/api/account-deleted.ts";
import {
  EMAIL_CHANGE_CANCELLED,
  EMAIL_CHANGE_SENT,
  EMAIL_CHANGED,
  EMAIL_NOW_TAKEN,
  LINK_EXPIRED,
  OTHERS_ENDED,
  PAYOUT_IN_FLIGHT,
  WRONG_PASSWORD,
} from "../../common/api/account-settings.ts";
import { queryRows } from "../../server/db/client.ts";
import { issueEmailToken } from "../../server/services/account-recovery/email-tokens.ts";
import { assignCanonicalEmails } from "../../server/services/fairness/canonical-backfill.ts";
import { fairnessRulesFrom } from "../../server/services/fairness/rules.ts";
import { postAdjustment } from "../../server/services/ledger.ts";
import { createUser, signedIn } from "../factories.ts";
import { APP, agent } from "../helpers/agent.ts";
import { startSmtpSink, tokenIn } from "../helpers/smtp-sink.ts";
import { testEnv, useTestApp } from "../helpers/test-app.ts";

const sink = await startSmtpSink();
afterAll(() => sink.close());

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1";

describe("account settings", () => {
  const t = useTestApp({ env: { SMTP_URL: sink.url, MAIL_FROM: "Kestrel <hello@kestrel.example>" } });

  async function post(visitor: ReturnType<typeof agent>, url: string, body: Record<string, unknown> = {}) {
    return visitor.post(url, { ...body, app: APP, csrfToken: await visitor.csrf("account") });
  }
  async function device(member: Awaited<ReturnType<typeof createUser>>, userAgent: string, remoteAddress: string) {
    const visitor = agent(t.app, { remoteAddress });
    const reply = await visitor.signIn(member.email, member.password, {}, { "user-agent": userAgent });
    expect(reply.statusCode).toBe(200);
    return visitor;
  }

  it("changes the password after the current one, and signs out the member's other sessions only", async () => {
    const member = await createUser(t.database.db);
    const here = await signedIn(t.app, member);
    const elsewhere = await signedIn(t.app, member);
    const wrong = await post(here, "/api/change-password", { current_password: "not-it", password: "x", password2: "x" });
    expect(wrong.json()).toEqual({ err_msg: WRONG_PASSWORD });
    // Just looked up, so this instance holds the other session: the change must drop it too.
    expect((await elsewhere.get(`/api/dashboard?app=${APP}`)).statusCode).toBe(200);
    const changed = await post(here, "/api/change-password", {
      current_password: member.password,
      password: "an-entirely-new-passphrase",
      password2: "an-entirely-new-passphrase",
    });
    expect(changed.statusCode).toBe(200);
    expect((await here.get(`/api/dashboard?app=${APP}`)).statusCode).toBe(200);
    expect((await elsewhere.get(`/api/dashboard?app=${APP}`)).statusCode).toBe(403);
    await t.app.mailer.flush();
    expect(sink.lastTo(member.email)?.text).toContain("Subject: Your Kestrel password was changed");
  });

  it("counts wrong current passwords against the account's login limit: ten, then even the right one is refused, at the login form too, until the window passes", async () => {
    const member = await createUser(t.database.db);
    const visitor = await signedIn(t.app, member);
    const guesses = [
      () => post(visitor, "/api/change-password", { current_password: "guess", password: "x", password2: "x" }),
      () => post(visitor, "/api/change-email", { new_email: "thief@example.org", password: "guess" }),
      () => post(visitor, "/api/delete-account", { password: "guess" }),
    ];
    const statuses: number[] = [];
    for (let guess = 0; guess < 12; guess++) statuses.push((await guesses[guess % 3]?.())?.statusCode ?? 0);
    expect(statuses).toEqual([...Array(10).fill(400), 429, 429]);
    const change = { current_password: member.password, password: "an-entirely-new-passphrase", password2: "an-entirely-new-passphrase" };
    const refused = await post(visitor, "/api/change-password", change);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().err_msg).toMatch(/^Too many failed logins\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await agent(t.app, { remoteAddress: "192.0.2.77" }).signIn(member.email, member.password)).statusCode).toBe(429);

    t.clock.advance(15 * 60 * 1000);
    expect((await post(visitor, "/api/change-password", change)).statusCode).toBe(200);
  });

  it("changes the email only once the new address is confirmed, and tells the old one", async () => {
    const member = await createUser(t.database.db);
    const visitor = await signedIn(t.app, member);
    const asked = await post(visitor, "/api/change-email", { new_email: "new.home@example.org", password: member.password });
    expect(asked.json()).toEqual({ suc_msg: EMAIL_CHANGE_SENT });
    await t.app.mailer.flush();
    expect((await agent(t.app).signIn("new.home@example.org", member.password)).statusCode).toBe(401);
    const confirmed = await agent(t.app).post("/api/verify-email", { token: tokenIn(sink.lastTo("new.home@example.org")), app: APP });
    expect(confirmed.json()).toEqual({ suc_msg: EMAIL_CHANGED });
    await t.app.mailer.flush();
    expect(sink.lastTo(member.email)?.text).toContain("new.home@example.org");
    expect((await agent(t.app).signIn("new.home@example.org", member.password)).statusCode).toBe(200);
    expect((await agent(t.app).signIn(member.email, member.password)).statusCode).toBe(401);
  });

  /** Someone who knows the member's password asks to move the account to their own address, and keeps the link. */
  async function emailChangeLinkFor(member: Awaited<ReturnType<typeof createUser>>, newEmail: string) {
    const thief = await signedIn(t.app, member);
    expect((await post(thief, "/api/change-email", { new_email: newEmail, password: member.password })).statusCode).toBe(200);
    await t.app.mailer.flush();
    return tokenIn(sink.lastTo(newEmail));
  }
  const openLink = (token: string) => agent(t.app).post("/api/verify-email", { token, app: APP });
  const newPassword = { password: "an-entirely-new-passphrase", password2: "an-entirely-new-passphrase" };

  it("tells the current address as soon as a change is asked for, with a link that cancels it", async () => {
    const member = await createUser(t.database.db);
    const kept = await emailChangeLinkFor(member, "thief.asks@example.org");
    const notice = sink.lastTo(member.email);
    expect(notice?.text).toContain("Subject: Someone asked to move your Kestrel account to another address");
    expect(notice?.text).toContain("thief.asks@example.org");
    const cancel = tokenIn(notice);
    expect(notice?.text).toContain(`/cancel-email-change?token=${cancel}`);
    const follow = (token: string) => agent(t.app).post("/api/cancel-email-change", { token, app: APP });
    const cancelled = await follow(cancel);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ suc_msg: EMAIL_CHANGE_CANCELLED });
    expect((await follow(cancel)).json()).toEqual({ err_msg: LINK_EXPIRED });
    expect((await openLink(kept)).json()).toEqual({ err_msg: LINK_EXPIRED });
    expect((await agent(t.app).signIn(member.email, member.password)).statusCode).toBe(200);
  });

  it("cancels a pending email change when the owner signs out every other session", async () => {
    const member = await createUser(t.database.db);
    const owner = await signedIn(t.app, member);
    const kept = await emailChangeLinkFor(member, "thief.sessions@example.org");
    expect((await post(owner, "/api/sessions/revoke-others")).json()).toEqual({ suc_msg: OTHERS_ENDED });
    expect((await openLink(kept)).json()).toEqual({ err_msg: LINK_EXPIRED });
    expect((await agent(t.app).signIn("thief.sessions@example.org", member.password)).statusCode).toBe(401);
    expect((await agent(t.app).signIn(member.email, member.password)).statusCode).toBe(200);
    // The current address's cancel link has nothing left to cancel, and says so.
    const late = await agent(t.app).post("/api/cancel-email-change", { token: tokenIn(sink.lastTo(member.email)), app: APP });
    expect(late.statusCode).toBe(400);
  });

  it("cancels a pending email change when the password is reset, so a link kept by whoever knew the old password stays dead", async () => {
    const member = await createUser(t.database.db);
    const kept = await emailChangeLinkFor(member, "thief.reset@example.org");
    const reset = await issueEmailToken({ db: t.database.db, clock: t.clock }, member.id, "reset_password");
    const visitor = agent(t.app);
    const done = await visitor.post("/api/reset-password", {
      token: reset,
      ...newPassword,
      app: APP,
      csrfToken: await visitor.csrf("reset-password"),
    });
    expect(done.statusCode).toBe(200);
    expect((await openLink(kept)).json()).toEqual({ err_msg: LINK_EXPIRED });
    expect((await agent(t.app).signIn(member.email, newPassword.password)).statusCode).toBe(200);
  });

  it("cancels a pending email change and a reset link when the password is changed", async () => {
    const member = await createUser(t.database.db);
    const kept = await emailChangeLinkFor(member, "thief.change@example.org");
    const reset = await issueEmailToken({ db: t.database.db, clock: t.clock }, member.id, "reset_password");
    const here = await signedIn(t.app, member);
    expect((await post(here, "/api/change-password", { current_password: member.password, ...newPassword })).statusCode).toBe(200);
    expect((await openLink(kept)).json()).toEqual({ err_msg: LINK_EXPIRED });
    const visitor = agent(t.app);
    const late = await visitor.post("/api/reset-password", {
      token: reset,
      password: "yet-another-long-passphrase",
      password2: "yet-another-long-passphrase",
      app: APP,
      csrfToken: await visitor.csrf("reset-password"),
    });
    expect(late.json()).toEqual({ err_msg: LINK_EXPIRED });
  });

  it("cancels the reset link sent to the old address when a new address is confirmed, and changes nothing when the new address was taken meanwhile", async () => {
    const member = await createUser(t.database.db);
    const reset = await issueEmailToken({ db: t.database.db, clock: t.clock }, member.id, "reset_password");
    expect((await openLink(await emailChangeLinkFor(member, "moved.home@example.org"))).json()).toEqual({ suc_msg: EMAIL_CHANGED });
    const visitor = agent(t.app);
    const late = await visitor.post("/api/reset-password", {
      token: reset,
      ...newPassword,
      app: APP,
      csrfToken: await visitor.csrf("reset-password"),
    });
    expect(late.json()).toEqual({ err_msg: LINK_EXPIRED });

    const other = await createUser(t.database.db);
    const link = await emailChangeLinkFor(other, "wanted.address@example.org");
    await createUser(t.database.db, { email: "wanted.address@example.org" });
    expect((await openLink(link)).json()).toEqual({ err_msg: EMAIL_NOW_TAKEN });
    const [row] = await queryRows<{ email: string }>(t.database.db, sql`select email from users where id = ${other.id}`);
    expect(row).toEqual({ email: other.email });
  });

  it("refuses an address another account has, in any spelling, and a throwaway one", async () => {
    const taken = await createUser(t.database.db, { email: "taken.one@gmail.com" });
    await t.database.db.execute(sql`update users set email_canonical = 'takenone@gmail.com' where id = ${taken.id}`);
    const member = await createUser(t.database.db);
    const visitor = await signedIn(t.app, member);
    for (const new_email of ["taken.one@gmail.com", "takenone+x@googlemail.com"]) {
      const reply = await post(visitor, "/api/change-email", { new_email, password: member.password });
      expect(reply.json()).toEqual({ err_msg: "An account with this email already exists." });
    }
    expect((await post(visitor, "/api/change-email", { new_email: "x@mailinator.com", password: member.password })).statusCode).toBe(400);
  });

  it("lists the member's sessions with browser, system and network, and signs one out, or every other", async () => {
    const member = await createUser(t.database.db);
    const laptop = await device(member, FIREFOX, "203.0.113.9");
    const phone = await device(member, IPHONE, "198.51.100.23");
    const list = (await phone.get(`/api/sessions?app=${APP}`)).json().sessions as Array<{
      id: string;
      device: string;
      network: string;
      current: boolean;
    }>;
    expect(
      list.map(({ device: name, network, current }) => ({ name, network, current })).sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual([
      { name: "Firefox on Windows", network: "203.0.113.0/24", current: false },
      { name: "Safari on iOS", network: "198.51.100.0/24", current: true },
    ]);
    const laptopSession = list.find((session) => !session.current);
    expect((await laptop.get(`/api/dashboard?app=${APP}`)).statusCode).toBe(200);
    const ended = await phone.request("DELETE", `/api/sessions/${laptopSession?.id}`, {
      payload: { app: APP, csrfToken: await phone.csrf("account") },
    });
    expect(ended.statusCode).toBe(200);
    expect((await laptop.get(`/api/dashboard?app=${APP}`)).statusCode).toBe(403);

    const third = await device(member, FIREFOX, "203.0.113.9");
    expect((await third.get(`/api/dashboard?app=${APP}`)).statusCode).toBe(200);
    expect((await post(phone, "/api/sessions/revoke-others")).json()).toEqual({ suc_msg: OTHERS_ENDED });
    expect((await third.get(`/api/dashboard?app=${APP}`)).statusCode).toBe(403);
    expect((await phone.get(`/api/sessions?app=${APP}`)).json().sessions).toHaveLength(1);
  });

  it("does not let a member sign out another member's session", async () => {
    const owner = await createUser(t.database.db);
    const ownerDevice = await signedIn(t.app, owner);
    const [session] = (await ownerDevice.get(`/api/sessions?app=${APP}`)).json().sessions;
    const stranger = await signedIn(t.app, await createUser(t.database.db));
    const reply = await stranger.request("DELETE", `/api/sessions/${session.id}`, {
      payload: { app: APP, csrfToken: await stranger.csrf("account") },
    });
    expect(reply.statusCode).toBe(404);
    expect((await ownerDevice.get(`/api/dashboard?app=${APP}`)).statusCode).toBe(200);
  });

  it("deletes an account: personal data erased, sessions ended, the ledger kept under the anonymous id; refused while a payout is on its way", async () => {
    const member = await createUser(t.database.db, { firstName: "Erin" });
    await postAdjustment(
      { db: t.database.db, clock: t.clock },
      { userId: member.id, tokens: 12_000n, direction: "credit", reason: "test" },
    );
    await t.database.db.execute(
      sql`update users set wallet_address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', wallet_verified_at = ${t.clock.now()} where id = ${member.id}`,
    );
    const visitor = await signedIn(t.app, member);
    const payout = await visitor.post("/api/payouts", { amount: "10000", app: APP, csrfToken: await visitor.csrf("payouts") });
    expect(payout.json().status).toBe("requested");
    expect((await post(visitor, "/api/delete-account", { password: member.password })).json()).toEqual({ err_msg: PAYOUT_IN_FLIGHT });
    expect((await post(visitor, "/api/delete-account", { password: "wrong" })).json()).toEqual({ err_msg: WRONG_PASSWORD });

    await visitor.post(`/api/payouts/${payout.json().id}/cancel`, { app: APP, csrfToken: await visitor.csrf("payouts") });
    const token = visitor.cookies.get("session") as string;
    const deleted = await post(visitor, "/api/delete-account", { password: member.password });
    expect(deleted.json()).toEqual({ suc_msg: ACCOUNT_DELETED });
    expect((await visitor.get(`/api/dashboard?app=${APP}`)).statusCode).toBe(403);
    const replay = agent(t.app);
    replay.cookies.set("session", token);
    expect((await replay.get(`/api/dashboard?app=${APP}`)).statusCode).toBe(403);
    expect((await agent(t.app).signIn(member.email, member.password)).statusCode).toBe(401);
    const [row] = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select email, first_name, last_name, password_hash, wallet_address, email_canonical, balance::text as balance from users where id = ${member.id}`,
    );
    expect(row).toEqual({
      email: `deleted-${member.id}@deleted.invalid`,
      first_name: "",
      last_name: "",
      password_hash: "",
      wallet_address: null,
      email_canonical: null,
      balance: "12000",
    });
    // The start-up backfill gives no canonical address back to an erased account.
    await assignCanonicalEmails({ db: t.database.db, clock: t.clock, rules: fairnessRulesFrom(testEnv()).identity });
    const [canonical] = await queryRows(t.database.db, sql`select email_canonical from users where id = ${member.id}`);
    expect(canonical).toEqual({ email_canonical: null });
    const [ledger] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_entries where user_id = ${member.id}`,
    );
    expect(Number(ledger?.n)).toBe(3);
  });

  it("refuses the account pages' changes from another site and without the page's token", async () => {
    const member = await createUser(t.database.db);
    const visitor = await signedIn(t.app, member);
    const noToken = await visitor.post("/api/sessions/revoke-others", { app: APP, csrfToken: "forged" });
    expect(noToken.statusCode).toBe(403);
    const crossSite = await visitor.post(
      "/api/delete-account",
      { password: member.password, app: APP, csrfToken: await visitor.csrf("account") },
      { origin: "https://evil.example" },
    );
    expect(crossSite.statusCode).toBe(403);
    expect((await visitor.get(`/api/dashboard?app=${APP}`)).statusCode).toBe(200);
  });
});
