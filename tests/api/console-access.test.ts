import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADMIN_REFUSALS, CSRF_HEADER, codesLockedMessage } from "../../common/api/admin.ts";
import { NOT_LOGGED_IN } from "../../common/api/auth.ts";
import { queryRows } from "../../server/db/client.ts";
import { CROSS_SITE_REFUSED } from "../../server/plugins/request-guards.ts";
import { deleteOldSecondFactorAttempts, WRONG_CODE_LIMIT } from "../../server/services/console/code-attempts.ts";
import { CONSOLE_IDLE_MS } from "../../server/services/console/console-sessions.ts";
import { OVERVIEW_DAYS } from "../../server/services/console/overview.ts";
import { setRole } from "../../server/services/console/roles.ts";
import { totpSealingKey, unseal } from "../../server/services/console/sealed-secret.ts";
import { postAdjustment } from "../../server/services/ledger.ts";
import { windowStart } from "../../server/services/rate-limit.ts";
import { claimDailyReward } from "../../server/services/rewards.ts";
import { createUser, signedIn } from "../factories.ts";
import { agent } from "../helpers/agent.ts";
import { codeAt, consoleCalls, openConsoleAs } from "../helpers/console.ts";
import { TEST_SESSION_SECRET, useTestApp } from "../helpers/test-app.ts";

/** `route` is the path as the API document writes it, when it is not the url with each "/1" read as "/{id}". */
type Endpoint = { method: "GET" | "POST"; url: string; route?: string; body?: object; access: "staff" | "console" | "admin" };

/** Every console endpoint with a body its schema accepts; the first test checks the list is complete. */
const ENDPOINTS: Endpoint[] = [
  { method: "GET", url: "/api/admin/session", access: "staff" },
  { method: "POST", url: "/api/admin/two-factor/setup", access: "staff" },
  { method: "POST", url: "/api/admin/two-factor/confirm", body: { code: "123456" }, access: "staff" },
  { method: "POST", url: "/api/admin/sign-in", body: { code: "123456" }, access: "staff" },
  { method: "POST", url: "/api/admin/sign-out", access: "staff" },
  { method: "GET", url: "/api/admin/members?q=", access: "console" },
  { method: "GET", url: "/api/admin/members/1", access: "console" },
  {
    method: "POST",
    url: "/api/admin/members/1/adjust",
    body: { direction: "credit", tokens: "5", reason: "goodwill", code: "123456" },
    access: "admin",
  },
  { method: "GET", url: "/api/admin/overview", access: "console" },
  { method: "GET", url: "/api/admin/payouts", access: "console" },
  { method: "POST", url: "/api/admin/payouts/batches", body: { reason: "weekly", code: "123456" }, access: "admin" },
  { method: "GET", url: "/api/admin/payouts/batches/1", access: "admin" },
  { method: "GET", url: "/api/admin/payouts/batches/1/safe-file", access: "admin" },
  { method: "POST", url: "/api/admin/payouts/batches/1/send", body: { reason: "weekly", code: "123456" }, access: "admin" },
  { method: "POST", url: "/api/admin/payouts/reconcile", body: { reason: "check" }, access: "console" },
  { method: "POST", url: "/api/admin/payouts/1/return", body: { reason: "refused", code: "123456" }, access: "admin" },
  { method: "POST", url: "/api/admin/payouts/1/void-transaction", body: { reason: "nonce taken", code: "123456" }, access: "admin" },
  { method: "POST", url: "/api/admin/alerts/1/resolve", body: { reason: "looked into it" }, access: "console" },
  { method: "GET", url: "/api/admin/audit", access: "admin" },
  { method: "GET", url: "/api/admin/audit.csv", access: "admin" },
  { method: "GET", url: "/api/admin/reviews?open=1", access: "console" },
  {
    method: "POST",
    url: "/api/admin/reviews/1/approve",
    route: "/api/admin/reviews/{id}/{decision}",
    body: { reason: "checked" },
    access: "admin",
  },
  { method: "GET", url: "/api/admin/special-days", access: "console" },
  { method: "POST", url: "/api/admin/special-days", body: { day: "2027-01-01", multiplier: 2, reason: "launch" }, access: "admin" },
  {
    method: "POST",
    url: "/api/admin/special-days/2027-01-01/remove",
    route: "/api/admin/special-days/{day}/remove",
    body: { reason: "cancelled" },
    access: "admin",
  },
  { method: "GET", url: "/api/admin/messages", access: "console" },
  { method: "GET", url: "/api/admin/members/1/activity", access: "console" },
  { method: "POST", url: "/api/admin/messages/1/reply", body: { reply: "Thanks" }, access: "console" },
  { method: "POST", url: "/api/admin/messages/1/state", body: { state: "closed", reason: "done" }, access: "console" },
  {
    method: "POST",
    url: "/api/admin/members/1/freeze",
    route: "/api/admin/members/{id}/{change}",
    body: { reason: "check" },
    access: "admin",
  },
  {
    method: "POST",
    url: "/api/admin/members/1/sessions/0123456789abcdef/revoke",
    route: "/api/admin/members/{id}/sessions/{session}/revoke",
    body: { reason: "lost phone" },
    access: "admin",
  },
  { method: "POST", url: "/api/admin/members/1/resend-verification", body: { reason: "asked" }, access: "console" },
  { method: "GET", url: "/api/admin/waitlist", access: "console" },
  { method: "POST", url: "/api/admin/waitlist/announce", body: { reason: "sign-ups open" }, access: "admin" },
  { method: "GET", url: "/api/admin/quests", access: "console" },
  {
    method: "POST",
    url: "/api/admin/quests",
    body: { kind: "visit", id: "faq-visit", title: "Visit the FAQ", page: "/faq", xp: 10, period: "once", reason: "new page" },
    access: "admin",
  },
  {
    method: "POST",
    url: "/api/admin/quests/visit/glossary/edit",
    route: "/api/admin/quests/{kind}/{id}/edit",
    body: { title: "Visit the glossary", tokens: "0", xp: 30, reason: "more XP" },
    access: "admin",
  },
  {
    method: "POST",
    url: "/api/admin/quests/visit/glossary/status",
    route: "/api/admin/quests/{kind}/{id}/status",
    body: { status: "paused", reason: "a pause" },
    access: "admin",
  },
];

