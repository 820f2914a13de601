import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SIGNUP_CHALLENGE_REFUSALS } from "../../common/api/auth.ts";
import { queryRows } from "../../server/db/client.ts";
import { CHALLENGE_LIFETIME_MS, challengeCeiling } from "../../server/services/fairness/signup-challenge.ts";
import { APP, agent, registerFields } from "../helpers/agent.ts";
import { solveSignupChallenge } from "../helpers/signup-work.ts";
import { useTestApp } from "../helpers/test-app.ts";

describe("proof of work at sign-up (ALTCHA)", () => {
  const t = useTestApp();

  async function registerWith(visitor: ReturnType<typeof agent>, altcha: string | undefined, fields = registerFields()) {
    return visitor.post("/api/register", { ...fields, app: APP, csrfToken: await visitor.csrf("register"), altcha });
  }

  async function countUsers() {
    const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from users`);
    return Number(row?.n);
  }

  function decoded(payload: string) {
    return JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
  }
  function encoded(value: unknown) {
    return Buffer.from(JSON.stringify(value)).toString("base64");
  }

  it("serves a signed challenge that is never cached", async () => {
    const reply = await agent(t.app).get(`/api/altcha-challenge?app=${APP}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["cache-control"]).toBe("no-store");
    expect(reply.json()).toMatchObject({
      parameters: { algorithm: "SHA-256", keyPrefix: expect.any(String) },
      signature: expect.any(String),
    });
    expect((await agent(t.app).get("/api/altcha-challenge?app=other")).statusCode).toBe(400);
  });

  it("accepts a correct solution once, and refuses it replayed", async () => {
    const visitor = agent(t.app);
    const payload = await visitor.signupWork();
    expect((await registerWith(visitor, payload)).statusCode).toBe(200);
    const replay = await registerWith(agent(t.app), payload);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ err_msg: SIGNUP_CHALLENGE_REFUSALS.challenge_used });
  });

  it("lets exactly one of two simultaneous sign-ups with the same solution through", async () => {
    const payload = await agent(t.app).signupWork();
    const replies = await Promise.all([registerWith(agent(t.app), payload), registerWith(agent(t.app), payload)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 400]);
  });

  it("refuses a missing, malformed, wrong or foreign solution with a message, and creates nothing", async () => {
    const visitor = agent(t.app);
    const before = await countUsers();
    const missing = await registerWith(visitor, undefined);
    expect(missing.json()).toEqual({ err_msg: SIGNUP_CHALLENGE_REFUSALS.challenge_missing });
    expect((await registerWith(visitor, "not base64 json")).json()).toEqual({ err_msg: SIGNUP_CHALLENGE_REFUSALS.challenge_invalid });

    const good = decoded(await visitor.signupWork());
    // The derived key is the proof: a guessed one does not pass.
    const key: string = good.solution.derivedKey;
    const guessed = { ...good, solution: { ...good.solution, derivedKey: `${key.slice(0, -1)}${key.endsWith("0") ? "1" : "0"}` } };
    expect((await registerWith(visitor, encoded(guessed))).json()).toEqual({ err_msg: SIGNUP_CHALLENGE_REFUSALS.challenge_invalid });
    const easier = { ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, keyPrefix: "00" } } };
    expect((await registerWith(visitor, encoded(easier))).json()).toEqual({ err_msg: SIGNUP_CHALLENGE_REFUSALS.challenge_invalid });

    // A challenge signed with another key (another site's, or one an attacker made) does not pass.
    const { createChallenge } = await import("altcha-lib");
    const { deriveKey } = await import("altcha-lib/algorithms/sha");
    const foreign = await createChallenge({
      algorithm: "SHA-256",
      cost: 1,
      counter: 5,
      deriveKey,
      hmacSignatureSecret: "someone-else-s-key-0123456789abcdef",
    });
    expect((await registerWith(visitor, await solveSignupChallenge(foreign))).json()).toEqual({
      err_msg: SIGNUP_CHALLENGE_REFUSALS.challenge_invalid,
    });
    expect(await countUsers()).toBe(before);
  });

  it("refuses a solution whose challenge expired", async () => {
    const visitor = agent(t.app);
    const payload = await visitor.signupWork();
    t.clock.advance(CHALLENGE_LIFETIME_MS + 1_000);
    const reply = await registerWith(visitor, payload);
    expect(reply.json()).toEqual({ err_msg: SIGNUP_CHALLENGE_REFUSALS.challenge_expired });
  });

  it("does not spend the solution on a form with a mistake: the person fixes it and sends again", async () => {
    const visitor = agent(t.app);
    const payload = await visitor.signupWork();
    const fields = registerFields();
    const mismatch = await registerWith(visitor, payload, { ...fields, password2: `${fields.password}-typo` });
    expect(mismatch.json()).toEqual({ err_msg: "The two passwords do not match." });
    expect((await registerWith(visitor, payload, fields)).statusCode).toBe(200);
  });
});

