import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupChallengeReply } from "../../common/api/auth.ts";
import { loadSiteConfig } from "../../config/site.ts";
import { systemClock } from "../../server/clock.ts";
import { type DatabaseHandle, openDatabase, queryRows } from "../../server/db/client.ts";
import { users } from "../../server/db/schema.ts";
import { hashPassword } from "../../server/services/auth/passwords.ts";
import { newReferralCode } from "../../server/services/auth/referral-codes.ts";
import { createSession } from "../../server/services/sessions.ts";
import { expectLedgerBalanced } from "../helpers/ledger.ts";
import { solveSignupChallenge } from "../helpers/signup-work.ts";
import { databaseUrlFor, emptyServerDatabase } from "../helpers/test-database.ts";
import { httpVisitor } from "../support/http-visitor.ts";
import { type ServerProcess, startServer } from "../support/server-process.ts";

const site = loadSiteConfig();
const APP = site.token.slug;
const CANARY_PASSWORD = `Canary-Password-${randomBytes(6).toString("hex")}`;

/** The sign-up proof of work, asked of one instance: any instance accepts it, as they share the key. */
async function signupWork(visitor: ReturnType<typeof httpVisitor>, instance: ServerProcess): Promise<string> {
  const { body } = await visitor.get(`${instance.url}/api/altcha-challenge?app=${APP}`);
  return solveSignupChallenge(signupChallengeReply.parse(body));
}

