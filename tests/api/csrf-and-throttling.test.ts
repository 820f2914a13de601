import { describe, expect, it } from "vitest";
import { FORM_EXPIRED } from "../../common/api/fields.ts";
import { CROSS_SITE_REFUSED } from "../../server/plugins/request-guards.ts";
import { createUser, signedIn } from "../factories.ts";
import { APP, agent } from "../helpers/agent.ts";
import { useTestApp } from "../helpers/test-app.ts";

const HOUR = 60 * 60 * 1000;

describe("CSRF tokens", () => {
  const t = useTestApp();

  it("hands out a token per page and sets the anonymous pre-session cookie", async () => {
    const visitor = agent(t.app);
    const reply = await visitor.get(`/api/request-csrftoken?app=${APP}&page=signin`);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().csrf_token).toMatch(/^\d+\.[\w-]+\.[\w-]+$/);
    expect(reply.headers["cache-control"]).toBe("no-store");
    expect(visitor.cookies.get("pre_session")).toMatch(/^[\w-]{43}$/);
    expect((await visitor.get(`/api/register?app=${APP}`)).json().csrf_token).toBeTypeOf("string");
  });

  it("refuses an unknown page or app", async () => {
    const visitor = agent(t.app);
    expect((await visitor.get(`/api/request-csrftoken?app=${APP}&page=admin`)).json()).toEqual({ err_msg: "Unknown page." });
    expect((await visitor.get(`/api/request-csrftoken?app=other&page=signin`)).statusCode).toBe(400);
    expect((await visitor.get("/api/request-csrftoken")).statusCode).toBe(400);
  });

  it("gives the wallet-address page's token only to a signed-in user", async () => {
    const reply = await agent(t.app).get(`/api/request-csrftoken?app=${APP}&page=update-wallet-address`);
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({ err_msg: "Please log in first." });
    const visitor = await signedIn(t.app, await createUser(t.database.db));
    expect((await visitor.get(`/api/request-csrftoken?app=${APP}&page=update-wallet-address`)).statusCode).toBe(200);
  });

  it("refuses a wrong token, another page's token, another visitor's token and an expired one", async () => {
    const user = await createUser(t.database.db);
    const visitor = agent(t.app);
    const valid = await visitor.csrf("signin");
    const attempt = (csrfToken: string) =>
      visitor.post("/api/signin", { username: user.email, password: user.password, app: APP, csrfToken });

    const tampered = `${valid.slice(0, -2)}${valid.endsWith("A") ? "B" : "A"}A`;
    const otherPage = await visitor.csrf("register");
    const otherVisitor = await agent(t.app).csrf("signin");
    for (const token of [tampered, "garbage", otherPage, otherVisitor]) {
      const reply = await attempt(token);
      expect(reply.statusCode, token).toBe(403);
      expect(reply.json()).toEqual({ err_msg: FORM_EXPIRED });
    }

    const stale = await visitor.csrf("signin");
    t.clock.advance(12 * HOUR + 1000);
    expect((await attempt(stale)).statusCode).toBe(403);
    expect((await attempt(await visitor.csrf("signin"))).statusCode).toBe(200);
  });

  it("refuses a token when the pre-session cookie is gone", async () => {
    const user = await createUser(t.database.db);
    const visitor = agent(t.app);
    const token = await visitor.csrf("signin");
    visitor.cookies.delete("pre_session");
    const reply = await visitor.post("/api/signin", { username: user.email, password: user.password, app: APP, csrfToken: token });
    expect(reply.statusCode).toBe(403);
  });
});

describe("cross-site, navigation and prefetch refusals on state-changing calls", () => {
  const t = useTestApp();

  const hostile: Array<[string, Record<string, string>]> = [
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site: same-site", { "sec-fetch-site": "same-site" }],
    ["Sec-Fetch-Site: none", { "sec-fetch-site": "none" }],
    ["Sec-Fetch-Mode: navigate", { "sec-fetch-site": "same-origin", "sec-fetch-mode": "navigate" }],
    ["Sec-Purpose: prefetch", { "sec-fetch-site": "same-origin", "sec-purpose": "prefetch" }],
    ["Sec-Purpose: prefetch;prerender", { "sec-purpose": "prefetch;prerender" }],
    ["Purpose: prefetch", { purpose: "prefetch" }],
    ["Origin of another site", { origin: "https://evil.example" }],
  ];

  it.each(hostile)("refuses sign-out with %s, and the session survives", async (_, headers) => {
    const visitor = await signedIn(t.app, await createUser(t.database.db));
    const reply = await visitor.get("/api/signout", headers);
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({ err_msg: CROSS_SITE_REFUSED });
    expect(reply.headers["cache-control"]).toBe("no-store");
    expect((await visitor.get("/api/is-authenticated")).statusCode).toBe(200);
  });

  it.each(hostile)("refuses sign-in with %s", async (_, headers) => {
    const user = await createUser(t.database.db);
    const visitor = agent(t.app);
    const reply = await visitor.signIn(user.email, user.password, {}, headers);
    expect(reply.statusCode).toBe(403);
    expect(visitor.cookies.has("session")).toBe(false);
  });

  it.each(hostile)("refuses registration with %s", async (_, headers) => {
    const visitor = agent(t.app);
    const token = await visitor.csrf("register");
    const reply = await visitor.post("/api/register", { app: APP, csrfToken: token }, headers);
    expect(reply.statusCode).toBe(403);
  });

  it("accepts the site's own fetch: same-origin, cors mode, its own Origin", async () => {
    const visitor = await signedIn(t.app, await createUser(t.database.db));
    const reply = await visitor.get("/api/signout", {
      "sec-fetch-site": "same-origin",
      "sec-fetch-mode": "cors",
      origin: "http://localhost:80",
    });
    expect(reply.statusCode).toBe(200);
  });
});

