import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { guideCatalog } from "../../app/content/guide-catalog.ts";
import { SPECIAL_CHARACTERS_MESSAGE } from "../../common/account-rules.ts";
import { INVALID_LOGIN } from "../../common/api/auth.ts";
import { ledgerEntries, sessions } from "../../server/db/schema.ts";
import { SERVER_ERROR_MESSAGE } from "../../server/plugins/errors.ts";
import { passwordWork } from "../../server/services/auth/password-work.ts";
import { hashToken, newToken } from "../../server/services/sessions.ts";
import { createUser, signedIn } from "../factories.ts";
import { APP, agent, registerFields } from "../helpers/agent.ts";
import { useTestApp } from "../helpers/test-app.ts";
import { expectParallelGuessesHeld } from "../support/parallel-logins.ts";

/**
 * One test per requirement of OWASP ASVS 5.0 this product answers for; each
 * name starts with the requirement's number. They guard against regressions:
 * a change that breaks one fails here with the requirement named.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** 16 ways a browser marks a request as not the site's own fetch(); times two GET calls, 32 cases. */
const HOSTILE_FETCH_HEADERS: Array<Record<string, string>> = [
  ...["cross-site", "same-site", "none"].flatMap((site) =>
    ["navigate", "no-cors", "cors", "same-origin"].map((mode) => ({ "sec-fetch-site": site, "sec-fetch-mode": mode })),
  ),
  { "sec-fetch-site": "same-origin", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" },
  { "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", "sec-purpose": "prefetch" },
  { "sec-fetch-site": "same-origin", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image" },
  { "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", purpose: "prefetch" },
];

describe("OWASP ASVS 5.0 regression suite", () => {
  const work = passwordWork({ concurrency: 2, maxWaiting: 100, maxPerClient: 100 });
  const t = useTestApp({
    passwordWork: work,
    withSite: true,
    env: { TRUST_PROXY: "127.0.0.1", LOGIN_MAX_FAILURES_PER_ACCOUNT: "5", REGISTRATIONS_PER_IP_PER_HOUR: "1000" },
    extraRoutes: (app) => {
      app.get("/api/asvs-failure", async () => {
        throw new Error("SELECT password_hash FROM users WHERE id = 1");
      });
    },
  });

  it("V3.3.1, V3.3.2, V3.3.3, V3.3.4: the session cookie is __Host-, Secure, SameSite=Strict and HttpOnly, and never in a body", async () => {
    const user = await createUser(t.database.db);
    const visitor = agent(t.app);
    const https = { "x-forwarded-proto": "https" };
    const token = (await visitor.get(`/api/request-csrftoken?app=${APP}&page=signin`, https)).json().csrf_token;
    const reply = await visitor.post("/api/signin", { username: user.email, password: user.password, app: APP, csrfToken: token }, https);
    const header = ([] as string[]).concat(reply.headers["set-cookie"] ?? []).find((cookie) => cookie.startsWith("__Host-session="));
    expect(header).toBeDefined();
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Strict/);
    expect(header).toMatch(/; Secure/);
    expect(header).toMatch(/; Path=\//);
    expect(header).not.toMatch(/Domain=/i);
    const sessionId = /^__Host-session=([^;]+)/.exec(header as string)?.[1] as string;
    expect(reply.body).not.toContain(sessionId);
  });

  it("V7.2.3: session ids come from a CSPRNG with 256 bits; 10,000 are all different", async () => {
    const ids = Array.from({ length: 10_000 }, newToken);
    expect(new Set(ids).size).toBe(10_000);
    for (const id of ids.slice(0, 100)) expect(Buffer.from(id, "base64url")).toHaveLength(32);
    // Every bit position is set in about half the ids: no constant or skewed bits.
    const ones = new Array<number>(256).fill(0);
    for (const id of ids) {
      const bytes = Buffer.from(id, "base64url");
      for (let bit = 0; bit < 256; bit++) ones[bit] = (ones[bit] ?? 0) + (((bytes[bit >> 3] ?? 0) >> (bit & 7)) & 1);
    }
    for (const count of ones) expect(count / ids.length).toBeGreaterThan(0.45);
    for (const count of ones) expect(count / ids.length).toBeLessThan(0.55);

    const user = await createUser(t.database.db);
    const stored = new Set<string>();
    for (let i = 0; i < 20; i++) stored.add((await signedIn(t.app, user)).cookies.get("session") as string);
    expect(stored.size).toBe(20);
  });

  it("V7.2.4: login issues a new session id and ends the one the visitor had", async () => {
    const user = await createUser(t.database.db);
    const visitor = await signedIn(t.app, user);
    const before = visitor.cookies.get("session") as string;
    await visitor.signIn(user.email, user.password);
    expect(visitor.cookies.get("session")).not.toBe(before);
    expect(
      await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.idHash, hashToken(before))),
    ).toHaveLength(0);
  });

  it("V7.4.1: after sign-out, the old session cookie is refused", async () => {
    const visitor = await signedIn(t.app, await createUser(t.database.db));
    const old = visitor.cookies.get("session") as string;
    await visitor.get("/api/signout");
    const replay = agent(t.app);
    replay.cookies.set("session", old);
    expect((await replay.get(`/api/dashboard?app=${APP}`)).statusCode).toBe(403);
  });

  it("V7.3.1: a session ends after 12 idle hours", async () => {
    t.clock.set("2026-11-21T08:00:00Z");
    const visitor = await signedIn(t.app, await createUser(t.database.db));
    t.clock.advance(12 * HOUR + 1000);
    expect((await visitor.get("/api/is-authenticated")).statusCode).toBe(401);
  });

  it("V7.3.2: an active session still ends a week after login; a remembered one after 30 days", async () => {
    t.clock.set("2026-11-21T08:00:00Z");
    const user = await createUser(t.database.db);
    const busy = await signedIn(t.app, user);
    const remembered = await signedIn(t.app, user, true);
    for (let hours = 0; hours < 7 * 24 - 6; hours += 6) {
      t.clock.advance(6 * HOUR);
      expect((await busy.get("/api/is-authenticated")).statusCode).toBe(200);
    }
    t.clock.advance(6 * HOUR + 1000);
    expect((await busy.get("/api/is-authenticated")).statusCode).toBe(401);
    t.clock.set(new Date(Date.parse("2026-11-21T08:00:00Z") + 30 * DAY + 1000));
    expect((await remembered.get("/api/is-authenticated")).statusCode).toBe(401);
  });

  it("V3.5.3: the GET calls that change state refuse 32 hostile Sec-Fetch combinations and change nothing", async () => {
    t.clock.set("2026-11-22T08:00:00Z");
    const user = await createUser(t.database.db);
    const visitor = await signedIn(t.app, user);
    let refused = 0;
    for (const url of ["/api/signout", `/api/claim-daily-reward?app=${APP}`]) {
      for (const headers of HOSTILE_FETCH_HEADERS) {
        const reply = await visitor.get(url, headers);
        expect(reply.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
        refused++;
      }
    }
    expect(refused).toBe(32);
    expect((await visitor.get("/api/is-authenticated")).statusCode).toBe(200);
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id))).toHaveLength(0);
    expect(
      (
        await visitor.get(`/api/claim-daily-reward?app=${APP}`, {
          "sec-fetch-site": "same-origin",
          "sec-fetch-mode": "cors",
          "sec-fetch-dest": "empty",
        })
      ).statusCode,
    ).toBe(200);
  });

  it("V3.5.3: HEAD on the GET calls that change state is refused and changes nothing", async () => {
    t.clock.set("2026-11-22T09:00:00Z");
    const user = await createUser(t.database.db);
    const visitor = await signedIn(t.app, user);
    for (const url of ["/api/signout", `/api/claim-daily-reward?app=${APP}`]) {
      expect((await visitor.request("HEAD", url)).statusCode, url).toBe(405);
    }
    expect((await visitor.get("/api/is-authenticated")).statusCode).toBe(200);
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id))).toHaveLength(0);
  });

  it("V2.2.1: every POST and PUT call refuses NUL, control characters and lone surrogates in any field, before its own checks", async () => {
    const visitor = await signedIn(t.app, await createUser(t.database.db));
    const calls = [
      ["POST", "/api/signin"],
      ["POST", "/api/register"],
      ["PUT", "/api/dashboard-update-wallet-address"],
      ["POST", "/api/contact"],
    ] as const;
    for (const [method, url] of calls) {
      for (const value of ["\u0000", "a\u001bb", "\uD800"]) {
        const reply = await visitor.request(method, url, { payload: { app: APP, field: value } });
        expect(reply.statusCode, `${method} ${url} ${JSON.stringify(value)}`).toBe(400);
        expect(reply.json().err_msg).toBe(SPECIAL_CHARACTERS_MESSAGE);
      }
    }
  });

  it("V3.5.1: POST and PUT calls need the page's anti-forgery token", async () => {
    const user = await createUser(t.database.db);
    const visitor = await signedIn(t.app, user);
    const wrongPage = await visitor.csrf("signin");
    expect(
      (await visitor.post("/api/signin", { username: user.email, password: user.password, app: APP, csrfToken: "forged" })).statusCode,
    ).toBe(403);
    expect((await visitor.post("/api/register", { ...registerFields(), app: APP, csrfToken: wrongPage })).statusCode).toBe(403);
    expect(
      (
        await visitor.put("/api/dashboard-update-wallet-address", {
          address: "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045",
          old_address: "",
          app: APP,
          csrfToken: wrongPage,
        })
      ).statusCode,
    ).toBe(403);
  });

  it("V6.3.1: failed logins are limited per client, and X-Forwarded-For from an untrusted client cannot reset the count", async () => {
    t.clock.set("2026-11-23T08:00:00Z");
    const user = await createUser(t.database.db);
    // This app trusts only 127.0.0.1 as a proxy; these requests come from 198.51.100.20, so their X-Forwarded-For is ignored.
    const fromOutside = async (username: string, password: string, forwardedFor: string) => {
      const visitor = agent(t.app);
      const csrf = (
        await visitor.request("GET", `/api/request-csrftoken?app=${APP}&page=signin`, { remoteAddress: "198.51.100.20" })
      ).json().csrf_token;
      return visitor.request("POST", "/api/signin", {
        payload: { username, password, app: APP, csrfToken: csrf },
        remoteAddress: "198.51.100.20",
        headers: { "x-forwarded-for": forwardedFor },
      });
    };
    for (let i = 0; i < 50; i++) expect((await fromOutside(`guess.${i}@example.com`, "wrong", `203.0.113.${i}`)).statusCode).toBe(401);
    expect((await fromOutside(user.email, user.password, "192.0.2.99")).statusCode).toBe(429);
  });

  it("V6.3.1: 200 parallel guesses at one account: at most the limit reach the password check, and none logs in", async () => {
    t.clock.set("2026-11-22T10:00:00Z");
    const user = await createUser(t.database.db);
    await expectParallelGuessesHeld(t.app, { email: user.email, password: user.password, accountLimit: 5, ip: "203.0.113.77" });
  });

  it("V6.3.8: an unknown email and a wrong password get the same status and body, after the same password work", async () => {
    const user = await createUser(t.database.db);
    // The time an answer takes is shown by the work done, not a stopwatch, which a loaded machine makes say anything.
    const attempt = async (email: string) => {
      const visitor = agent(t.app);
      const token = await visitor.csrf("signin");
      const before = work.started();
      const reply = await visitor.post("/api/signin", { username: email, password: "not-it-at-all", app: APP, csrfToken: token });
      return { verifications: work.started() - before, answer: `${reply.statusCode} ${reply.body}` };
    };
    const expected = { verifications: 1, answer: `401 ${JSON.stringify({ err_msg: INVALID_LOGIN })}` };
    for (let i = 0; i < 3; i++) {
      expect(await attempt(`nobody.${i}@example.com`)).toEqual(expected);
      expect(await attempt(user.email)).toEqual(expected);
    }
  });

  it("V6.2.1, V6.2.4, V6.2.5, V6.2.8, V6.2.9: passwords of 8+ characters, any composition, up to 128; common ones refused; checked exactly as typed", async () => {
    const register = (password: string) => agent(t.app).register(registerFields({ password, password2: password }));
    expect((await register("seven77")).statusCode).toBe(400);
    expect((await register("password1")).json().err_msg).toContain("most common");
    expect((await register("Ünïcødé 🔑 pass phrase")).statusCode).toBe(200);
    expect((await register(`${"a".repeat(63)}B`)).statusCode).toBe(200);
    const spaced = registerFields({ password: " spaces around ", password2: " spaces around " });
    expect((await agent(t.app).register(spaced)).statusCode).toBe(200);
    expect((await agent(t.app).signIn(spaced.username, "spaces around")).statusCode).toBe(401);
    expect((await agent(t.app).signIn(spaced.username, " spaces around ")).statusCode).toBe(200);
  });

  it("V3.4.1, V3.4.3, V3.4.4, V3.4.5, V3.4.6, V3.4.8: security headers on every route, the 404 and the 500 included", async () => {
    const visitor = await signedIn(t.app, await createUser(t.database.db));
    const pages = [
      "/",
      "/how-to",
      "/login",
      "/register",
      "/dashboard",
      "/contact-us",
      "/earn-tokens",
      "/privacy-policy",
      "/terms-and-conditions",
      ...guideCatalog(t.site).map((guide) => guide.path),
    ];
    const others = [
      "/no-such-page",
      "/sitemap.xml",
      "/robots.txt",
      "/whitepaper.pdf",
      "/healthz",
      "/readyz",
      "/api/is-authenticated",
      `/api/request-csrftoken?app=${APP}&page=signin`,
      `/api/register?app=${APP}`,
      `/api/dashboard?app=${APP}`,
      `/api/${APP}-price`,
      "/api/no-such-call",
      "/api/asvs-failure",
    ];
    for (const url of [...pages, ...others]) {
      const reply = await visitor.get(url);
      const headers = reply.headers;
      expect(headers["strict-transport-security"], url).toBe("max-age=63072000; includeSubDomains");
      expect(headers["x-content-type-options"], url).toBe("nosniff");
      expect(headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      const policy = String(headers["content-security-policy"]);
      expect(policy, url).toContain("object-src 'none'");
      expect(policy, url).toContain("base-uri 'none'");
      expect(policy, url).toContain("frame-ancestors 'none'");
      expect(policy, url).not.toContain("unsafe-inline");
      if (String(headers["content-type"]).startsWith("text/html")) expect(headers["cross-origin-opener-policy"], url).toBe("same-origin");
    }
  });

  it("V16.5.1: an unexpected error answers a generic message, never a stack trace or a query", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/api/asvs-failure" });
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toEqual({ err_msg: SERVER_ERROR_MESSAGE });
    expect(reply.body).not.toMatch(/SELECT|password_hash|at .+:\d+/);
  });
});
