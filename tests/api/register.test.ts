import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { EMAIL_TAKEN, REGISTERED, UNKNOWN_REFERRAL_CODE } from "../../common/api/auth.ts";
import { FORM_EXPIRED } from "../../common/api/fields.ts";
import { users } from "../../server/db/schema.ts";
import { createUser, findUserByEmail } from "../factories.ts";
import { APP, agent, registerFields } from "../helpers/agent.ts";
import { useTestApp } from "../helpers/test-app.ts";

describe("POST /api/register", () => {
  const t = useTestApp({ env: { REGISTRATIONS_PER_IP_PER_HOUR: "1000" } });

  it("creates the account with a hashed password and its own referral code", async () => {
    const fields = registerFields({ username: "Ada.Lovelace@Example.COM", first_name: "  Ada ", last_name: "Lovelace" });
    const reply = await agent(t.app).register(fields);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ suc_msg: REGISTERED });

    const user = await findUserByEmail(t.database.db, "ada.lovelace@example.com");
    expect(user).toMatchObject({ firstName: "Ada", lastName: "Lovelace", referredBy: null });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user?.passwordHash).not.toContain(fields.password);
    expect(user?.referralCode).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
  });

  it("remembers who referred the new user, whatever the case and spacing of the code", async () => {
    const referrer = await createUser(t.database.db);
    const typed = ` ${referrer.referralCode.slice(0, 4).toLowerCase()} ${referrer.referralCode.slice(4)} `;
    const fields = registerFields({ referral_code: typed });
    expect((await agent(t.app).register(fields)).statusCode).toBe(200);
    expect((await findUserByEmail(t.database.db, fields.username))?.referredBy).toBe(referrer.id);
  });

  it("gives every account a different referral code", async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const fields = registerFields();
      await agent(t.app).register(fields);
      codes.add((await findUserByEmail(t.database.db, fields.username))?.referralCode as string);
    }
    expect(codes.size).toBe(5);
  });

  it.each([
    ["first_name", { first_name: "" }, "Please enter your first name."],
    ["first_name (spaces only)", { first_name: "   " }, "Please enter your first name."],
    ["last_name", { last_name: "" }, "Please enter your last name."],
    ["username", { username: "" }, "Please enter a valid email."],
    ["password", { password: "", password2: "" }, "Please enter a password."],
    ["password2", { password2: "" }, "Please confirm your password."],
  ])("requires %s", async (_, overrides, message) => {
    const reply = await agent(t.app).register(registerFields(overrides));
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ err_msg: message });
  });

  it("refuses a field that is missing from the body, not just empty", async () => {
    const visitor = agent(t.app);
    const { first_name: _, ...withoutFirstName } = registerFields();
    const reply = await visitor.post("/api/register", { ...withoutFirstName, app: APP, csrfToken: await visitor.csrf("register") });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ err_msg: "Please enter your first name." });
  });

  it.each([
    ["not an email", "ada.example.com"],
    ["no top-level domain", "ada@example"],
    ["a local part over 64 characters", `${"a".repeat(65)}@example.com`],
    ["a label over 63 characters", `ada@${"b".repeat(64)}.com`],
  ])("refuses a username that is %s", async (_, username) => {
    const reply = await agent(t.app).register(registerFields({ username }));
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ err_msg: "Please enter a valid email." });
  });

  it.each([
    [
      "the passwords differ",
      { password: "kestrel-hovers-at-dawn", password2: "kestrel-hovers-at-dusk" },
      "The two passwords do not match.",
    ],
    ["the password is 7 characters", { password: "k3str3l" }, "Use at least 8 characters for your password."],
    ["the password is 129 characters", { password: "k".repeat(129) }, "Use at most 128 characters for your password."],
    ["the password is four emoji (eight UTF-16 units)", { password: "🦅🦅🐦🦆" }, "Use at least 8 characters for your password."],
    [
      "the password is the token's name and a year",
      { password: "Kestrel2026!" },
      "Don't build your password from this site's name or your email: without them, use at least 8 characters.",
    ],
    [
      "the password is a common one",
      { password: "Football" },
      "This password is one of the most common ones. Choose one that is harder to guess.",
    ],
  ])("refuses when %s", async (_, overrides, message) => {
    const reply = await agent(t.app).register(registerFields(overrides));
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ err_msg: message });
  });

  it("accepts a password of exactly 8 and of exactly 128 characters", async () => {
    expect((await agent(t.app).register(registerFields({ password: "k3str3l!" }))).statusCode).toBe(200);
    expect((await agent(t.app).register(registerFields({ password: `${"k".repeat(127)}!` }))).statusCode).toBe(200);
  });

  it("refuses an email that is already registered, whatever its case", async () => {
    const existing = await createUser(t.database.db, { email: "grace.hopper@example.com" });
    const reply = await agent(t.app).register(registerFields({ username: existing.email.toUpperCase() }));
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ err_msg: EMAIL_TAKEN });
  });

  it("creates one account when the same email registers twice at once", async () => {
    const fields = registerFields();
    const replies = await Promise.all([agent(t.app).register(fields), agent(t.app).register(fields), agent(t.app).register(fields)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 400, 400]);
    const rows = await t.database.db.select().from(users).where(eq(users.email, fields.username));
    expect(rows).toHaveLength(1);
  });

  it("refuses a referral code that matches no account", async () => {
    const fields = registerFields({ referral_code: "ZZZZ2222" });
    const reply = await agent(t.app).register(fields);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ err_msg: UNKNOWN_REFERRAL_CODE });
    expect(await findUserByEmail(t.database.db, fields.username)).toBeUndefined();
  });

  it("makes self-referral impossible, even by a direct write", async () => {
    const user = await createUser(t.database.db);
    await expect(t.database.db.execute(sql`update users set referred_by = id where id = ${user.id}`)).rejects.toThrow();
  });

  it("tells a bot that filled the hidden field it succeeded, and stores nothing", async () => {
    const visitor = agent(t.app);
    const fields = registerFields();
    const reply = await visitor.post("/api/register", {
      ...fields,
      website: "https://spam.example",
      app: APP,
      csrfToken: await visitor.csrf("register"),
    });
    expect(reply.json()).toEqual({ suc_msg: REGISTERED });
    expect(await findUserByEmail(t.database.db, fields.username)).toBeUndefined();
  });

  it("refuses another app's name", async () => {
    const visitor = agent(t.app);
    const reply = await visitor.post("/api/register", { ...registerFields(), app: "otherapp", csrfToken: await visitor.csrf("register") });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().err_msg).toBe(`Unknown app: this site serves "${APP}".`);
    expect((await visitor.get("/api/register?app=otherapp")).statusCode).toBe(400);
  });

  it("refuses a missing CSRF token, and one from another page", async () => {
    const visitor = agent(t.app);
    const missing = await visitor.post("/api/register", { ...registerFields(), app: APP });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ err_msg: FORM_EXPIRED });
    const signinToken = await visitor.csrf("signin");
    const otherPage = await visitor.post("/api/register", { ...registerFields(), app: APP, csrfToken: signinToken });
    expect(otherPage.statusCode).toBe(403);
    expect(otherPage.json()).toEqual({ err_msg: FORM_EXPIRED });
  });

  it("answers malformed requests with a 4xx and err_msg, and stores nothing", async () => {
    const cases = [
      {
        payload: "{not json",
        headers: { "content-type": "application/json" },
        status: 400,
        message: "The request body is not valid JSON.",
      },
      { payload: "[]", headers: { "content-type": "application/json" }, status: 400, message: "The request body must be a JSON object." },
      { payload: "first_name=Ada", headers: { "content-type": "application/x-www-form-urlencoded" }, status: 415 },
      {
        payload: JSON.stringify({ ...registerFields(), padding: "x".repeat(20_000) }),
        headers: { "content-type": "application/json" },
        status: 413,
      },
    ];
    const before = await t.database.db.$count(users);
    for (const { payload, headers, status, message } of cases) {
      const reply = await agent(t.app).request("POST", "/api/register", { payload, headers });
      expect(reply.statusCode).toBe(status);
      expect(typeof reply.json().err_msg).toBe("string");
      if (message) expect(reply.json().err_msg).toBe(message);
    }
    expect(await t.database.db.$count(users)).toBe(before);
  });
});