describe("two instances on one PostgreSQL server and one Redis", () => {
  const adminUrl = process.env.PRODUCTION_DATABASE_URL as string;
  const databaseName = `kestrel_prod_${process.pid}`;
  const databaseUrl = databaseUrlFor(adminUrl, databaseName);
  let database: DatabaseHandle;
  let target: Awaited<ReturnType<typeof emptyServerDatabase>>;
  let redis: Redis;
  let a: ServerProcess;
  let b: ServerProcess;
  const secrets: string[] = [CANARY_PASSWORD];

  beforeAll(async () => {
    target = await emptyServerDatabase(adminUrl, databaseName);
    redis = new Redis(process.env.PRODUCTION_REDIS_URL as string);
    await redis.flushdb();

    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.PRODUCTION_REDIS_URL as string,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      DATABASE_POOL_SIZE: "20",
      LOGIN_MAX_FAILURES_PER_ACCOUNT: "10",
      REGISTRATIONS_PER_IP_PER_HOUR: "1000",
    };
    // Started together: both apply the migrations, one after the other under the advisory lock.
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
    database = await openDatabase({ driver: "postgres", url: databaseUrl, poolSize: 5 });
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    redis?.disconnect();
    await target.drop();
  });

  it("credits each of 200 users exactly once, and each referrer exactly once per referred claim, with claims racing through both instances", async () => {
    const passwordHash = await hashPassword("seeded-user-password");
    const referrers = await database.db
      .insert(users)
      .values(
        Array.from({ length: 20 }, (_, index) => ({
          email: `referrer.${index}@example.com`,
          firstName: "Ref",
          lastName: "Errer",
          passwordHash,
          referralCode: newReferralCode(),
        })),
      )
      .returning({ id: users.id });
    const claimers = await database.db
      .insert(users)
      .values(
        Array.from({ length: 200 }, (_, index) => ({
          email: `claimer.${index}@example.com`,
          firstName: "Claim",
          lastName: "Er",
          passwordHash,
          referralCode: newReferralCode(),
          referredBy: referrers[index % 20]?.id ?? null,
          // Verified members: their referrers' bonuses are credited at once, not held as pending.
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ id: users.id });
    const tokens = await Promise.all(
      claimers.map(async (user) => (await createSession({ db: database.db, clock: systemClock }, user.id, true)).token),
    );
    secrets.push(...tokens);

    const claims = tokens.flatMap((token) =>
      [a, b, a].map((instance) =>
        fetch(`${instance.url}/api/claim-daily-reward?app=${APP}`, { headers: { cookie: `session=${token}` } }).then(
          (reply) => reply.status,
        ),
      ),
    );
    const statuses = await Promise.all(claims);
    expect(statuses.filter((status) => status === 200)).toHaveLength(200);
    expect(statuses.filter((status) => status === 409)).toHaveLength(400);

    const perKind = await queryRows<{ kind: string; users: number; entries: number }>(
      database.db,
      sql`select kind, count(distinct user_id)::int as users, count(*)::int as entries from ledger_entries group by kind order by kind`,
    );
    expect(perKind).toEqual([
      { kind: "daily_reward", users: 200, entries: 200 },
      { kind: "referral_bonus", users: 20, entries: 200 },
    ]);
    const referrerBalances = await queryRows<{ balance: string }>(
      database.db,
      sql`select distinct balance::text as balance from users where email like 'referrer.%'`,
    );
    expect(referrerBalances).toEqual([{ balance: String(10 * site.rewards.referralBonus) }]);
    await expectLedgerBalanced(database.db);
  });

  it("counts failed logins across both instances", async () => {
    const visitor = httpVisitor();
    const register = async (instance: ServerProcess) => {
      const { body } = await visitor.get(`${instance.url}/api/register?app=${APP}`);
      return visitor.post(`${instance.url}/api/register`, {
        first_name: "Throttle",
        last_name: "Test",
        username: "throttled@example.com",
        password: CANARY_PASSWORD,
        password2: CANARY_PASSWORD,
        app: APP,
        csrfToken: body.csrf_token,
        altcha: await signupWork(visitor, instance === a ? b : a),
      });
    };
    expect((await register(a)).status).toBe(200);
    const attempt = async (instance: ServerProcess, password: string) => {
      const { body } = await visitor.get(`${instance.url}/api/request-csrftoken?app=${APP}&page=signin`);
      secrets.push(String(body.csrf_token));
      return (
        await visitor.post(`${instance.url}/api/signin`, {
          username: "throttled@example.com",
          password,
          app: APP,
          csrfToken: body.csrf_token,
        })
      ).status;
    };
    for (let i = 0; i < 10; i++) expect(await attempt(i % 2 === 0 ? a : b, `wrong-${i}`)).toBe(401);
    expect(await attempt(a, CANARY_PASSWORD)).toBe(429);
    expect(await attempt(b, CANARY_PASSWORD)).toBe(429);
  });

  it("takes a session and a CSRF token made on one instance on the other", async () => {
    const visitor = httpVisitor();
    const token = (await visitor.get(`${a.url}/api/register?app=${APP}`)).body.csrf_token;
    const email = "roaming@example.com";
    expect(
      (
        await visitor.post(`${b.url}/api/register`, {
          first_name: "Roaming",
          last_name: "User",
          username: email,
          password: CANARY_PASSWORD,
          password2: CANARY_PASSWORD,
          app: APP,
          csrfToken: token,
          altcha: await signupWork(visitor, a),
        })
      ).status,
    ).toBe(200);
    const signinToken = (await visitor.get(`${b.url}/api/request-csrftoken?app=${APP}&page=signin`)).body.csrf_token;
    expect(
      (await visitor.post(`${a.url}/api/signin`, { username: email, password: CANARY_PASSWORD, app: APP, csrfToken: signinToken })).status,
    ).toBe(200);
    secrets.push(visitor.cookies.get("session") as string, String(signinToken), String(token));

    const dashboard = await visitor.get(`${b.url}/api/dashboard?app=${APP}`);
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.first_name).toBe("Roaming");
    const walletToken = (await visitor.get(`${b.url}/api/request-csrftoken?app=${APP}&page=update-wallet-address`)).body.csrf_token;
    secrets.push(String(walletToken));
    const update = await visitor.put(`${a.url}/api/dashboard-update-wallet-address`, {
      address: "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045",
      old_address: "",
      app: APP,
      csrfToken: walletToken,
    });
    expect(update.status).toBe(200);
    expect((await visitor.get(`${a.url}/api/signout`)).status).toBe(200);
    expect((await visitor.get(`${b.url}/api/is-authenticated`)).status).toBe(401);
  });

  it("shares the price through Redis", async () => {
    expect(JSON.parse((await redis.get(`price:${APP}:fixed:value`)) as string)).toMatchObject({
      price: expect.stringMatching(/^0\.0000123456/),
    });
    for (const instance of [a, b])
      expect((await (await fetch(`${instance.url}/api/${APP}-price`)).json())[`${APP}_price`]).toBe(0.0000123456);
  });

  it("logs one structured line per request and never a password, session id or CSRF token", () => {
    const logs = a.output() + b.output();
    const lines = logs.split("\n").filter((line) => line.includes('"msg":"request"'));
    expect(lines.length).toBeGreaterThan(600);
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      reqId: expect.any(String),
      method: expect.any(String),
      route: expect.any(String),
      status: expect.any(Number),
      durationMs: expect.any(Number),
    });
    for (const secret of secrets) expect(logs.includes(secret), "a secret appears in the logs").toBe(false);
  });
});
