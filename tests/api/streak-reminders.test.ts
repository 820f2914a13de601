import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { STREAK_REMINDER_ON, UNSUBSCRIBE_LINK_INVALID, UNSUBSCRIBED } from "../../common/api/reminders.ts";
import { queryRows } from "../../server/db/client.ts";
import { queueStreakReminders } from "../../server/services/reminders/streak-reminders.ts";
import { unsubscribeToken } from "../../server/services/reminders/unsubscribe-token.ts";
import { createUser, signedIn, type TestUser } from "../factories.ts";
import { type Agent, APP, agent } from "../helpers/agent.ts";
import { type ReceivedMail, startSmtpSink } from "../helpers/smtp-sink.ts";
import { TEST_SESSION_SECRET, type TestApp, useTestApp } from "../helpers/test-app.ts";

const sink = await startSmtpSink();
afterAll(() => sink.close());
const mailEnv = { SMTP_URL: sink.url, MAIL_FROM: "Kestrel <hello@kestrel.example>" };
const claim = `/api/claim-daily-reward?app=${APP}`;

/** A member who switched reminders on from the account page at `at`, signed in (remembered, so the session outlives the days a test moves through). */
async function optedIn(
  t: TestApp,
  at: string,
  overrides: Parameters<typeof createUser>[1] = {},
): Promise<{ user: TestUser; visitor: Agent }> {
  t.clock.set(at);
  const user = await createUser(t.database.db, overrides);
  const visitor = await signedIn(t.app, user, true);
  const reply = await visitor.put("/api/streak-reminder", { enabled: true, app: APP, csrfToken: await visitor.csrf("account") });
  expect(reply.json()).toEqual({ suc_msg: STREAK_REMINDER_ON });
  return { user, visitor };
}

async function claimAt(t: TestApp, visitor: Agent, at: string) {
  t.clock.set(at);
  expect((await visitor.get(claim)).statusCode, `claim at ${at}`).toBe(200);
}

/** The reminders job, as its timer runs it: the lease, the service, then the outbox. */
async function runJobAt(t: TestApp, at: string) {
  t.clock.set(at);
  expect(await t.app.jobs.runNow("streak-reminders")).toBe("ran");
}

const remindersTo = (address: string) =>
  sink.received.filter((mail) => mail.to.includes(address) && /^Subject: Your Kestrel streak of /m.test(mail.text));
