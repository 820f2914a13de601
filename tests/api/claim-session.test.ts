import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { NOT_LOGGED_IN } from "../../common/api/auth.ts";
import { queryRows } from "../../server/db/client.ts";
import { sessions } from "../../server/db/schema.ts";
import { hashToken, newToken } from "../../server/services/sessions.ts";
import { createUser, signedIn } from "../factories.ts";
import { APP, agent } from "../helpers/agent.ts";
import { useTestApp } from "../helpers/test-app.ts";

const HOUR = 60 * 60 * 1000;
const claim = `/api/claim-daily-reward?app=${APP}`;

/** The claim proves its session inside its own statement; these hold it to what the usual session lookup gives every other call. */
describe("a claim and its session", () => {
  const t = useTestApp();

  const rewardsOf = async (userId: number) =>
    (
      await queryRows<{ count: number }>(
        t.database.db,
        sql`select count(*)::int as count from ledger_entries where user_id = ${userId} and kind = 'daily_reward'`,
      )
    )[0]?.count;

  it("is refused at once after another instance ended the session, though this one looked it up a moment before", async () => {
    const member = await createUser(t.database.db);
    const visitor = await signedIn(t.app, member);
    expect((await visitor.get("/api/is-authenticated")).statusCode).toBe(200);
    await t.database.db.delete(sessions).where(eq(sessions.idHash, hashToken(visitor.cookies.get("session") as string)));
    const reply = await visitor.get(claim);
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({ err_msg: NOT_LOGGED_IN });
    expect(await rewardsOf(member.id)).toBe(0);
  });

  it("is refused with a cookie of no session, and with an expired session, whose row goes", async () => {
    const stranger = agent(t.app);
    stranger.cookies.set("session", newToken());
    expect((await stranger.get(claim)).statusCode).toBe(403);
    expect((await agent(t.app).get(claim)).json()).toEqual({ err_msg: NOT_LOGGED_IN });

    const member = await createUser(t.database.db);
    const visitor = await signedIn(t.app, member);
    const idHash = hashToken(visitor.cookies.get("session") as string);
    t.clock.advance(12 * HOUR + 1000);
    const reply = await visitor.get(claim);
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({ err_msg: NOT_LOGGED_IN });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.idHash, idHash))).toHaveLength(0);
    expect(await rewardsOf(member.id)).toBe(0);
  });

  it("keeps an idle-limited session going, as any other call does", async () => {
    const member = await createUser(t.database.db);
    const visitor = await signedIn(t.app, member);
    t.clock.advance(11 * HOUR);
    expect((await visitor.get(claim)).statusCode).toBe(200);
    // 22 hours after login: alive only because the claim, 11 hours ago, counted as use.
    t.clock.advance(11 * HOUR);
    expect((await visitor.get("/api/is-authenticated")).statusCode).toBe(200);
    t.clock.advance(10 * HOUR);
    // A refused claim is use too: 43 hours after login, 11 after it.
    expect((await visitor.get(claim)).statusCode).toBe(409);
    t.clock.advance(11 * HOUR);
    expect((await visitor.get("/api/is-authenticated")).statusCode).toBe(200);
  });

  it("notes the network of a credited claim only: a refused one leaves the note as it was", async () => {
    const member = await createUser(t.database.db);
    const visitor = await signedIn(t.app, member);
    expect((await visitor.get(claim)).statusCode).toBe(200);
    const noted = () =>
      queryRows<{ last_claim_at: Date }>(t.database.db, sql`select last_claim_at from claim_networks where user_id = ${member.id}`);
    const before = await noted();
    expect(before).toHaveLength(1);
    t.clock.advance(HOUR);
    expect((await visitor.get(claim)).statusCode).toBe(409);
    expect(await noted()).toEqual(before);
  });
});
