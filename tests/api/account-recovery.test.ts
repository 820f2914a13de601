import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { EMAIL_VERIFIED, LINK_EXPIRED, PASSWORD_RESET, RESET_REQUESTED } from "../../common/api/account-settings.ts";
import { queryRows } from "../../server/db/client.ts";
import { projectRoot } from "../../server/project-root.ts";
import { listMail } from "../../server/services/mail/queue.ts";
import { createUser, signedIn } from "../factories.ts";
import { APP, agent } from "../helpers/agent.ts";
import { startSmtpSink, tokenIn } from "../helpers/smtp-sink.ts";
import { useTestApp } from "../helpers/test-app.ts";

const sink = await startSmtpSink();
afterAll(() => sink.close());

const HOUR_MS = 60 * 60 * 1000;

describe("verifying the email and resetting the password, through real email", () => {
  const t = useTestApp({ env: { SMTP_URL: sink.url, MAIL_FROM: "Kestrel <hello@kestrel.example>" } });

  const verify = (token: string) => agent(t.app).post("/api/verify-email", { token, app: APP });

  async function forgot(visitor: ReturnType<typeof agent>, username: string) {
    return visitor.post("/api/forgot-password", { username, app: APP, csrfToken: await visitor.csrf("forgot-password") });
  }
  async function reset(visitor: ReturnType<typeof agent>, token: string, password: string, password2 = password) {
    return visitor.post("/api/reset-password", { token, password, password2, app: APP, csrfToken: await visitor.csrf("reset-password") });
  }
  async function mailAfter<T>(action: () => Promise<T>): Promise<T> {
    const result = await action();
    await t.app.backgroundWork.idle();
    await t.app.mailer.flush();
    return result;
  }

  it("sends a verification link at registration; the link verifies once, and the dashboard says so", async () => {
    const visitor = agent(t.app);
    const registered = await mailAfter(() => visitor.register({ username: "verify.me@example.org" }));
    expect(registered.json().suc_msg).toContain("open its link to confirm");
    const mail = sink.lastTo("verify.me@example.org");
    expect(mail?.from).toBe("hello@kestrel.example");
    expect(mail?.text).toContain("Subject: Confirm your email address for Kestrel");
    expect(mail?.text).toContain("Content-Type: text/plain");
    expect(mail?.text).toContain("Content-Type: text/html");
    expect(mail?.text).toContain(`${t.site.site.origin}/verify-email?token=`);

    expect((await visitor.signIn("verify.me@example.org", "kestrel-hovers-at-dawn")).statusCode).toBe(200);
    expect((await visitor.get(`/api/dashboard?app=${APP}`)).json().email_verified).toBe(false);
    const token = tokenIn(mail);
    expect((await verify(token)).json()).toEqual({ suc_msg: EMAIL_VERIFIED });
    expect((await visitor.get(`/api/dashboard?app=${APP}`)).json().email_verified).toBe(true);
    const replay = await verify(token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ err_msg: LINK_EXPIRED });
  });

  it("lets a verification link expire after 24 hours, and a newer link replaces an older one", async () => {
    const member = await createUser(t.database.db, { verified: false });
    const visitor = await signedIn(t.app, member);
    const resend = async () => visitor.post("/api/resend-verification", { app: APP, csrfToken: await visitor.csrf("account") });
    expect((await mailAfter(resend)).statusCode).toBe(200);
    const first = tokenIn(sink.lastTo(member.email));
    await mailAfter(resend);
    const second = tokenIn(sink.lastTo(member.email));
    expect(second).not.toBe(first);
    expect((await verify(first)).statusCode).toBe(400);
    t.clock.advance(24 * HOUR_MS + 1000);
    expect((await verify(second)).json()).toEqual({ err_msg: LINK_EXPIRED });
  });

  it("limits resending the verification link", async () => {
    const member = await createUser(t.database.db, { verified: false });
    const visitor = await signedIn(t.app, member);
    const statuses = [];
    for (let n = 0; n < 4; n++)
      statuses.push((await visitor.post("/api/resend-verification", { app: APP, csrfToken: await visitor.csrf("account") })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("answers a forgotten password the same way for a known and an unknown address, and mails only the account", async () => {
    const member = await createUser(t.database.db);
    await t.app.mailer.flush();
    const before = sink.received.length;
    const known = await mailAfter(async () => forgot(agent(t.app), member.email));
    const unknown = await mailAfter(async () => forgot(agent(t.app), "nobody.here@example.org"));
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ suc_msg: RESET_REQUESTED });
    const headerNames = (reply: typeof known) =>
      Object.keys(reply.headers)
        .filter((name) => name !== "date" && name !== "x-request-id")
        .sort();
    expect(headerNames(known)).toEqual(headerNames(unknown));
    expect(sink.received.slice(before).map((mail) => mail.to)).toEqual([[member.email]]);
  });

  it("resets the password from the link: the registration rules first, then every session ends, and the link is spent", async () => {
    const member = await createUser(t.database.db);
    const phone = await signedIn(t.app, member);
    const laptop = await signedIn(t.app, member);
    await mailAfter(async () => forgot(agent(t.app), member.email));
    const token = tokenIn(sink.lastTo(member.email));
    const visitor = agent(t.app);

    expect((await reset(visitor, token, "short")).statusCode).toBe(400);
    expect((await reset(visitor, token, "a-new-and-long-passphrase", "a-new-and-long-passphrase!")).json()).toEqual({
      err_msg: "The two passwords do not match.",
    });
    // Both devices were just looked up, so this instance holds their sessions: the reset must drop them.
    for (const device of [phone, laptop]) expect((await device.get(`/api/dashboard?app=${APP}`)).statusCode).toBe(200);
    const done = await mailAfter(() => reset(visitor, token, "a-new-and-long-passphrase"));
    expect(done.json()).toEqual({ suc_msg: PASSWORD_RESET });
    expect(sink.lastTo(member.email)?.text).toContain("Subject: Your Kestrel password was changed");
    for (const device of [phone, laptop]) expect((await device.get(`/api/dashboard?app=${APP}`)).statusCode).toBe(403);
    expect((await agent(t.app).signIn(member.email, member.password)).statusCode).toBe(401);
    expect((await agent(t.app).signIn(member.email, "a-new-and-long-passphrase")).statusCode).toBe(200);
    expect((await reset(agent(t.app), token, "yet-another-long-passphrase")).json()).toEqual({ err_msg: LINK_EXPIRED });
  });

  it("lets a reset link expire after 30 minutes, and keeps each link to its own purpose and account", async () => {
    const member = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    await mailAfter(async () => forgot(agent(t.app), member.email));
    const token = tokenIn(sink.lastTo(member.email));
    // A reset link is not a verification link.
    expect((await verify(token)).statusCode).toBe(400);
    t.clock.advance(30 * 60 * 1000 + 1000);
    expect((await reset(agent(t.app), token, "a-new-and-long-passphrase")).json()).toEqual({ err_msg: LINK_EXPIRED });
    // Nothing about the other account changed.
    expect((await agent(t.app).signIn(other.email, other.password)).statusCode).toBe(200);
  });

  it("limits forgotten-password requests per address, whether or not it has an account", async () => {
    const statuses = [];
    for (let n = 0; n < 4; n++) statuses.push((await forgot(agent(t.app), "limited@example.org")).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("limits forgotten-password requests per client address, counting an IPv6 /64 as one", async () => {
    t.clock.advance(2 * 60 * 60 * 1000);
    const statuses = [];
    for (let n = 1; n <= 11; n++)
      statuses.push((await forgot(agent(t.app, { remoteAddress: `2001:db8:3:4::${n}` }), `nobody.${n}@example.org`)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    expect((await forgot(agent(t.app, { remoteAddress: "2001:db8:3:5::1" }), "nobody.12@example.org")).statusCode).toBe(200);
  });

  it("keeps an email whose sending failed and sends it on a later try", async () => {
    const member = await createUser(t.database.db);
    sink.refuseNext(1);
    await mailAfter(async () => forgot(agent(t.app), member.email));
    const [waiting] = await queryRows<{ status: string; attempts: number; last_error: string }>(
      t.database.db,
      sql`select status, attempts, last_error from mail_queue where to_address = ${member.email} order by id desc limit 1`,
    );
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(sink.lastTo(member.email)).toBeUndefined();
    expect((await t.app.mailer.flush()).sent).toBe(0);
    t.clock.advance(61_000);
    expect((await t.app.mailer.flush()).sent).toBe(1);
    expect(tokenIn(sink.lastTo(member.email))).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("keeps a waiting email's link, but blanks an email's bodies once it is sent, so the database holds no live link", async () => {
    const member = await createUser(t.database.db);
    sink.refuseNext(1);
    await mailAfter(async () => forgot(agent(t.app), member.email));
    const bodies = () =>
      queryRows<{ text_body: string; html_body: string }>(
        t.database.db,
        sql`select text_body, html_body from mail_queue where to_address = ${member.email} order by id desc limit 1`,
      );
    expect((await bodies())[0]?.text_body).toContain("/reset-password?token=");
    t.clock.advance(61_000);
    expect((await t.app.mailer.flush()).sent).toBe(1);
    expect(tokenIn(sink.lastTo(member.email))).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await bodies()).toEqual([{ text_body: "", html_body: "" }]);
    const [listed] = (await listMail(t.database.db, { limit: 100 })).filter((mail) => mail.to === member.email);
    expect(listed).toMatchObject({ template: "reset-password", status: "sent", attempts: 2, sentAt: t.clock.now() });
    expect(listed?.subject).toMatch(/password/i);
  });

  it("migration 0016 blanks the bodies an older version kept of sent emails, and leaves waiting ones whole", async () => {
    const insert = (to: string, status: "sent" | "queued") =>
      t.database.db.execute(sql`insert into mail_queue (to_address, template, subject, text_body, html_body, status, next_attempt_at, created_at)
        values (${to}, 'reset-password', 'Reset your password', 'open /reset-password?token=live', '<a>live</a>', ${status}, ${t.clock.now()}, ${t.clock.now()})`);
    await insert("old-sent@example.com", "sent");
    await insert("waiting@example.com", "queued");
    const migration = readFileSync(path.join(projectRoot, "drizzle/0016_blank_sent_mail.sql"), "utf8");
    await t.database.db.execute(sql.raw(migration));
    const rows = await queryRows<{ to_address: string; text_body: string; html_body: string; subject: string }>(
      t.database.db,
      sql`select to_address, text_body, html_body, subject from mail_queue where to_address in ('old-sent@example.com', 'waiting@example.com') order by to_address`,
    );
    expect(rows).toEqual([
      { to_address: "old-sent@example.com", text_body: "", html_body: "", subject: "Reset your password" },
      {
        to_address: "waiting@example.com",
        text_body: "open /reset-password?token=live",
        html_body: "<a>live</a>",
        subject: "Reset your password",
      },
    ]);
  });
});