describe("registration throttling", () => {
  const t = useTestApp({ env: { REGISTRATIONS_PER_IP_PER_HOUR: "3" } });

  it("refuses a client address's fourth registration in an hour, then lets it through when the hour passes", async () => {
    t.clock.set("2026-11-21T10:00:00Z");
    for (let i = 0; i < 3; i++) expect((await agent(t.app).register()).statusCode).toBe(200);
    const refused = await agent(t.app).register();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ err_msg: "Too many sign-ups from your network. Please try again in an hour." });
    t.clock.advance(60 * 60 * 1000);
    expect((await agent(t.app).register()).statusCode).toBe(200);
  });

  it("counts every address of an IPv6 /64 as one client address", async () => {
    t.clock.set("2026-11-22T10:00:00Z");
    const from = (remoteAddress: string) => agent(t.app, { remoteAddress }).register();
    for (let i = 1; i <= 3; i++) expect((await from(`2001:db8:5:6::${i}`)).statusCode).toBe(200);
    expect((await from("2001:db8:5:6:abcd::4")).statusCode).toBe(429);
    expect((await from("2001:db8:5:7::1")).statusCode).toBe(200);
  });
});

describe("control characters", () => {
  const t = useTestApp({ env: { REGISTRATIONS_PER_IP_PER_HOUR: "1000" } });

  it("are refused in names, so nothing PostgreSQL cannot store reaches it", async () => {
    const reply = await agent(t.app).register(registerFields({ first_name: "Ada\u0000" }));
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ err_msg: "Please remove the special control characters from this field." });
  });
});
