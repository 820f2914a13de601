import { eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { users } from "../../server/db/schema.ts";
import { issueEmailToken } from "../../server/services/account-recovery/email-tokens.ts";
import { type Agent, APP, agent } from "../helpers/agent.ts";
import { expectLedgerBalanced } from "../helpers/ledger.ts";
import { type TestApp, useTestApp } from "../helpers/test-app.ts";

/**
 * A model of the rules, written apart from the code: register, log in,
 * claim, change the wallet address and sign out in random orders while the
 * clock moves. The system must answer what the model expects at every step,
 * and every balance must equal its ledger.
 */

const HOUR = 60 * 60 * 1000;
/** Keeps this file's people apart from any other run against the same database. */
const FILE_RUN = Date.now().toString(36);
const PEOPLE = 4;
const ADDRESSES = [
  "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045",
  "0x52908400098527886E0F7030069857D2E4169EE7",
  "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
];

type Person = {
  email: string;
  password: string;
  registered: boolean;
  referrer: number | null;
  balance: bigint;
  /** The email is verified: until then the referrer's bonuses for this person's claims wait. */
  verified: boolean;
  pendingForReferrer: bigint;
  lastClaimAt: number | null;
  sessionStartedAt: number | null;
  wallet: string;
};

type Model = { people: Person[]; now: number };
type Real = { t: TestApp; agents: Agent[] };

function rewardAt(t: TestApp, at: number): bigint {
  const day = new Date(at).toISOString().slice(0, 10);
  const multiplier = t.site.rewards.specialDays.find((special) => special.date === day)?.multiplier ?? 1;
  return BigInt(t.site.rewards.dailyAmount * multiplier);
}

function hasSession(model: Model, person: Person): boolean {
  return person.sessionStartedAt !== null && model.now < person.sessionStartedAt + 30 * 24 * HOUR;
}

async function expectBalances(model: Model, real: Real) {
  const registered = model.people.filter((person) => person.registered);
  if (registered.length === 0) return;
  const rows = await real.t.database.db
    .select({ email: users.email, balance: users.balance })
    .from(users)
    .where(
      inArray(
        users.email,
        registered.map((person) => person.email),
      ),
    );
  expect(Object.fromEntries(rows.map((row) => [row.email, row.balance]))).toEqual(
    Object.fromEntries(registered.map((person) => [person.email, person.balance])),
  );
  await expectLedgerBalanced(real.t.database.db);
}

class Register implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: number,
    readonly referrer: number | null,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const person = model.people[this.who] as Person;
    const referrer = this.referrer !== null && this.referrer !== this.who && model.people[this.referrer]?.registered ? this.referrer : null;
    let referralCode = "";
    if (referrer !== null) {
      const [row] = await real.t.database.db
        .select({ code: users.referralCode })
        .from(users)
        .where(eq(users.email, model.people[referrer]?.email as string));
      referralCode = row?.code ?? "";
    }
    const reply = await (real.agents[this.who] as Agent).register({
      first_name: "Model",
      last_name: `Person ${this.who}`,
      username: person.email,
      password: person.password,
      password2: person.password,
      referral_code: referralCode,
    });
    if (person.registered) {
      expect(reply.statusCode).toBe(400);
    } else {
      expect(reply.statusCode).toBe(200);
      person.registered = true;
      person.referrer = referrer;
    }
    await expectBalances(model, real);
  }
  toString = () => `register(${this.who}, referred by ${this.referrer})`;
}

class LogIn implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: number,
    readonly rightPassword: boolean,
  ) {}
  check = (model: Readonly<Model>) => (model.people[this.who] as Person).registered;
  async run(model: Model, real: Real) {
    const person = model.people[this.who] as Person;
    const reply = await (real.agents[this.who] as Agent).signIn(person.email, this.rightPassword ? person.password : "not-the-password", {
      remember: true,
    });
    expect(reply.statusCode).toBe(this.rightPassword ? 200 : 401);
    if (this.rightPassword) person.sessionStartedAt = model.now;
    await expectBalances(model, real);
  }
  toString = () => `login(${this.who}, ${this.rightPassword ? "right" : "wrong"} password)`;
}

class Claim implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const person = model.people[this.who] as Person;
    const reply = await (real.agents[this.who] as Agent).get(`/api/claim-daily-reward?app=${APP}`);
    if (!person.registered || !hasSession(model, person)) {
      expect(reply.statusCode).toBe(403);
    } else if (person.lastClaimAt === null || model.now - person.lastClaimAt >= 24 * HOUR) {
      expect(reply.statusCode).toBe(200);
      const amount = rewardAt(real.t, model.now);
      expect(reply.json().amount).toBe(amount.toString());
      person.balance += amount;
      person.lastClaimAt = model.now;
      const bonus = BigInt(real.t.site.rewards.referralBonus);
      if (person.referrer !== null && person.verified) (model.people[person.referrer] as Person).balance += bonus;
      else if (person.referrer !== null) person.pendingForReferrer += bonus;
    } else {
      expect(reply.statusCode).toBe(409);
    }
    await expectBalances(model, real);
  }
  toString = () => `claim(${this.who})`;
}

