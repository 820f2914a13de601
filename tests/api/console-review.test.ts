import { eq, sql } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../server/db/client.ts";
import { users } from "../../server/db/schema.ts";
import { storeContactMessage } from "../../server/services/contact.ts";
import { postAdjustment } from "../../server/services/ledger.ts";
import { createUser } from "../factories.ts";
import { APP, agent } from "../helpers/agent.ts";
import { openConsoleAs } from "../helpers/console.ts";
import { useTestApp } from "../helpers/test-app.ts";

describe("review, special days and the inbox from the console", () => {
  const t = useTestApp();

  /** A member whose wallet another account tried to use: that member's transfer waits for a person. */
  async function transferInReview(): Promise<{ id: number; email: string; balance: () => Promise<string> }> {
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const members = [];
    for (const verified of [true, false]) {
      const user = await createUser(t.database.db, { createdAt: new Date("2026-01-01T00:00:00Z") });
      await postAdjustment(
        { db: t.database.db, clock: t.clock },
        { userId: user.id, tokens: 30_000n, direction: "credit", reason: "test" },
      );
      await t.database.db
        .update(users)
        .set({ walletAddress: address, walletVerifiedAt: verified ? t.clock.now() : null })
        .where(eq(users.id, user.id));
      const visitor = agent(t.app);
      await visitor.signIn(user.email, user.password);
      const csrfToken = await visitor.csrf("payouts");
      members.push({ user, request: (amount: string) => visitor.post("/api/payouts", { amount, app: APP, csrfToken }), visitor });
    }
    const [owner, other] = members;
    if (!owner || !other) throw new Error("two members expected");
    await other.request("10000");
    const payout = (await owner.request("12000")).json();
    expect(payout.status).toBe("in_review");
    return {
      id: payout.id,
      email: owner.user.email,
      balance: async () => (await owner.visitor.get(`/api/dashboard?app=${APP}`)).json().balance,
    };
  }

  const auditOf = (action: string) =>
    queryRows<{ actor: string; subject: string; reason: string; before: unknown; after: unknown }>(
      t.database.db,
      sql`select actor, subject, reason, before, after from audit_log where action = ${action} order by id`,
    );

  it("lists open reviews with their signals; an admin rejects with the member's reason, once, and the audit log keeps it", async () => {
    const held = await transferInReview();
    const support = await openConsoleAs(t, "support");
    const open = (await support.get("/api/admin/reviews")).json().reviews;
    expect(open).toEqual([
      expect.objectContaining({
        payout_id: held.id,
        email: held.email,
        amount: "12000",
        status: "in_review",
        decision: null,
        appeal: null,
      }),
    ]);
    expect(open[0].signals.length).toBeGreaterThan(0);

    const admin = await openConsoleAs(t, "admin");
    const blank = await admin.post(`/api/admin/reviews/${held.id}/reject`, { reason: "  " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ err_msg: "Type the reason: the member sees it." });
    expect((await admin.post(`/api/admin/reviews/${held.id}/maybe`, { reason: "x" })).statusCode).toBe(400);

    const rejected = await admin.post(`/api/admin/reviews/${held.id}/reject`, { reason: "Two accounts share one wallet." });
    expect(rejected.json()).toEqual({ suc_msg: "Rejected: the tokens are back on the member's balance." });
    expect(await held.balance()).toBe("30000");
    const again = await admin.post(`/api/admin/reviews/${held.id}/approve`, { reason: "changed my mind" });
    expect(again.statusCode).toBe(409);
    expect((await support.get("/api/admin/reviews")).json().reviews).toEqual([]);
    expect((await support.get("/api/admin/reviews?open=0")).json().reviews).toEqual([
      expect.objectContaining({ payout_id: held.id, decision: "rejected", reason: "Two accounts share one wallet." }),
    ]);
    expect(await auditOf("review.reject")).toEqual([
      {
        actor: admin.user.email,
        subject: `payout:${held.id}`,
        reason: "Two accounts share one wallet.",
        before: { status: "in_review" },
        after: { status: "rejected" },
      },
    ]);
    expect(await auditOf("review.approve")).toEqual([]);
  });

  it("approves a held transfer into the next batch", async () => {
    const held = await transferInReview();
    const admin = await openConsoleAs(t, "admin");
    expect((await admin.post(`/api/admin/reviews/${held.id}/approve`, { reason: "Checked: two siblings." })).statusCode).toBe(200);
    const [row] = await queryRows<{ status: string }>(t.database.db, sql`select status from payouts where id = ${held.id}`);
    expect(row?.status).toBe("requested");
    expect(await auditOf("review.approve")).toHaveLength(1);
  });

  it("sets, changes and removes special days with a reason each, and refuses a day the calendar has not", async () => {
    const admin = await openConsoleAs(t, "admin");
    const set = await admin.post("/api/admin/special-days", { day: "2027-01-01", multiplier: 2, note: "New year", reason: "launch" });
    expect(set.json()).toEqual({ suc_msg: "2027-01-01 now pays ×2." });
    await admin.post("/api/admin/special-days", { day: "2027-01-01", multiplier: "3", reason: "bigger" });
    expect((await admin.get("/api/admin/special-days")).json()).toEqual({ days: [{ day: "2027-01-01", multiplier: 3, note: null }] });
    const badDay = await admin.post("/api/admin/special-days", { day: "2027-02-30", multiplier: 2, reason: "x" });
    expect(badDay.statusCode).toBe(400);
    expect((await admin.post("/api/admin/special-days", { day: "2027-01-02", multiplier: 4, reason: "x" })).json()).toEqual({
      err_msg: "Choose 1, 2 or 3.",
    });
    expect((await admin.post("/api/admin/special-days/2027-01-01/remove", { reason: "cancelled" })).statusCode).toBe(200);
    expect((await admin.post("/api/admin/special-days/2027-01-01/remove", { reason: "again" })).statusCode).toBe(404);
    expect((await auditOf("special_day.set")).map((row) => [row.before, row.after, row.reason])).toEqual([
      [null, { multiplier: 2, note: "New year" }, "launch"],
      [{ day: "2027-01-01", multiplier: 2, note: "New year" }, { multiplier: 3 }, "bigger"],
    ]);
    expect(await auditOf("special_day.remove")).toEqual([
      expect.objectContaining({ subject: "day:2027-01-01", reason: "cancelled", before: { day: "2027-01-01", multiplier: 3, note: null } }),
    ]);
  });

  it("shows support the contact inbox, newest first", async () => {
    for (const subject of ["First", "Second"]) {
      await storeContactMessage(
        { db: t.database.db, clock: t.clock },
        { name: "Ann", email: "ann@example.com", subject, message: "Hello" },
        "192.0.2.1",
      );
      t.clock.advance(1_000);
    }
    const support = await openConsoleAs(t, "support");
    const messages = (await support.get("/api/admin/messages")).json().messages;
    expect(messages.map((message: { subject: string }) => message.subject)).toEqual(["Second", "First"]);
    expect(messages[0]).toEqual(
      expect.objectContaining({ name: "Ann", email: "ann@example.com", message: "Hello", state: "new", replies: [] }),
    );
  });
});
