import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PASSWORD_CHECKS_BUSY } from "../../common/api/auth.ts";
import { rateLimitCounters } from "../../server/db/schema.ts";
import { passwordWork } from "../../server/services/auth/password-work.ts";
import { createUser } from "../factories.ts";
import { agent } from "../helpers/agent.ts";
import { useTestApp } from "../helpers/test-app.ts";
import { expectParallelGuessesHeld, guessAtOnce } from "../support/parallel-logins.ts";

describe("login limits under parallel guesses", () => {
  const t = useTestApp({
    env: {
      TRUST_PROXY: "127.0.0.1",
      LOGIN_MAX_FAILURES_PER_ACCOUNT: "10",
      LOGIN_MAX_FAILURES_PER_IP: "50",
      PASSWORD_CHECKS_PER_CLIENT: "1000",
    },
  });

  // 400 requests on one embedded database: generous for a busy machine, never a speed assertion.
  it("lets at most 10 of 200 parallel guesses at one account reach the password check, and the right one last does not log in", {
    timeout: 180_000,
  }, async () => {
    t.clock.set("2026-11-21T09:00:00Z");
    const user = await createUser(t.database.db);
    await expectParallelGuessesHeld(t.app, { email: user.email, password: user.password, accountLimit: 10, ip: "203.0.113.10" });
  });

  it("lets at most 50 parallel guesses from one address reach the password check, across accounts", { timeout: 180_000 }, async () => {
    t.clock.set("2026-11-21T10:00:00Z");
    const guesses = Array.from({ length: 200 }, (_, index) => ({ email: `target.${index}@example.com`, password: "a-wrong-password" }));
    const { replies, checks } = await guessAtOnce(t.app, "203.0.113.20", guesses);
    expect(checks).toBeLessThanOrEqual(50);
    expect(replies.filter((reply) => reply.statusCode === 429).length).toBeGreaterThanOrEqual(150);
  });

  it("once an address is over its limit, refuses its further guesses without touching the shared counters", async () => {
    t.clock.set("2026-11-21T10:30:00Z");
    const key = "login-attempts:ip:203.0.113.25";
    const guesses = (from: number) =>
      Array.from({ length: 60 }, (_, index) => ({ email: `target.${from + index}@example.com`, password: "a-wrong-password" }));
    await guessAtOnce(t.app, "203.0.113.25", guesses(0));
    const [counted] = await t.database.db
      .select({ hits: rateLimitCounters.hits })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, key));
    const later = await guessAtOnce(t.app, "203.0.113.25", guesses(100));
    expect(later.replies.every((reply) => reply.statusCode === 429)).toBe(true);
    const [after] = await t.database.db
      .select({ hits: rateLimitCounters.hits })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, key));
    expect(after?.hits).toBe(counted?.hits);
  });

  it("does not count a successful login against the member", async () => {
    t.clock.set("2026-11-21T11:00:00Z");
    const user = await createUser(t.database.db);
    for (let login = 0; login < 12; login++) {
      const reply = await agent(t.app).signIn(user.email, user.password, {}, { "x-forwarded-for": "198.51.100.30" });
      expect(reply.statusCode).toBe(200);
    }
  });
});

describe("password checks shared fairly", () => {
  const work = passwordWork({ concurrency: 2, maxWaiting: 0, maxPerClient: 1 });
  const t = useTestApp({ env: { TRUST_PROXY: "127.0.0.1", LOGIN_MAX_FAILURES_PER_IP: "1000" }, passwordWork: work });

  it("an address already holding its share is refused with 429 and Retry-After, while a member elsewhere logs in", async () => {
    t.clock.set("2026-11-21T12:00:00Z");
    const member = await createUser(t.database.db);
    let finishHeldCheck = () => {};
    const held = work.run("203.0.113.40", () => new Promise<void>((resolve) => (finishHeldCheck = resolve)));
    const startedBefore = work.started();
    try {
      const guesses = Array.from({ length: 50 }, (_, index) => ({ email: `flood.${index}@example.com`, password: "a-wrong-password" }));
      const [flood, honest] = await Promise.all([
        guessAtOnce(t.app, "203.0.113.40", guesses),
        agent(t.app).signIn(member.email, member.password, {}, { "x-forwarded-for": "198.51.100.41" }),
      ]);
      expect(honest.statusCode).toBe(200);
      // Only the member's own check ran.
      expect(work.started() - startedBefore).toBe(1);
      for (const reply of flood.replies) {
        expect(reply.statusCode).toBe(429);
        expect(reply.headers["retry-after"]).toBe("1");
        expect(reply.json()).toEqual({ err_msg: PASSWORD_CHECKS_BUSY.client });
      }
    } finally {
      finishHeldCheck();
      await held;
    }
  });
});

describe("password checks when the whole server is busy", () => {
  const work = passwordWork({ concurrency: 1, maxWaiting: 0, maxPerClient: 5 });
  const t = useTestApp({ env: { TRUST_PROXY: "127.0.0.1", LOGIN_MAX_FAILURES_PER_IP: "1000" }, passwordWork: work });

  it("refuses a client within its share with 503 and Retry-After while every place is taken", async () => {
    t.clock.set("2026-11-21T13:00:00Z");
    const member = await createUser(t.database.db);
    let finishHeldCheck = () => {};
    const held = work.run("203.0.113.50", () => new Promise<void>((resolve) => (finishHeldCheck = resolve)));
    try {
      const reply = await agent(t.app).signIn(member.email, member.password, {}, { "x-forwarded-for": "198.51.100.51" });
      expect(reply.statusCode).toBe(503);
      expect(reply.headers["retry-after"]).toBe("1");
      expect(reply.json()).toEqual({ err_msg: PASSWORD_CHECKS_BUSY.server });
    } finally {
      finishHeldCheck();
      await held;
    }
    expect((await agent(t.app).signIn(member.email, member.password, {}, { "x-forwarded-for": "198.51.100.51" })).statusCode).toBe(200);
  });
});
