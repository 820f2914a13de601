import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../server/db/client.ts";
import { users } from "../../server/db/schema.ts";
import { assignCanonicalEmails } from "../../server/services/fairness/canonical-backfill.ts";
import { notePayoutSignals } from "../../server/services/fairness/payout-signals.ts";
import { fairnessRulesFrom } from "../../server/services/fairness/rules.ts";
import { createUser, signedIn } from "../factories.ts";
import { APP, agent } from "../helpers/agent.ts";
import { testEnv, useTestApp } from "../helpers/test-app.ts";

const HOUR_MS = 60 * 60 * 1000;

describe("risk signals", () => {
  const t = useTestApp();
  const rules = fairnessRulesFrom(testEnv());

  async function signalsOf(userId: number) {
    return queryRows<{ kind: string; subject: string }>(
      t.database.db,
      sql`select kind, subject from risk_signals where user_id = ${userId} order by id`,
    );
  }

  /** Each account's canonical address, by id. */
  async function canonicalsOf(...ids: number[]) {
    const rows = await queryRows<{ id: number; email_canonical: string | null }>(
      t.database.db,
      sql`select id, email_canonical from users where id in (${sql.join(ids, sql`, `)})`,
    );
    return Object.fromEntries(rows.map((row) => [row.id, row.email_canonical]));
  }

  const claimFrom = (visitor: ReturnType<typeof agent>) => visitor.get(`/api/claim-daily-reward?app=${APP}`);

  it("flags each of the accounts that claim from one network within a day, and nobody on another network", async () => {
    const members = await Promise.all(Array.from({ length: 4 }, () => createUser(t.database.db)));
    for (const [n, member] of members.entries()) {
      const visitor = agent(t.app, { remoteAddress: `100.64.7.${n + 1}` });
      expect((await visitor.signIn(member.email, member.password)).statusCode).toBe(200);
      expect((await claimFrom(visitor)).statusCode).toBe(200);
    }
    const loner = await createUser(t.database.db);
    const visitor = agent(t.app, { remoteAddress: "100.64.8.1" });
    await visitor.signIn(loner.email, loner.password);
    expect((await claimFrom(visitor)).statusCode).toBe(200);
    for (const member of members) expect(await signalsOf(member.id)).toEqual([{ kind: "shared_network_claims", subject: "100.64.7.0/24" }]);
    expect(await signalsOf(loner.id)).toEqual([]);
  });

  it("flags a later claimant of a flagged network once, and an account whose claims from the network are more than a day old not at all", async () => {
    const early = await createUser(t.database.db);
    const earlyVisitor = agent(t.app, { remoteAddress: "100.64.9.10" });
    await earlyVisitor.signIn(early.email, early.password);
    expect((await claimFrom(earlyVisitor)).statusCode).toBe(200);
    t.clock.advance(25 * HOUR_MS);
    const members = await Promise.all(Array.from({ length: 5 }, () => createUser(t.database.db)));
    for (const [n, member] of members.entries()) {
      const visitor = agent(t.app, { remoteAddress: `100.64.9.${n + 1}` });
      expect((await visitor.signIn(member.email, member.password)).statusCode).toBe(200);
      expect((await claimFrom(visitor)).statusCode).toBe(200);
    }
    for (const member of members) expect(await signalsOf(member.id)).toEqual([{ kind: "shared_network_claims", subject: "100.64.9.0/24" }]);
    expect(await signalsOf(early.id)).toEqual([]);
    const [detail] = await queryRows<{ details: string }>(
      t.database.db,
      sql`select details from risk_signals where user_id = ${members[4]?.id}`,
    );
    expect(detail?.details).toBe("4 or more accounts claimed from 100.64.9.0/24 within a day");
    const marked = await queryRows<{ unmarked: number }>(
      t.database.db,
      sql`select count(*)::int as unmarked from claim_networks where network = '100.64.9.0/24' and flagged_at is null`,
    );
    expect(marked).toEqual([{ unmarked: 1 }]);
  });

  it("flags every account of a network that crosses the threshold with concurrent claims, once the next one claims", async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => createUser(t.database.db)));
    const visitors = await Promise.all(
      members.map(async (member, n) => {
        const visitor = agent(t.app, { remoteAddress: `100.64.10.${n + 1}` });
        expect((await visitor.signIn(member.email, member.password)).statusCode).toBe(200);
        return visitor;
      }),
    );
    const replies = await Promise.all(visitors.slice(0, 5).map((visitor) => claimFrom(visitor)));
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await claimFrom(visitors[5] as ReturnType<typeof agent>)).statusCode).toBe(200);
    for (const member of members)
      expect(await signalsOf(member.id)).toEqual([{ kind: "shared_network_claims", subject: "100.64.10.0/24" }]);
  });

  it("flags claims made the second they became due, seven days running, and not a person's varying times", async () => {
    const script = await createUser(t.database.db);
    const person = await createUser(t.database.db);
    const scripted = await signedIn(t.app, script);
    const human = await signedIn(t.app, person);
    for (let day = 0; day < 8; day++) {
      expect((await claimFrom(scripted)).statusCode).toBe(200);
      // A person comes back some minutes after the window opens, never the same number twice.
      t.clock.advance((day + 3) * 60_000);
      expect((await claimFrom(human)).statusCode).toBe(200);
      t.clock.advance(24 * HOUR_MS - (day + 3) * 60_000);
      // Seven claims, six of them on the second: not yet a run of seven.
      if (day === 6) expect(await signalsOf(script.id)).toEqual([]);
      // Sessions end after a day without use in this test's clock: sign in again as a returning member would.
      await scripted.signIn(script.email, script.password);
      await human.signIn(person.email, person.password);
    }
    expect(await signalsOf(script.id)).toEqual([{ kind: "scripted_claims", subject: "claim rhythm" }]);
    expect(await signalsOf(person.id)).toEqual([]);
  });

  it("does not flag a rhythm broken once: eight claims on the second, but never seven in a row", async () => {
    const member = await createUser(t.database.db);
    const visitor = await signedIn(t.app, member, true);
    for (let day = 0; day < 10; day++) {
      expect((await claimFrom(visitor)).statusCode).toBe(200);
      t.clock.advance(24 * HOUR_MS + (day === 3 ? 60_000 : 0));
    }
    expect(await signalsOf(member.id)).toEqual([]);
  });

  it("flags a referrer whose referred accounts all signed up from one network, and those accounts", async () => {
    const referrer = await createUser(t.database.db);
    const friends = [
      await createUser(t.database.db, { referredBy: referrer.id }),
      await createUser(t.database.db, { referredBy: referrer.id }),
    ];
    for (const friend of friends) await t.database.db.update(users).set({ signupNetwork: "100.64.9.0/24" }).where(eq(users.id, friend.id));
    await notePayoutSignals({ db: t.database.db, clock: t.clock }, referrer.id);
    expect(await signalsOf(referrer.id)).toEqual([{ kind: "referral_tree_one_network", subject: `referrer ${referrer.id}` }]);
    for (const friend of friends) expect((await signalsOf(friend.id)).map((signal) => signal.kind)).toEqual(["referral_tree_one_network"]);

    const honest = await createUser(t.database.db);
    for (const network of ["100.64.10.0/24", "100.64.11.0/24"]) {
      const friend = await createUser(t.database.db, { referredBy: honest.id });
      await t.database.db.update(users).set({ signupNetwork: network }).where(eq(users.id, friend.id));
    }
    await notePayoutSignals({ db: t.database.db, clock: t.clock }, honest.id);
    expect(await signalsOf(honest.id)).toEqual([]);
  });

  it("gives older accounts their canonical address, oldest first, and flags the collisions without deleting anything", async () => {
    const oldest = await createUser(t.database.db, { email: "carol@gmail.com" });
    const later = await createUser(t.database.db, { email: "c.a.r.o.l+2@gmail.com" });
    const other = await createUser(t.database.db, { email: "dave@example.org" });
    const deps = { db: t.database.db, clock: t.clock, rules: rules.identity };
    const first = await assignCanonicalEmails(deps);
    expect(first.flagged).toBe(1);
    expect(await canonicalsOf(oldest.id, later.id, other.id)).toEqual({
      [oldest.id]: "carol@gmail.com",
      [later.id]: null,
      [other.id]: "dave@example.org",
    });
    expect((await signalsOf(later.id)).map((signal) => signal.kind)).toEqual(["canonical_email_collision"]);
    expect((await signalsOf(oldest.id)).map((signal) => signal.kind)).toEqual(["canonical_email_collision"]);
    expect(await assignCanonicalEmails(deps)).toEqual({ assigned: 0, flagged: 0 });
  });

  it("writes the rest of a batch that meets an address another account already holds, and flags that one with its holder", async () => {
    const holder = await createUser(t.database.db, { email: "erin@gmail.com" });
    await t.database.db.update(users).set({ emailCanonical: "erin@gmail.com" }).where(eq(users.id, holder.id));
    const variant = await createUser(t.database.db, { email: "E.r.i.n@gmail.com" });
    const other = await createUser(t.database.db, { email: "frank@example.org" });
    const deps = { db: t.database.db, clock: t.clock, rules: rules.identity };
    expect(await assignCanonicalEmails(deps)).toEqual({ assigned: 1, flagged: 1 });
    expect(await canonicalsOf(holder.id, variant.id, other.id)).toEqual({
      [holder.id]: "erin@gmail.com",
      [variant.id]: null,
      [other.id]: "frank@example.org",
    });
    const collision = [{ kind: "canonical_email_collision", subject: `accounts ${holder.id} and ${variant.id}` }];
    expect(await signalsOf(variant.id)).toEqual(collision);
    expect(await signalsOf(holder.id)).toEqual(collision);
  });
});
