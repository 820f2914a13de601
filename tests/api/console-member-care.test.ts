import { eq, sql } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, describe, expect, it } from "vitest";
import { ACCOUNT_FROZEN } from "../../common/api/rewards.ts";
import { queryRows } from "../../server/db/client.ts";
import { users } from "../../server/db/schema.ts";
import { storeContactMessage } from "../../server/services/contact.ts";
import { postAdjustment } from "../../server/services/ledger.ts";
import { createBatch } from "../../server/services/payouts/batches.ts";
import { createUser, signedIn } from "../factories.ts";
import { APP } from "../helpers/agent.ts";
import { openConsoleAs } from "../helpers/console.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";
import { useTestApp } from "../helpers/test-app.ts";

const sink = await startSmtpSink();
afterAll(() => sink.close());

describe("a member's page in the console: hold, sessions, the confirmation email, activity", () => {
  const t = useTestApp({ env: { SMTP_URL: sink.url, MAIL_FROM: "Kestrel <hello@kestrel.example>" } });

  async function payingMember() {
    const user = await createUser(t.database.db);
    await postAdjustment({ db: t.database.db, clock: t.clock }, { userId: user.id, tokens: 40_000n, direction: "credit", reason: "test" });
    await t.database.db
      .update(users)
      .set({ walletAddress: privateKeyToAccount(generatePrivateKey()).address, walletVerifiedAt: t.clock.now() })
      .where(eq(users.id, user.id));
    const visitor = await signedIn(t.app, user);
    const csrfToken = await visitor.csrf("payouts");
    return {
      user,
      visitor,
      claim: () => visitor.get(`/api/claim-daily-reward?app=${APP}`),
      request: (amount: string) => visitor.post("/api/payouts", { amount, app: APP, csrfToken }),
    };
  }

  const auditOf = (action: string) =>
    queryRows<{ actor: string; subject: string; reason: string; before: unknown; after: unknown }>(
      t.database.db,
      sql`select actor, subject, reason, before, after from audit_log where action = ${action} order by id`,
    );

  it("puts an account on hold: no claim, no transfer request, no batch; off hold, all work again; both in the audit log", async () => {
    const member = await payingMember();
    const waiting = (await member.request("10000")).json();
    expect(waiting.status).toBe("requested");
    const admin = await openConsoleAs(t, "admin");

    const frozen = await admin.post(`/api/admin/members/${member.user.id}/freeze`, { reason: "chargeback on the exchange" });
    expect(frozen.json()).toEqual({ suc_msg: "The account is on hold: no claim, transfer request or batch until you unfreeze it." });
    const claim = await member.claim();
    expect(claim.statusCode).toBe(403);
    expect(claim.json()).toEqual({ err_msg: ACCOUNT_FROZEN });
    await member.visitor.post(`/api/payouts/${waiting.id}/cancel`, { app: APP, csrfToken: await member.visitor.csrf("payouts") });
    const refused = await member.request("10000");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ err_msg: ACCOUNT_FROZEN });

    const other = await payingMember();
    expect((await other.request("10000")).json().status).toBe("requested");
    await t.database.db.execute(sql`update users set frozen_at = ${t.clock.now()} where id = ${other.user.id}`);
    expect(await createBatch({ db: t.database.db, clock: t.clock }, { maxCount: 100, maxTotal: 10n ** 12n })).toBeNull();

    expect((await admin.post(`/api/admin/members/${member.user.id}/unfreeze`, { reason: "cleared" })).statusCode).toBe(200);
    expect((await member.claim()).statusCode).toBe(200);
    expect((await member.request("10000")).json().status).toBe("requested");
    const [freeze] = await auditOf("member.freeze");
    expect(freeze).toEqual({
      actor: admin.user.email,
      subject: `user:${member.user.id}`,
      reason: "chargeback on the exchange",
      before: { frozen_at: null },
      after: { frozen_at: t.clock.now().toISOString() },
    });
    expect(await auditOf("member.unfreeze")).toEqual([expect.objectContaining({ reason: "cleared", after: { frozen_at: null } })]);

    const support = await openConsoleAs(t, "support");
    expect((await support.post(`/api/admin/members/${member.user.id}/freeze`, { reason: "x" })).statusCode).toBe(403);
  });

  it("shows the member's sessions, transfers, referrals and signals, and signs a session out with a reason", async () => {
    const member = await payingMember();
    await createUser(t.database.db, { referredBy: member.user.id, email: `friend.${member.user.id}@example.com` });
    await member.request("10000");
    const admin = await openConsoleAs(t, "admin");
    const activity = (await admin.get(`/api/admin/members/${member.user.id}/activity`)).json();
    expect(activity).toMatchObject({
      frozen_at: null,
      referrals: [{ email: `friend.${member.user.id}@example.com` }],
      payouts: [{ amount: "10000", status: "requested" }],
      signals: [],
      messages: [],
    });
    expect(activity.sessions).toHaveLength(1);
    const session = activity.sessions[0].id;

    const revoked = await admin.post(`/api/admin/members/${member.user.id}/sessions/${session}/revoke`, { reason: "lost phone" });
    expect(revoked.json()).toEqual({ suc_msg: "That session is signed out." });
    expect((await member.claim()).statusCode).toBe(403);
    expect((await admin.get(`/api/admin/members/${member.user.id}/activity`)).json().sessions).toEqual([]);
    expect((await admin.post(`/api/admin/members/${member.user.id}/sessions/${session}/revoke`, { reason: "again" })).statusCode).toBe(404);
    expect((await admin.post(`/api/admin/members/${member.user.id}/sessions/not-a-session/revoke`, { reason: "x" })).statusCode).toBe(400);
    expect(await auditOf("member.session_revoke")).toEqual([expect.objectContaining({ reason: "lost phone", before: { session } })]);
    expect((await admin.get("/api/admin/members/999999/activity")).statusCode).toBe(404);
  });

  it("sends the confirmation link again to a member who has not confirmed, through real email; support may do it", async () => {
    const unconfirmed = await createUser(t.database.db, { verified: false, email: "late.confirmer@example.org" });
    const support = await openConsoleAs(t, "support");
    const sent = await support.post(`/api/admin/members/${unconfirmed.id}/resend-verification`, { reason: "asked by phone" });
    expect(sent.json()).toEqual({ suc_msg: "A new confirmation link is on its way to late.confirmer@example.org." });
    await t.app.mailer.flush();
    expect(sink.lastTo("late.confirmer@example.org")?.text).toContain(`${t.site.site.origin}/verify-email?token=`);
    expect(await auditOf("member.resend_verification")).toEqual([
      expect.objectContaining({ subject: `user:${unconfirmed.id}`, reason: "asked by phone" }),
    ]);

    const confirmed = await createUser(t.database.db);
    const refused = await support.post(`/api/admin/members/${confirmed.id}/resend-verification`, { reason: "x" });
    expect(refused.statusCode).toBe(409);
  });

  it("answers a contact message by email, marks it answered, closes it, and keeps both in the audit log", async () => {
    const id = await storeContactMessage(
      { db: t.database.db, clock: t.clock },
      { name: "Ann <b>", email: "ann.writes@example.org", subject: "Where is my transfer?", message: "I asked on Monday." },
      "192.0.2.7",
    );
    const support = await openConsoleAs(t, "support");
    expect((await support.post(`/api/admin/messages/${id}/reply`, { reply: " " })).json()).toEqual({ err_msg: "Write the reply." });
    const replied = await support.post(`/api/admin/messages/${id}/reply`, { reply: "It is in Friday's batch. *Thanks* for waiting." });
    expect(replied.json()).toEqual({ suc_msg: "Your reply is on its way by email." });
    await t.app.mailer.flush();
    const mail = sink.lastTo("ann.writes@example.org");
    expect(mail?.text).toContain("Subject: Re: Where is my transfer?");
    expect(mail?.text).toContain("It is in Friday's batch.");
    expect(mail?.text).not.toContain("<em>Thanks</em>");

    const listed = (await support.get("/api/admin/messages?state=answered")).json().messages;
    expect(listed).toEqual([
      expect.objectContaining({
        id,
        state: "answered",
        replies: [{ at: t.clock.now().toISOString(), body: "It is in Friday's batch. *Thanks* for waiting." }],
      }),
    ]);
    expect((await support.post(`/api/admin/messages/${id}/state`, { state: "closed", reason: "answered" })).json()).toEqual({
      suc_msg: "The message is now closed.",
    });
    expect((await support.get("/api/admin/messages?state=new")).json().messages.map((m: { id: number }) => m.id)).not.toContain(id);
    expect((await support.post(`/api/admin/messages/${id}/state`, { state: "gone", reason: "x" })).statusCode).toBe(400);
    expect((await support.post("/api/admin/messages/999999/reply", { reply: "Hello there" })).statusCode).toBe(404);
    expect((await auditOf("message.reply")).map((row) => [row.before, row.reason])).toEqual([[{ state: "new" }, "replied by email"]]);
    expect((await auditOf("message.state")).map((row) => [row.before, row.after])).toEqual([[{ state: "answered" }, { state: "closed" }]]);
  });
});
