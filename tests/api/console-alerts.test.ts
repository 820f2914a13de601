import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../server/db/client.ts";
import { operatorAlerts } from "../../server/db/schema.ts";
import { createUser, signedIn } from "../factories.ts";
import { consoleCalls, openConsoleAs } from "../helpers/console.ts";
import { useTestApp } from "../helpers/test-app.ts";

describe("operator alerts are marked handled, once, with the reason in the audit log", () => {
  const t = useTestApp();

  async function raiseAlert(subject: string) {
    const [alert] = await t.database.db
      .insert(operatorAlerts)
      .values({ kind: "unmatched_transfer", subject, details: "a transfer from the treasury matched no payout", createdAt: t.clock.now() })
      .returning();
    if (!alert) throw new Error("no alert");
    return alert.id;
  }
  const openAlertIds = async (calls: { get(url: string): Promise<{ json(): { alerts: { id: number }[] } }> }) =>
    (await calls.get("/api/admin/payouts")).json().alerts.map((alert) => alert.id);

  it("support marks one handled: it leaves the list and the overview's count, and the log says who, why and what it was", async () => {
    const support = await openConsoleAs(t, "support");
    const handled = await raiseAlert("0xfeed:1");
    const other = await raiseAlert("0xfeed:2");
    expect(await openAlertIds(support)).toEqual(expect.arrayContaining([handled, other]));
    const openBefore = (await support.get("/api/admin/overview")).json().open_alerts;

    const reply = await support.post(`/api/admin/alerts/${handled}/resolve`, { reason: "a test transfer of the treasury's own" });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ suc_msg: `Alert ${handled} is marked handled.` });
    expect(await openAlertIds(support)).not.toContain(handled);
    expect(await openAlertIds(support)).toContain(other);
    expect((await support.get("/api/admin/overview")).json().open_alerts).toBe(openBefore - 1);

    const audit = await queryRows<{ actor: string; reason: string; before: { kind: string; subject: string } }>(
      t.database.db,
      sql`select actor, reason, before from audit_log where action = 'alert.resolve' and subject = ${`alert:${handled}`}`,
    );
    expect(audit).toEqual([
      {
        actor: support.user.email,
        reason: "a test transfer of the treasury's own",
        before: expect.objectContaining({ kind: "unmatched_transfer", subject: "0xfeed:1" }),
      },
    ]);
  });

  it("two staff marking the same alert at once: one succeeds, the other is told it was already handled", async () => {
    const admin = await openConsoleAs(t, "admin");
    const support = await openConsoleAs(t, "support");
    const alert = await raiseAlert("0xbeef:7");
    const replies = await Promise.all(
      [admin, support].map((staff) => staff.post(`/api/admin/alerts/${alert}/resolve`, { reason: "looked into it" })),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    expect(replies.find((reply) => reply.statusCode === 409)?.json()).toEqual({ err_msg: `Alert ${alert} was already marked handled.` });
    const [{ count } = { count: -1 }] = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from audit_log where action = 'alert.resolve' and subject = ${`alert:${alert}`}`,
    );
    expect(count).toBe(1);
  });

  it("refuses a missing reason, an unknown or malformed alert, and anyone outside the console", async () => {
    const support = await openConsoleAs(t, "support");
    const alert = await raiseAlert("0xcafe:3");
    expect((await support.post(`/api/admin/alerts/${alert}/resolve`, { reason: "  " })).json()).toEqual({
      err_msg: "Type the reason for this change.",
    });
    expect((await support.post("/api/admin/alerts/999999/resolve", { reason: "gone" })).statusCode).toBe(404);
    const malformed = await support.post("/api/admin/alerts/abc/resolve", { reason: "typo" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty("err_msg");

    const member = await signedIn(t.app, await createUser(t.database.db));
    const memberCalls = consoleCalls(member, await member.csrf("console"));
    expect((await memberCalls.post(`/api/admin/alerts/${alert}/resolve`, { reason: "not mine" })).statusCode).toBe(403);
    expect(await openAlertIds(support)).toContain(alert);
  });
});