/** A six-digit code the app does not show now, nor one step either side. */
function wrongCodeFor(secret: string, at: Date): string {
  const shown = [-30_000, 0, 30_000].map((offset) => codeAt(secret, new Date(at.getTime() + offset)));
  return ["000000", "111111", "222222", "333333"].find((code) => !shown.includes(code)) as string;
}

async function auditRows(t: ReturnType<typeof useTestApp>) {
  return queryRows<{ actor: string; action: string; subject: string; reason: string; before: unknown; after: unknown }>(
    t.database.db,
    sql`select actor, action, subject, reason, before, after from audit_log order by id`,
  );
}

describe("the console's guard", () => {
  const t = useTestApp();

  it("lists every /api/admin route in this file", async () => {
    const paths: Record<string, Record<string, unknown>> = (await agent(t.app).get("/api/openapi.json")).json().paths;
    const registered = Object.entries(paths)
      .filter(([path]) => path.startsWith("/api/admin"))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    const listed = ENDPOINTS.map((e) => `${e.method} ${e.route ?? e.url.split("?")[0]?.replace(/\/1(\/|$)/, "/{id}$1")}`);
    expect(new Set(registered)).toEqual(new Set(listed));
  });

  it.each(ENDPOINTS)("$method $url refuses a visitor who is not signed in", async ({ method, url, body }) => {
    const reply = await agent(t.app).request(method, url, { payload: body });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({ err_msg: NOT_LOGGED_IN });
  });

  it.each(ENDPOINTS)("$method $url refuses a member", async ({ method, url, body }) => {
    const visitor = await signedIn(t.app, await createUser(t.database.db));
    const reply = await visitor.request(method, url, { payload: body, headers: { [CSRF_HEADER]: await visitor.csrf("console") } });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({ err_msg: ADMIN_REFUSALS.notStaff });
  });

  it.each(ENDPOINTS)("$method $url refuses an admin's request without the console's CSRF token", async ({ method, url, body }) => {
    const admin = await openConsoleAs(t, "admin");
    for (const token of [undefined, await admin.visitor.csrf("payouts"), "1.2.3"]) {
      const reply = await admin.visitor.request(method, url, { payload: body, headers: token ? { [CSRF_HEADER]: token } : {} });
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toEqual({ err_msg: ADMIN_REFUSALS.formExpired });
    }
  });

  it.each(ENDPOINTS)("$method $url refuses cross-site requests, even with a valid token", async ({ method, url, body }) => {
    const admin = await openConsoleAs(t, "admin");
    const token = await admin.visitor.csrf("console");
    for (const headers of [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "https://evil.example" },
      { "sec-fetch-site": "same-origin", "sec-fetch-mode": "navigate" },
    ]) {
      const reply = await admin.visitor.request(method, url, { payload: body, headers: { ...headers, [CSRF_HEADER]: token } });
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toEqual({ err_msg: CROSS_SITE_REFUSED });
    }
  });

  it.each(ENDPOINTS.filter((e) => e.access !== "staff"))(
    "$method $url refuses staff without the second factor",
    async ({ method, url, body }) => {
      const user = await createUser(t.database.db);
      await setRole({ db: t.database.db, clock: t.clock }, "shell", user, "admin", "test");
      const visitor = await signedIn(t.app, user);
      const reply = await visitor.request(method, url, { payload: body, headers: { [CSRF_HEADER]: await visitor.csrf("console") } });
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual({ err_msg: ADMIN_REFUSALS.secondFactor });
    },
  );

  it.each(ENDPOINTS.filter((e) => e.access === "admin"))("$method $url refuses support", async ({ method, url, body }) => {
    const support = await openConsoleAs(t, "support");
    const reply = await support.visitor.request(method, url, {
      payload: body,
      headers: { [CSRF_HEADER]: await support.visitor.csrf("console") },
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({ err_msg: ADMIN_REFUSALS.adminOnly });
  });
});

describe("two-factor sign-in to the console", () => {
  const t = useTestApp();

  it("enrols with a code from the app, gives ten one-time recovery codes and opens the console", async () => {
    const support = await openConsoleAs(t, "support");
    expect(support.recoveryCodes).toHaveLength(10);
    expect(new Set(support.recoveryCodes).size).toBe(10);
    const state = (await support.get("/api/admin/session")).json();
    expect(state).toMatchObject({
      email: support.user.email,
      role: "support",
      enrolled: true,
      console_open: true,
      recovery_codes_left: 10,
    });
    const stored = await queryRows<{ code_hash: string }>(t.database.db, sql`select code_hash from staff_recovery_codes`);
    for (const code of support.recoveryCodes) expect(stored.map((row) => row.code_hash)).not.toContain(code);
    expect((await support.post("/api/admin/two-factor/setup")).statusCode).toBe(409);
  });

  it("shows the QR code as SVG and the otpauth URI of the secret", async () => {
    const user = await createUser(t.database.db);
    await setRole({ db: t.database.db, clock: t.clock }, "shell", user, "admin", "test");
    const visitor = await signedIn(t.app, user);
    const calls = consoleCalls(visitor, await visitor.csrf("console"));
    const setup = (await calls.post("/api/admin/two-factor/setup")).json();
    expect(setup.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/);
    expect(setup.otpauth_uri).toContain(`secret=${setup.secret}`);
    expect(setup.qr_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // Kept sealed with a key from the session secret: the database alone gives no usable factor.
    const [stored] = await queryRows<{ secret: string }>(t.database.db, sql`select secret from staff_totp where user_id = ${user.id}`);
    expect(stored?.secret).toMatch(/^v1\./);
    expect(stored?.secret).not.toContain(setup.secret);
    expect(unseal(totpSealingKey(TEST_SESSION_SECRET), stored?.secret ?? "")).toBe(setup.secret);
    expect(unseal(totpSealingKey(`${TEST_SESSION_SECRET}-rotated`), stored?.secret ?? "")).toBeNull();
    expect((await calls.post("/api/admin/two-factor/confirm", { code: "000000" })).statusCode).toBe(400);
    expect((await calls.get("/api/admin/members")).statusCode).toBe(401);
  });

  it("closes after 30 idle minutes, reopens with a fresh code, never with the same code twice", async () => {
    const admin = await openConsoleAs(t, "admin");
    t.clock.advance(CONSOLE_IDLE_MS - 1000);
    expect((await admin.get("/api/admin/members")).statusCode).toBe(200);
    t.clock.advance(CONSOLE_IDLE_MS - 1000);
    expect((await admin.get("/api/admin/members")).statusCode).toBe(200);
    t.clock.advance(CONSOLE_IDLE_MS);
    expect((await admin.get("/api/admin/members")).json()).toEqual({ err_msg: ADMIN_REFUSALS.secondFactor });
    expect((await admin.get("/api/admin/session")).json()).toMatchObject({ console_open: false });
    const code = admin.nextCode();
    expect((await admin.post("/api/admin/sign-in", { code })).statusCode).toBe(200);
    expect((await admin.get("/api/admin/members")).statusCode).toBe(200);
    await admin.post("/api/admin/sign-out");
    expect((await admin.get("/api/admin/members")).statusCode).toBe(401);
    expect((await admin.post("/api/admin/sign-in", { code })).json()).toEqual({ err_msg: ADMIN_REFUSALS.badCode });
  });

  it("opens with a recovery code once, and writes that to the audit log", async () => {
    const admin = await openConsoleAs(t, "admin");
    await admin.post("/api/admin/sign-out");
    const [first] = admin.recoveryCodes;
    expect((await admin.post("/api/admin/sign-in", { recovery_code: ` ${first?.toUpperCase()} ` })).statusCode).toBe(200);
    expect((await admin.get("/api/admin/session")).json()).toMatchObject({ console_open: true, recovery_codes_left: 9 });
    await admin.post("/api/admin/sign-out");
    expect((await admin.post("/api/admin/sign-in", { recovery_code: first })).json()).toEqual({ err_msg: ADMIN_REFUSALS.badCode });
    const rows = (await auditRows(t)).filter((row) => row.actor === admin.user.email);
    expect(rows.map((row) => row.action)).toEqual(["two_factor.enrol", "two_factor.recovery_code_used"]);
  });

  it("refuses every code after five wrong ones, the right one and recovery codes too, until the window passes, and tells the team once", async () => {
    const admin = await openConsoleAs(t, "admin");
    await admin.post("/api/admin/sign-out");
    const code = admin.nextCode();
    const wrong = wrongCodeFor(admin.secret, t.clock.now());
    for (let attempt = 1; attempt <= WRONG_CODE_LIMIT.max; attempt++)
      expect((await admin.post("/api/admin/sign-in", { code: wrong })).json()).toEqual({ err_msg: ADMIN_REFUSALS.badCode });
    for (const body of [{ code }, { recovery_code: admin.recoveryCodes[0] }, { code: wrong }]) {
      const refused = await admin.post("/api/admin/sign-in", body);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().err_msg).toMatch(/^Too many wrong codes\. Codes are refused for \d+ minutes?/);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect((await admin.get("/api/admin/session")).json()).toMatchObject({ console_open: false, recovery_codes_left: 10 });
    const alerts = await queryRows<{ kind: string; details: string }>(
      t.database.db,
      sql`select kind, details from operator_alerts where details like ${`${admin.user.email} %`}`,
    );
    expect(alerts).toEqual([{ kind: "second_factor_locked", details: expect.stringContaining("5 wrong console codes") }]);
    const locked = (await auditRows(t)).filter((row) => row.action === "two_factor.locked" && row.subject === `user:${admin.user.id}`);
    expect(locked).toHaveLength(1);

    t.clock.advance(WRONG_CODE_LIMIT.windowMs);
    expect((await admin.post("/api/admin/sign-in", { code: codeAt(admin.secret, t.clock.now()) })).statusCode).toBe(200);
  });

  /** The clock's next quarter-hour: where a fixed window of the limit would end. */
  function nextQuarterHour(): number {
    return windowStart(t.clock.now(), WRONG_CODE_LIMIT.windowMs).getTime() + WRONG_CODE_LIMIT.windowMs;
  }

  it("refuses codes for fifteen minutes from the fifth wrong one, across the clock's quarter-hour", async () => {
    const admin = await openConsoleAs(t, "admin");
    await admin.post("/api/admin/sign-out");
    const quarter = nextQuarterHour();
    t.clock.set(new Date(quarter - 2 * 60_000));
    const fifthAt = t.clock.now().getTime();
    for (let attempt = 1; attempt <= WRONG_CODE_LIMIT.max; attempt++) {
      const wrong = await admin.post("/api/admin/sign-in", { code: wrongCodeFor(admin.secret, t.clock.now()) });
      expect(wrong.statusCode).toBe(400);
    }
    const signIn = () => admin.post("/api/admin/sign-in", { code: codeAt(admin.secret, t.clock.now()) });

    t.clock.set(new Date(quarter + 1_000));
    const afterBoundary = await signIn();
    const left = (fifthAt + WRONG_CODE_LIMIT.windowMs - (quarter + 1_000)) / 1000;
    expect(afterBoundary.statusCode).toBe(429);
    expect(afterBoundary.headers["retry-after"]).toBe(String(left));
    expect(afterBoundary.json()).toEqual({ err_msg: codesLockedMessage(left) });
    expect(afterBoundary.json().err_msg).toContain("refused for 13 minutes");

    t.clock.set(new Date(fifthAt + WRONG_CODE_LIMIT.windowMs - 1_000));
    expect((await signIn()).statusCode).toBe(429);
    const rows = sql`select count(*)::int as n from second_factor_attempts where user_id = ${admin.user.id}`;
    await deleteOldSecondFactorAttempts({ db: t.database.db, clock: t.clock });
    expect(await queryRows(t.database.db, rows)).toEqual([{ n: WRONG_CODE_LIMIT.max }]);
    t.clock.set(new Date(fifthAt + WRONG_CODE_LIMIT.windowMs));
    expect((await signIn()).statusCode).toBe(200);
    t.clock.advance(1_000);
    await deleteOldSecondFactorAttempts({ db: t.database.db, clock: t.clock });
    expect(await queryRows(t.database.db, rows)).toEqual([{ n: 0 }]);
  });

  it("counts the wrong codes of the last fifteen minutes, not those since the quarter-hour", async () => {
    const admin = await openConsoleAs(t, "admin");
    await admin.post("/api/admin/sign-out");
    const quarter = nextQuarterHour();
    t.clock.set(new Date(quarter - 60_000));
    const wrong = () => admin.post("/api/admin/sign-in", { code: wrongCodeFor(admin.secret, t.clock.now()) });
    for (let attempt = 1; attempt < WRONG_CODE_LIMIT.max; attempt++) expect((await wrong()).statusCode).toBe(400);
    t.clock.set(new Date(quarter + 30_000));
    expect((await wrong()).statusCode).toBe(400);
    expect((await wrong()).statusCode).toBe(429);
    expect((await admin.post("/api/admin/sign-in", { code: codeAt(admin.secret, t.clock.now()) })).statusCode).toBe(429);
  });

  it("lets no more than five of many wrong codes sent at once be checked", async () => {
    const admin = await openConsoleAs(t, "admin");
    await admin.post("/api/admin/sign-out");
    const code = admin.nextCode();
    const wrong = wrongCodeFor(admin.secret, t.clock.now());
    const replies = await Promise.all(Array.from({ length: 30 }, () => admin.post("/api/admin/sign-in", { code: wrong })));
    expect(replies.filter((reply) => reply.statusCode === 400)).toHaveLength(WRONG_CODE_LIMIT.max);
    expect(replies.filter((reply) => reply.statusCode === 429)).toHaveLength(30 - WRONG_CODE_LIMIT.max);
    expect((await admin.post("/api/admin/sign-in", { code })).statusCode).toBe(429);
    const alerts = await queryRows(t.database.db, sql`select id from operator_alerts where details like ${`${admin.user.email} %`}`);
    expect(alerts).toHaveLength(1);
  });

  it("counts the fresh codes of money moves with the sign-in's, and a right code takes its count back", async () => {
    const admin = await openConsoleAs(t, "admin");
    const member = await createUser(t.database.db);
    const adjust = (code: string) =>
      admin.post(`/api/admin/members/${member.id}/adjust`, { direction: "credit", tokens: "5", reason: "goodwill", code });
    const wrong = () => wrongCodeFor(admin.secret, t.clock.now());
    for (let attempt = 1; attempt < WRONG_CODE_LIMIT.max; attempt++) expect((await adjust(wrong())).statusCode).toBe(400);
    expect((await adjust(admin.nextCode())).statusCode).toBe(200);
    expect((await admin.post("/api/admin/payouts/batches", { reason: "weekly", code: wrong() })).statusCode).toBe(400);
    expect((await adjust(admin.nextCode())).statusCode).toBe(429);
    expect((await admin.post("/api/admin/payouts/1/return", { reason: "refused", code: admin.nextCode() })).statusCode).toBe(429);
    await admin.post("/api/admin/sign-out");
    expect((await admin.post("/api/admin/sign-in", { code: admin.nextCode() })).statusCode).toBe(429);
    const [balance] = await queryRows<{ balance: string }>(t.database.db, sql`select balance::text from users where id = ${member.id}`);
    expect(balance).toEqual({ balance: "5" });
  });

  it("ends with the member session it rides on", async () => {
    const admin = await openConsoleAs(t, "admin");
    await admin.visitor.get("/api/signout");
    const again = await signedIn(t.app, admin.user);
    const calls = consoleCalls(again, await again.csrf("console"));
    expect((await calls.get("/api/admin/members")).json()).toEqual({ err_msg: ADMIN_REFUSALS.secondFactor });
    expect(codeAt(admin.secret, t.clock.now())).toMatch(/^\d{6}$/);
  });
});

describe("changes leave audit rows", () => {
  const t = useTestApp();

  it("credits and debits a balance only with a fresh code and a reason, each with before and after", async () => {
    const admin = await openConsoleAs(t, "admin");
    const member = await createUser(t.database.db);
    const url = `/api/admin/members/${member.id}/adjust`;
    const refused = await admin.post(url, { direction: "credit", tokens: "50", reason: "goodwill", code: "000000" });
    expect(refused.json()).toEqual({ err_msg: ADMIN_REFUSALS.badCode });
    expect((await admin.post(url, { direction: "credit", tokens: "50", reason: "  ", code: admin.nextCode() })).statusCode).toBe(400);
    const credit = await admin.post(url, { direction: "credit", tokens: "50", reason: "goodwill", code: admin.nextCode() });
    expect(credit.json()).toEqual({ balance: "50" });
    const tooMuch = await admin.post(url, { direction: "debit", tokens: "51", reason: "mistake", code: admin.nextCode() });
    expect(tooMuch.statusCode).toBe(400);
    const debit = await admin.post(url, { direction: "debit", tokens: "20", reason: "mistake", code: admin.nextCode() });
    expect(debit.json()).toEqual({ balance: "30" });
    const beyond = "The credit would take the balance beyond what the ledger can hold.";
    for (const [tokens, message] of [
      ["9223372036854775800", `The user does not exist or was deleted, or ${beyond.toLowerCase()}`],
      ["99999999999999999999", beyond],
    ]) {
      const refusal = await admin.post(url, { direction: "credit", tokens, reason: "typo", code: admin.nextCode() });
      expect([refusal.statusCode, refusal.json()]).toEqual([400, { err_msg: message }]);
    }

    const page = (await admin.get(`/api/admin/members/${member.id}`)).json();
    expect(page.ledger.map((line: { amount: string; balance_after: string }) => [line.amount, line.balance_after])).toEqual([
      ["-20", "30"],
      ["50", "50"],
    ]);
    const rows = (await auditRows(t)).filter((row) => row.subject === `user:${member.id}`);
    expect(rows).toEqual([
      {
        actor: admin.user.email,
        action: "balance.credit",
        subject: `user:${member.id}`,
        reason: "goodwill",
        before: { balance: "0" },
        after: { balance: "50", tokens: "50" },
      },
      {
        actor: admin.user.email,
        action: "balance.debit",
        subject: `user:${member.id}`,
        reason: "mistake",
        before: { balance: "50" },
        after: { balance: "30", tokens: "20" },
      },
    ]);
  });

  it("answers a number past its id column's range with 400, not a database error", async () => {
    const admin = await openConsoleAs(t, "admin");
    for (const url of [
      "/api/admin/members/3000000000",
      "/api/admin/members/3000000000/activity",
      "/api/admin/payouts/batches/3000000000",
    ]) {
      const reply = await admin.get(url);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().err_msg).toEqual(expect.any(String));
    }
    const hold = await admin.post("/api/admin/members/3000000000/freeze", { reason: "check" });
    expect(hold.statusCode).toBe(400);
    expect((await admin.post("/api/admin/messages/3000000000/state", { state: "closed", reason: "done" })).statusCode).toBe(400);
    expect((await admin.get("/api/admin/members/2147483647")).statusCode).toBe(404);
  });

  it("filters the log and exports it as CSV with formulas defused", async () => {
    const admin = await openConsoleAs(t, "admin");
    const member = await createUser(t.database.db);
    await admin.post(`/api/admin/members/${member.id}/adjust`, {
      direction: "credit",
      tokens: "7",
      reason: '=HYPERLINK("x")',
      code: admin.nextCode(),
    });
    const filtered = (await admin.get(`/api/admin/audit?subject=user:${member.id}`)).json();
    expect(filtered.entries).toHaveLength(1);
    expect(filtered.entries[0]).toMatchObject({ action: "balance.credit", actor: admin.user.email });
    const csv = await admin.get(`/api/admin/audit.csv?subject=user:${member.id}`);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe("id,created_at,actor,action,subject,reason,before,after");
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect((await admin.get("/api/admin/audit?from=yesterday")).statusCode).toBe(400);
  });
});

describe("the overview", () => {
  const t = useTestApp();

  it("counts members, claims per day over 90 days, credits by kind, balances, and says what runs", async () => {
    const support = await openConsoleAs(t, "support");
    const member = await createUser(t.database.db, { createdAt: t.clock.now() });
    await claimDailyReward({ db: t.database.db, clock: t.clock, rules: t.site.rewards }, { userId: member.id });
    await postAdjustment(
      { db: t.database.db, clock: t.clock },
      { userId: member.id, tokens: 40n, direction: "credit", reason: "goodwill" },
    );
    const overview = (await support.get("/api/admin/overview")).json();
    const today = t.clock.now().toISOString().slice(0, 10);
    expect(overview.members.total).toBe(2);
    expect(overview.members.new_per_day).toHaveLength(OVERVIEW_DAYS);
    expect(overview.members.new_per_day.at(-1)).toEqual({ day: today, count: 1 });
    expect(overview.claims_per_day).toHaveLength(OVERVIEW_DAYS);
    expect(overview.claims_per_day.at(-1)).toEqual({ day: today, count: 1 });
    expect(overview.claims_per_day.at(-2)).toEqual({ day: expect.any(String), count: 0 });
    expect(overview.credited_per_day).toEqual([
      { day: today, kind: "admin_credit", tokens: "40" },
      { day: today, kind: "daily_reward", tokens: String(t.site.rewards.dailyAmount) },
    ]);
    expect(overview.outstanding_balances).toBe(String(40 + t.site.rewards.dailyAmount));
    expect(overview.health).toEqual({ database: "ok", redis: "not configured", email: "not configured" });
  });
});