describe("without the proof of work, registration tells nothing about accounts or referral codes", () => {
  const t = useTestApp();

  async function registerWithout(fields: ReturnType<typeof registerFields>, altcha?: string) {
    const visitor = agent(t.app);
    return visitor.post("/api/register", { ...fields, app: APP, csrfToken: await visitor.csrf("register"), altcha });
  }

  it("answers a known address, in any spelling, exactly as an unknown one", async () => {
    const taken = registerFields({ username: "grace.hopper@gmail.com" });
    expect((await agent(t.app).register(taken)).statusCode).toBe(200);
    const unknown = await registerWithout(registerFields({ username: "nobody.here@example.com" }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ err_msg: SIGNUP_CHALLENGE_REFUSALS.challenge_missing });
    for (const spelling of ["grace.hopper@gmail.com", "Grace.Hopper@GMAIL.com", "gracehopper+x@gmail.com"]) {
      const reply = await registerWithout(registerFields({ username: spelling }));
      expect({ spelling, status: reply.statusCode, body: reply.json() }).toEqual({ spelling, status: 400, body: unknown.json() });
      const forged = await registerWithout(registerFields({ username: spelling }), "not base64 json");
      expect(forged.json()).toEqual({ err_msg: SIGNUP_CHALLENGE_REFUSALS.challenge_invalid });
    }
  });

  it("answers an unknown referral code with the proof of work's refusal", async () => {
    const reply = await registerWithout(registerFields({ referral_code: "NOSUCHCODE" }));
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ err_msg: SIGNUP_CHALLENGE_REFUSALS.challenge_missing });
  });

  it("spends the proof on an address that is taken: the next question needs new work", async () => {
    const taken = registerFields();
    expect((await agent(t.app).register(taken)).statusCode).toBe(200);
    const visitor = agent(t.app);
    const payload = await visitor.signupWork();
    const first = await visitor.post("/api/register", {
      ...registerFields({ username: taken.username }),
      app: APP,
      csrfToken: await visitor.csrf("register"),
      altcha: payload,
    });
    expect(first.json().err_msg).toMatch(/already exists/);
    const again = await visitor.post("/api/register", {
      ...registerFields({ username: taken.username }),
      app: APP,
      csrfToken: await visitor.csrf("register"),
      altcha: payload,
    });
    expect(again.json()).toEqual({ err_msg: SIGNUP_CHALLENGE_REFUSALS.challenge_used });
  });
});

describe("the work rises with a burst of sign-ups from one network", () => {
  const t = useTestApp({ env: { SIGNUP_WORK_BASE: "20000" } });

  it("doubles the ceiling with each recent sign-up from the /24, up to 64×, and forgets them after an hour", async () => {
    const deps = { db: t.database.db, clock: t.clock, base: 20_000 };
    expect(await challengeCeiling(deps, "203.0.113.0/24")).toBe(20_000);
    for (let n = 0; n < 3; n++) {
      const visitor = agent(t.app, { remoteAddress: `203.0.113.${n + 1}` });
      expect((await visitor.register()).statusCode).toBe(200);
    }
    expect(await challengeCeiling(deps, "203.0.113.0/24")).toBe(160_000);
    expect(await challengeCeiling(deps, "198.51.100.0/24")).toBe(20_000);
    t.clock.advance(61 * 60 * 1000);
    expect(await challengeCeiling(deps, "203.0.113.0/24")).toBe(20_000);
  });
});
