import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { INVALID_LOGIN } from "../../common/api/auth.ts";
import { sessions } from "../../server/db/schema.ts";
import { passwordWork } from "../../server/services/auth/password-work.ts";
import { hashToken } from "../../server/services/sessions.ts";
import { createUser, signedIn } from "../factories.ts";
import { APP, agent } from "../helpers/agent.ts";
import { useTestApp } from "../helpers/test-app.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

type SetCookie = { name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string; maxAge?: number; secure?: boolean };

function setCookie(reply: { cookies: unknown[] }, name: string): SetCookie | undefined {
  return (reply.cookies as SetCookie[]).find((cookie) => cookie.name === name);
}

describe("login, sessions and logout", () => {
  const work = passwordWork({ concurrency: 2, maxWaiting: 100, maxPerClient: 100 });
  const t = useTestApp({ passwordWork: work });

  it("is-authenticated answers 401 to a visitor and 200 once logged in", async () => {
    const visitor = agent(t.app);
    const anonymous = await visitor.get("/api/is-authenticated");
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ err_msg: "You are not logged in." });

    const user = await createUser(t.database.db);
    const reply = await visitor.signIn(user.email.toUpperCase(), user.password);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ suc_msg: `Welcome back, ${user.firstName}.` });
    expect((await visitor.get("/api/is-authenticated")).statusCode).toBe(200);
  });

  it("sets an HttpOnly, SameSite=Strict session cookie for the browser session only, without Remember Me", async () => {
    const user = await createUser(t.database.db);
    const visitor = agent(t.app);
    const reply = await visitor.signIn(user.email, user.password);
    const cookie = setCookie(reply, "session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    expect(cookie?.maxAge).toBeUndefined();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(reply.headers["cache-control"]).toBe("no-store");
  });

  it("keeps the cookie for 30 days with Remember Me", async () => {
    const user = await createUser(t.database.db);
    const reply = await agent(t.app).signIn(user.email, user.password, { remember: true });
    expect(setCookie(reply, "session")?.maxAge).toBe(30 * 24 * 60 * 60);
  });

  it("stores only a hash of the session id", async () => {
    const user = await createUser(t.database.db);
    const visitor = await signedIn(t.app, user);
    const token = visitor.cookies.get("session") as string;
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.idHash).toBe(hashToken(token));
    expect(rows[0]?.idHash).not.toContain(token);
  });

  it("gives a new session id at every login and drops the previous one (no fixation)", async () => {
    const user = await createUser(t.database.db);
    const visitor = await signedIn(t.app, user);
    const first = visitor.cookies.get("session") as string;
    await visitor.signIn(user.email, user.password);
    const second = visitor.cookies.get("session") as string;
    expect(second).not.toBe(first);

    const replay = agent(t.app);
    replay.cookies.set("session", first);
    expect((await replay.get("/api/is-authenticated")).statusCode).toBe(401);
  });

  it("never adopts a session id chosen by someone else", async () => {
    const user = await createUser(t.database.db);
    const planted = "A".repeat(43);
    const visitor = agent(t.app);
    visitor.cookies.set("session", planted);
    await visitor.signIn(user.email, user.password);
    expect(visitor.cookies.get("session")).not.toBe(planted);
    const attacker = agent(t.app);
    attacker.cookies.set("session", planted);
    expect((await attacker.get("/api/is-authenticated")).statusCode).toBe(401);
  });

  it("signs out: the session is deleted and replaying its cookie fails", async () => {
    const user = await createUser(t.database.db);
    const visitor = await signedIn(t.app, user);
    const token = visitor.cookies.get("session") as string;
    const reply = await visitor.get("/api/signout");
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["cache-control"]).toBe("no-store");
    expect(visitor.cookies.has("session")).toBe(false);
    expect(
      await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.idHash, hashToken(token))),
    ).toHaveLength(0);

    const replay = agent(t.app);
    replay.cookies.set("session", token);
    expect((await replay.get("/api/is-authenticated")).statusCode).toBe(401);
  });

  it("ends a session after 12 idle hours, and keeps an active one going", async () => {
    const user = await createUser(t.database.db);
    const visitor = await signedIn(t.app, user);
    t.clock.advance(11 * HOUR);
    expect((await visitor.get("/api/is-authenticated")).statusCode).toBe(200);
    t.clock.advance(11 * HOUR);
    expect((await visitor.get("/api/is-authenticated")).statusCode).toBe(200);
    t.clock.advance(12 * HOUR + 1000);
    expect((await visitor.get("/api/is-authenticated")).statusCode).toBe(401);
  });

  it("keeps a remembered session 30 days from login, idle or not", async () => {
    const user = await createUser(t.database.db);
    const visitor = await signedIn(t.app, user, true);
    t.clock.advance(29 * DAY);
    expect((await visitor.get("/api/is-authenticated")).statusCode).toBe(200);
    t.clock.advance(DAY);
    expect((await visitor.get("/api/is-authenticated")).statusCode).toBe(401);
  });

  it("answers the same status and body for an unknown email and a wrong password, after the same password work", async () => {
    const user = await createUser(t.database.db);
    // Timing is shown by the work done, not a stopwatch: each path runs exactly one argon2id verification
    // (an unknown email is checked against a stand-in hash made with the same settings).
    const attempt = async (username: string) => {
      const visitor = agent(t.app);
      const token = await visitor.csrf("signin");
      const before = work.started();
      const reply = await visitor.post("/api/signin", { username, password: "not-the-password", app: APP, csrfToken: token });
      return { verifications: work.started() - before, status: reply.statusCode, body: reply.body };
    };
    const unknown = await attempt("nobody.here@example.com");
    const wrong = await attempt(user.email);
    expect(unknown).toEqual(wrong);
    expect(wrong).toEqual({ verifications: 1, status: 401, body: JSON.stringify({ err_msg: INVALID_LOGIN }) });
  });

  it("requires the username and the password", async () => {
    const visitor = agent(t.app);
    const token = await visitor.csrf("signin");
    const noUser = await visitor.post("/api/signin", { username: "", password: "x", app: APP, csrfToken: token });
    expect(noUser.json()).toEqual({ err_msg: "Please enter your email." });
    const noPassword = await visitor.post("/api/signin", { username: "a@example.com", app: APP, csrfToken: token });
    expect(noPassword.json()).toEqual({ err_msg: "Please enter your password." });
  });
});