class UpdateWallet implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: number,
    readonly address: string,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const person = model.people[this.who] as Person;
    const visitor = real.agents[this.who] as Agent;
    const tokenReply = await visitor.get(`/api/request-csrftoken?app=${APP}&page=update-wallet-address`);
    if (!person.registered || !hasSession(model, person)) {
      expect(tokenReply.statusCode).toBe(403);
      return;
    }
    const reply = await visitor.put("/api/dashboard-update-wallet-address", {
      address: this.address,
      old_address: person.wallet,
      app: APP,
      csrfToken: tokenReply.json().csrf_token,
    });
    expect(reply.statusCode).toBe(200);
    person.wallet = this.address;
    expect((await visitor.get(`/api/dashboard?app=${APP}`)).json().address).toBe(this.address);
  }
  toString = () => `wallet(${this.who}, ${this.address.slice(0, 6)})`;
}

class SignOut implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const visitor = real.agents[this.who] as Agent;
    expect((await visitor.get("/api/signout")).statusCode).toBe(200);
    (model.people[this.who] as Person).sessionStartedAt = null;
    expect((await visitor.get("/api/is-authenticated")).statusCode).toBe(401);
  }
  toString = () => `signout(${this.who})`;
}

class PassTime implements fc.AsyncCommand<Model, Real> {
  constructor(readonly hours: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    model.now += this.hours * HOUR;
    real.t.clock.advance(this.hours * HOUR);
    for (const [index, person] of model.people.entries()) {
      const live = person.registered && hasSession(model, person);
      expect((await (real.agents[index] as Agent).get("/api/is-authenticated")).statusCode).toBe(live ? 200 : 401);
    }
  }
  toString = () => `wait ${this.hours} h`;
}

class VerifyEmail implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: number) {}
  check = (model: Readonly<Model>) => (model.people[this.who] as Person).registered && !(model.people[this.who] as Person).verified;
  async run(model: Model, real: Real) {
    const person = model.people[this.who] as Person;
    const [row] = await real.t.database.db.select({ id: users.id }).from(users).where(eq(users.email, person.email));
    const token = await issueEmailToken({ db: real.t.database.db, clock: real.t.clock }, row?.id as number, "verify_email");
    const reply = await (real.agents[this.who] as Agent).post("/api/verify-email", { token, app: APP });
    expect(reply.statusCode).toBe(200);
    person.verified = true;
    if (person.referrer !== null) (model.people[person.referrer] as Person).balance += person.pendingForReferrer;
    person.pendingForReferrer = 0n;
    await expectBalances(model, real);
  }
  toString = () => `verifyEmail(${this.who})`;
}

describe("a model of accounts, claims and referrals", () => {
  const t = useTestApp({
    // The model knows claims and referrals; streak bonuses are tests/api/streaks.test.ts's.
    site: (configured) => ({ ...configured, rewards: { ...configured.rewards, streakMilestones: [] } }),
    env: { REGISTRATIONS_PER_IP_PER_HOUR: "100000", LOGIN_MAX_FAILURES_PER_ACCOUNT: "100000", LOGIN_MAX_FAILURES_PER_IP: "100000" },
  });

  it("agrees with the system after every step, with the ledger balanced", async () => {
    const who = fc.integer({ min: 0, max: PEOPLE - 1 });
    // Repeated entries weigh the draw toward the steps that lead somewhere (register, log in, claim, wait).
    const register = fc.tuple(who, fc.option(who, { nil: null, freq: 2 })).map(([person, referrer]) => new Register(person, referrer));
    const logIn = fc.tuple(who, fc.integer({ min: 0, max: 9 })).map(([person, roll]) => new LogIn(person, roll < 8));
    const claim = who.map((person) => new Claim(person));
    const passTime = fc.integer({ min: 1, max: 30 }).map((hours) => new PassTime(hours));
    const commands = [
      register,
      register,
      logIn,
      logIn,
      claim,
      claim,
      claim,
      passTime,
      passTime,
      fc.tuple(who, fc.constantFrom(...ADDRESSES)).map(([person, address]) => new UpdateWallet(person, address)),
      who.map((person) => new SignOut(person)),
      who.map((person) => new VerifyEmail(person)),
    ];
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 60, size: "large" }), async (steps) => {
        run++;
        // Each run starts on 2026-11-21 with people of its own, so the shared database never mixes runs.
        const start = Date.parse("2026-11-21T06:00:00Z");
        t.clock.set(new Date(start));
        const people = Array.from({ length: PEOPLE }, (_, index) => ({
          email: `model.${FILE_RUN}.${run}.${index}@example.com`,
          password: `model-password-${index}-passphrase`,
          registered: false,
          referrer: null,
          balance: 0n,
          verified: false,
          pendingForReferrer: 0n,
          lastClaimAt: null,
          sessionStartedAt: null,
          wallet: "",
        }));
        await fc.asyncModelRun(() => ({ model: { people, now: start }, real: { t, agents: people.map(() => agent(t.app)) } }), steps);
      }),
      { numRuns: 100, seed: Number(process.env.MODEL_SEED ?? 42) },
    );
  }, 300_000);
});
