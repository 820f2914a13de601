import { Writable } from "node:stream";
import { count, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "../../config/site.ts";
import { contactMessages, users } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { MAX_BODY_DEPTH, TOO_DEEP_MESSAGE } from "../../server/plugins/request-guards.ts";
import { createUser, signedIn } from "../factories.ts";
import { APP, agent, registerFields } from "../helpers/agent.ts";
import { testEnv, useTestApp } from "../helpers/test-app.ts";

const SPECIAL = { err_msg: "Please remove the special control characters from this field." };
const site = loadSiteConfig();

describe("control characters and broken Unicode in requests", () => {
  const t = useTestApp();

  it.each([
    ["NUL in the login email", "\u0000admin@example.com"],
    ["a lone surrogate in the login email", "ada\uD800@example.com"],
    ["a vertical tab in the login email", "ada\u000b@example.com"],
  ])("refuses %s with 400 and err_msg", async (_, username) => {
    const reply = await agent(t.app).signIn(username, "a-password-of-some-length");
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual(SPECIAL);
  });

  it.each([
    ["NUL in the referral code", { referral_code: "AB\u0000CD" }],
    ["NUL in the password", { password: "pass\u0000word-long", password2: "pass\u0000word-long" }],
    ["a lone surrogate in the last name", { last_name: "Love\uDC00lace" }],
    ["a right-to-left override in the first name", { first_name: "Ada\u202Egnp.exe" }],
    ["a byte-order mark in the last name", { last_name: "Love\uFEFFlace" }],
    ["a bidirectional isolate in the first name", { first_name: "Ada\u2067" }],
  ])("refuses registration with %s, and writes no row", async (_, overrides) => {
    const before = (await t.database.db.select({ n: count() }).from(users))[0]?.n;
    const reply = await agent(t.app).register(registerFields(overrides));
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual(SPECIAL);
    expect((await t.database.db.select({ n: count() }).from(users))[0]?.n).toBe(before);
  });

  it("refuses NUL in the wallet update's old address", async () => {
    const member = await signedIn(t.app, await createUser(t.database.db));
    const reply = await member.put("/api/dashboard-update-wallet-address", {
      address: "0x52908400098527886E0F7030069857D2E4169EE7",
      old_address: "\u0000",
      app: APP,
      csrfToken: await member.csrf("update-wallet-address"),
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual(SPECIAL);
  });

  it("refuses NUL in a query string and in an object key", async () => {
    expect((await agent(t.app).get(`/api/request-csrftoken?app=${APP}&page=signin%00`)).json()).toEqual(SPECIAL);
    const reply = await agent(t.app).post("/api/signin", { "user\u0000name": "x" });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual(SPECIAL);
  });

  it.each([
    ["a right-to-left override in the name", { name: "Support\u202E" }],
    ["a byte-order mark in the subject", { subject: "\uFEFFHello" }],
    ["a lone surrogate in the message", { message: "Hello \uD83D there" }],
  ])("refuses a contact message with %s, and stores nothing", async (_, overrides) => {
    const fields = {
      name: "Ada",
      email: "ada@example.com",
      subject: "Hello",
      message: "A question about the token.",
      access_key: site.contact.accessKey,
      ...overrides,
    };
    // JSON can carry a lone surrogate as an escape; a form encoding would have replaced it already.
    const reply = await t.app.inject({ method: "POST", url: "/api/contact", payload: fields });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().err_msg).toMatch(/special control characters/);
    expect((await t.database.db.select({ n: count() }).from(contactMessages))[0]?.n).toBe(0);
  });

  it("still accepts names in any script, emoji and line breaks in a message", async () => {
    const reply = await agent(t.app).register(registerFields({ first_name: "Zoë 🦅", last_name: "عبد الله" }));
    expect(reply.statusCode).toBe(200);
  });
});

describe("what an error log line holds", () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const CANARY = "canary-typed-by-a-user-7f3a";
  const t = useTestApp({
    logger: { ...(createLogger(testEnv({ LOG_LEVEL: "info" })) as object), stream },
    extraRoutes: (app) => {
      app.post("/test/failing-query", async () => {
        await t.database.db.execute(sql`select ${CANARY}::int`);
        return {};
      });
    },
  });

  it("names the failed query and its database code, never the values it carried", async () => {
    const reply = await t.app.inject({ method: "POST", url: "/test/failing-query", payload: { secret: CANARY } });
    expect(reply.statusCode).toBe(500);
    const logged = lines.join("");
    expect(logged).toContain("request failed");
    expect(logged).toContain("Failed query: select $1::int");
    expect(logged).toContain("22P02");
    expect(logged).not.toContain(CANARY);
  });
});

describe("deeply nested bodies", () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const t = useTestApp({ logger: { ...(createLogger(testEnv({ LOG_LEVEL: "info" })) as object), stream } });

  const arrays = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
  const objects = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

  it.each([
    ["7,000 nested arrays on the login", "/api/signin", arrays(7_000)],
    ["7,000 nested arrays on a route that does not exist", "/api/nothing-here", arrays(7_000)],
    ["7,000 nested arrays on registration", "/api/register", arrays(7_000)],
    ["100 nested objects in a field of the login", "/api/signin", `{"username":${objects(100)}}`],
  ])("refuses %s with 400 and err_msg, and logs no error", async (_, url, payload) => {
    lines.length = 0;
    const reply = await t.app.inject({ method: "POST", url, payload, headers: { "content-type": "application/json" } });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ err_msg: TOO_DEEP_MESSAGE });
    const errors = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level >= 50);
    expect(errors).toEqual([]);
  });

  it("still takes a body as deep as the API's own", async () => {
    const reply = await t.app.inject({
      method: "POST",
      url: "/api/signin",
      payload: {
        username: "ada@example.com",
        password: "a-password-of-some-length",
        app: APP,
        nested: JSON.parse(objects(MAX_BODY_DEPTH - 1)),
      },
    });
    expect(reply.statusCode).not.toBe(500);
    expect(reply.json().err_msg).not.toBe(TOO_DEEP_MESSAGE);
  });
});