/** A header's value as the mail server received it, folded lines joined. */
const header = (mail: ReceivedMail | undefined, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*(?:\\r\\n[ \\t].*)*)`, "mi").exec(mail?.data ?? "")?.[1]?.replace(/\r\n[ \t]+/g, "");
const reminderRows = (t: TestApp, userId: number) =>
  queryRows<{ day: string }>(t.database.db, sql`select day from streak_reminders where user_id = ${userId} order by day`);

describe("the streak reminder email", () => {
  const t = useTestApp({ env: mailEnv });

  it("is off until the member switches it on, and the account page reads what is saved", async () => {
    const user = await createUser(t.database.db);
    const visitor = await signedIn(t.app, user);
    expect((await visitor.get(`/api/streak-reminder?app=${APP}`)).json()).toEqual({ enabled: false, email_verified: true });
    await visitor.put("/api/streak-reminder", { enabled: true, app: APP, csrfToken: await visitor.csrf("account") });
    expect((await visitor.get(`/api/streak-reminder?app=${APP}`)).json()).toEqual({ enabled: true, email_verified: true });
    const forged = await visitor.put("/api/streak-reminder", { enabled: false, app: APP, csrfToken: "forged" });
    expect(forged.statusCode).toBe(403);
    expect((await agent(t.app).get(`/api/streak-reminder?app=${APP}`)).statusCode).toBe(403);
  });

  it("goes out within the window before midnight UTC, once that day, and again the next day across the boundary", async () => {
    const { user, visitor } = await optedIn(t, "2026-11-01T11:00:00Z", { email: "wren.streak@example.org" });
    const quiet = await createUser(t.database.db, { email: "quiet.streak@example.org" });
    const quietVisitor = await signedIn(t.app, quiet, true);
    await claimAt(t, visitor, "2026-11-01T12:00:00Z");
    await claimAt(t, quietVisitor, "2026-11-01T12:00:00Z");
    await claimAt(t, visitor, "2026-11-02T12:00:00Z");

    // 4 hours and a minute before the reset: outside the window (REWARD_STREAK_REMINDER_HOURS=4).
    await runJobAt(t, "2026-11-03T19:59:00Z");
    expect(remindersTo(user.email)).toHaveLength(0);
    await runJobAt(t, "2026-11-03T20:05:00Z");
    const [mail] = remindersTo(user.email);
    expect(mail?.text).toContain("Subject: Your Kestrel streak of 2 days ends at 00:00 UTC");
    expect(mail?.text).toContain(`${t.site.site.origin}/dashboard`);
    expect(mail?.text).toContain(`${t.site.site.origin}/unsubscribe?app=${APP}&token=${unsubscribeToken(TEST_SESSION_SECRET, user.id)}`);
    expect(remindersTo(quiet.email)).toHaveLength(0);

    // Later the same day, and again a second before midnight: nothing more.
    await runJobAt(t, "2026-11-03T22:00:00Z");
    await runJobAt(t, "2026-11-03T23:59:59Z");
    expect(remindersTo(user.email)).toHaveLength(1);

    // The member claims a second before midnight; the next UTC day the streak (now 3) is at risk again.
    await claimAt(t, visitor, "2026-11-03T23:59:59Z");
    await runJobAt(t, "2026-11-04T00:05:00Z");
    expect(remindersTo(user.email)).toHaveLength(1);
    // Claimed at 23:59:59 yesterday: the claim is ready again only from 23:59:59, inside the window's last second.
    await runJobAt(t, "2026-11-04T23:00:00Z");
    expect(remindersTo(user.email)).toHaveLength(1);
    await runJobAt(t, "2026-11-04T23:59:59Z");
    expect(remindersTo(user.email)).toHaveLength(2);
    expect(remindersTo(user.email)[1]?.text).toContain("Subject: Your Kestrel streak of 3 days ends at 00:00 UTC");
    expect(await reminderRows(t, user.id)).toEqual([{ day: "2026-11-03" }, { day: "2026-11-04" }]);

    // The streak broke at midnight: no streak, no reminder.
    await runJobAt(t, "2026-11-05T21:00:00Z");
    expect(remindersTo(user.email)).toHaveLength(2);
  });

  it("is not sent after today's claim, to an unconfirmed address, to an account on hold, or without a streak", async () => {
    const at = "2026-11-10T07:00:00Z";
    const claimed = await optedIn(t, at, { email: "claimed.streak@example.org" });
    const unconfirmed = await optedIn(t, at, { email: "unconfirmed.streak@example.org", verified: false });
    const held = await optedIn(t, at, { email: "held.streak@example.org" });
    for (const member of [claimed, unconfirmed, held]) await claimAt(t, member.visitor, "2026-11-10T08:00:00Z");
    await claimAt(t, claimed.visitor, "2026-11-11T08:00:00Z");
    await t.database.db.execute(sql`update users set frozen_at = ${new Date("2026-11-11T09:00:00Z")} where id = ${held.user.id}`);
    const newcomer = await optedIn(t, "2026-11-11T10:00:00Z", { email: "newcomer.streak@example.org" });

    await runJobAt(t, "2026-11-11T21:00:00Z");
    for (const { user } of [claimed, unconfirmed, held, newcomer]) expect(remindersTo(user.email), user.email).toHaveLength(0);
  });

  it("goes out once per member and day however many runs race, here or on other instances", async () => {
    const members = await Promise.all(
      ["race.one@example.org", "race.two@example.org", "race.three@example.org"].map((email) =>
        optedIn(t, "2026-11-20T05:00:00Z", { email }),
      ),
    );
    for (const { visitor } of members) await claimAt(t, visitor, "2026-11-20T06:00:00Z");
    t.clock.set("2026-11-21T22:00:00Z");
    const deps = { db: t.database.db, clock: t.clock, site: t.site, secret: TEST_SESSION_SECRET };
    // Twelve runs of the service at once, as instances without the job's lease would, beside the job itself.
    const [job, ...runs] = await Promise.all([
      t.app.jobs.runNow("streak-reminders"),
      ...Array.from({ length: 12 }, () => queueStreakReminders(deps)),
    ]);
    expect(job).toBe("ran");
    expect(runs.reduce((sum, run) => sum + run.reminded, 0)).toBeLessThanOrEqual(3);
    await t.app.mailer.flush();
    for (const { user } of members) {
      expect(remindersTo(user.email), user.email).toHaveLength(1);
      expect(await reminderRows(t, user.id)).toEqual([{ day: "2026-11-21" }]);
    }
    const queued = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from mail_queue where template = 'streak-reminder' and to_address like 'race.%'`,
    );
    expect(queued[0]?.count).toBe(3);
  });

  describe("one-click unsubscribe (RFC 8058)", () => {
    async function remindedMember(email: string, day: string) {
      const member = await optedIn(t, `${day}T00:30:00Z`, { email });
      await claimAt(t, member.visitor, `${day}T01:00:00Z`);
      const next = new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
      await runJobAt(t, `${next}T21:00:00Z`);
      const mail = remindersTo(email).at(-1);
      expect(mail, email).toBeDefined();
      return { ...member, mail };
    }
    const setting = async (visitor: Agent) => (await visitor.get(`/api/streak-reminder?app=${APP}`)).json().enabled;
    const oneClick = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: "POST",
        url,
        payload: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      });

    it("carries List-Unsubscribe with the API link and List-Unsubscribe-Post, and the POST alone unsubscribes, without a session", async () => {
      const { user, visitor, mail } = await remindedMember("one.click@example.org", "2026-12-01");
      const token = unsubscribeToken(TEST_SESSION_SECRET, user.id);
      const api = `${t.site.site.origin}/api/unsubscribe?app=${APP}&token=${token}`;
      expect(header(mail, "List-Unsubscribe")).toBe(`<${api}>`);
      expect(header(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

      const path = new URL(api).pathname + new URL(api).search;
      // A scanner or a person following the link with GET changes nothing: it is sent to the page with the button.
      const visit = await t.app.inject({ method: "GET", url: path });
      expect(visit.statusCode).toBe(303);
      expect(visit.headers.location).toBe(`/unsubscribe?app=${APP}&token=${encodeURIComponent(token)}`);
      expect(await setting(visitor)).toBe(true);

      const reply = await oneClick(path);
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({ suc_msg: UNSUBSCRIBED });
      expect(await setting(visitor)).toBe(false);
      // Again: the same answer, nothing left to change.
      expect((await oneClick(path)).json()).toEqual({ suc_msg: UNSUBSCRIBED });

      // Unsubscribed, the next day's risk sends nothing.
      await claimAt(t, visitor, "2026-12-02T22:00:00Z");
      await runJobAt(t, "2026-12-03T23:00:00Z");
      expect(remindersTo(user.email)).toHaveLength(1);
    });

    it("takes the POST as multipart too, as RFC 8058 allows", async () => {
      const { user, visitor } = await remindedMember("multipart.click@example.org", "2026-12-05");
      const boundary = "----reminder-boundary";
      const reply = await t.app.inject({
        method: "POST",
        url: `/api/unsubscribe?app=${APP}&token=${unsubscribeToken(TEST_SESSION_SECRET, user.id)}`,
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      });
      expect(reply.json()).toEqual({ suc_msg: UNSUBSCRIBED });
      expect(await setting(visitor)).toBe(false);
    });

    it("refuses a tampered token, another secret's token and a POST without One-Click, and changes nothing", async () => {
      const { user, visitor } = await remindedMember("tampered.click@example.org", "2026-12-10");
      const other = await optedIn(t, "2026-12-11T22:00:00Z", { email: "other.click@example.org" });
      const token = unsubscribeToken(TEST_SESSION_SECRET, user.id);
      const [, signature] = token.split(".");
      const tampered = [
        `${other.user.id}.${signature}`,
        `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
        unsubscribeToken("another-secret-0123456789abcdef0123456789", user.id),
        `${user.id}`,
        `${token}.extra`,
      ];
      for (const bad of tampered) {
        const reply = await oneClick(`/api/unsubscribe?app=${APP}&token=${encodeURIComponent(bad)}`);
        expect(reply.statusCode, bad).toBe(400);
        expect(reply.json()).toEqual({ err_msg: UNSUBSCRIBE_LINK_INVALID });
      }
      const noOneClick = await t.app.inject({
        method: "POST",
        url: `/api/unsubscribe?app=${APP}&token=${token}`,
        payload: "List-Unsubscribe=Yes",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(noOneClick.statusCode).toBe(400);
      expect(await setting(visitor)).toBe(true);
      expect(await setting(other.visitor)).toBe(true);
    });
  });
});