describe("login throttling", () => {
  const t = useTestApp({ env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: "10", LOGIN_MAX_FAILURES_PER_IP: "30" } });

  it("after 10 failures for an account, refuses even the right password until the 15-minute window passes", async () => {
    t.clock.set("2026-11-21T09:00:00Z");
    const user = await createUser(t.database.db);
    const visitor = agent(t.app);
    for (let i = 0; i < 10; i++) expect((await visitor.signIn(user.email, "wrong-password")).statusCode).toBe(401);
    const refused = await visitor.signIn(user.email, user.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ err_msg: "Too many failed logins. Please try again in 15 minutes." });
    expect(refused.headers["retry-after"]).toBe("900");
    expect(visitor.cookies.has("session")).toBe(false);

    t.clock.advance(15 * 60 * 1000);
    expect((await visitor.signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it("counts the account whatever the case of its email", async () => {
    t.clock.set("2026-11-21T10:00:00Z");
    const user = await createUser(t.database.db);
    for (let i = 0; i < 10; i++) await agent(t.app).signIn(i % 2 ? user.email.toUpperCase() : user.email, "wrong-password");
    expect((await agent(t.app).signIn(user.email, user.password)).statusCode).toBe(429);
  });

  it("limits failures per client address across accounts, and X-Forwarded-For from an untrusted client changes nothing", async () => {
    t.clock.set("2026-11-21T11:00:00Z");
    for (let i = 0; i < 30; i++) {
      const reply = await agent(t.app).signIn(`guess.${i}@example.com`, "wrong-password", {}, { "x-forwarded-for": `203.0.113.${i}` });
      expect(reply.statusCode).toBe(401);
    }
    const user = await createUser(t.database.db);
    const reply = await agent(t.app).signIn(user.email, user.password, {}, { "x-forwarded-for": "198.51.100.7" });
    expect(reply.statusCode).toBe(429);
  });
});

describe("login throttling behind a trusted proxy", () => {
  const t = useTestApp({ env: { TRUST_PROXY: "127.0.0.1", LOGIN_MAX_FAILURES_PER_IP: "5" } });

  it("counts the client address the proxy reports", async () => {
    t.clock.set("2026-11-21T12:00:00Z");
    for (let i = 0; i < 5; i++) await agent(t.app).signIn(`guess.${i}@example.com`, "wrong", {}, { "x-forwarded-for": "203.0.113.9" });
    const user = await createUser(t.database.db);
    expect((await agent(t.app).signIn(user.email, user.password, {}, { "x-forwarded-for": "203.0.113.9" })).statusCode).toBe(429);
    expect((await agent(t.app).signIn(user.email, user.password, {}, { "x-forwarded-for": "198.51.100.7" })).statusCode).toBe(200);
  });

  it("counts every address of an IPv6 /64 as one client, and another /64 apart", async () => {
    t.clock.set("2026-11-21T13:00:00Z");
    for (let i = 1; i <= 5; i++) {
      const reply = await agent(t.app).signIn(`guess.${i}@example.com`, "wrong", {}, { "x-forwarded-for": `2001:db8:7:1:${i}::${i}` });
      expect(reply.statusCode).toBe(401);
    }
    const user = await createUser(t.database.db);
    expect((await agent(t.app).signIn(user.email, user.password, {}, { "x-forwarded-for": "2001:db8:7:1:ffff::99" })).statusCode).toBe(429);
    expect((await agent(t.app).signIn(user.email, user.password, {}, { "x-forwarded-for": "2001:db8:7:2::1" })).statusCode).toBe(200);
  });

  it("counts an IPv4 address written as IPv6 as the IPv4 address", async () => {
    t.clock.set("2026-11-21T14:00:00Z");
    for (let i = 0; i < 5; i++)
      await agent(t.app).signIn(`guess.${i}@example.com`, "wrong", {}, { "x-forwarded-for": "::ffff:203.0.113.20" });
    const user = await createUser(t.database.db);
    expect((await agent(t.app).signIn(user.email, user.password, {}, { "x-forwarded-for": "203.0.113.20" })).statusCode).toBe(429);
  });
});