describe("cookies over HTTPS", () => {
  const t = useTestApp({ env: { TRUST_PROXY: "127.0.0.1" } });

  it("are Secure and carry the __Host- prefix when the proxy says the site is served over HTTPS", async () => {
    const user = await createUser(t.database.db);
    const visitor = agent(t.app);
    const https = { "x-forwarded-proto": "https" };
    const tokenReply = await visitor.get(`/api/request-csrftoken?app=${APP}&page=signin`, https);
    expect(setCookie(tokenReply, "__Host-pre_session")).toMatchObject({ secure: true, httpOnly: true, sameSite: "Strict", path: "/" });
    const reply = await visitor.post(
      "/api/signin",
      { username: user.email, password: user.password, app: APP, csrfToken: tokenReply.json().csrf_token },
      https,
    );
    expect(reply.statusCode).toBe(200);
    expect(setCookie(reply, "__Host-session")).toMatchObject({ secure: true, httpOnly: true, sameSite: "Strict", path: "/" });
    expect((await visitor.get("/api/is-authenticated", https)).statusCode).toBe(200);
  });
});

describe("the signed-in hint cookie", () => {
  const t = useTestApp();

  it("is set readable beside the session at login, with its lifetime, and cleared at sign-out and when the session is gone", async () => {
    const user = await createUser(t.database.db);
    const visitor = agent(t.app);
    const login = await visitor.signIn(user.email, user.password, { remember: true });
    expect(setCookie(login, "signed_in")).toMatchObject({ value: "1", sameSite: "Strict", path: "/", maxAge: 30 * 24 * 60 * 60 });
    expect(setCookie(login, "signed_in")?.httpOnly).toBeFalsy();

    const signout = await visitor.get("/api/signout");
    expect(setCookie(signout, "signed_in")?.value).toBe("");
    expect(visitor.cookies.has("signed_in")).toBe(false);

    const stale = agent(t.app);
    stale.cookies.set("signed_in", "1");
    stale.cookies.set("session", "B".repeat(43));
    const reply = await stale.get("/api/is-authenticated");
    expect(reply.statusCode).toBe(401);
    expect(stale.cookies.has("signed_in")).toBe(false);
  });
});
