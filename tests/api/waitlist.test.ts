import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { DISPOSABLE_EMAIL, INVALID_EMAIL } from "../../common/api/auth.ts";
import { FORM_EXPIRED } from "../../common/api/fields.ts";
import { WAITLIST_CHECK_INBOX, WAITLIST_CONFIRMED, WAITLIST_LINK_EXPIRED } from "../../common/api/waitlist.ts";
import { queryRows } from "../../server/db/client.ts";
import { isUniqueViolation } from "../../server/db/errors.ts";
import { APP, agent } from "../helpers/agent.ts";
import { openConsoleAs } from "../helpers/console.ts";
import { startSmtpSink, tokenIn } from "../helpers/smtp-sink.ts";
import { type TestApp, useTestApp } from "../helpers/test-app.ts";

const sink = await startSmtpSink();
afterAll(() => sink.close());
const mailEnv = { SMTP_URL: sink.url, MAIL_FROM: "Kestrel <hello@kestrel.example>" };
const HOUR_MS = 60 * 60 * 1000;

let visitors = 0;
/** Each join from its own address unless a visitor is given: the per-address limit is tested on its own. */
async function join(t: TestApp, email: string, visitor = agent(t.app, { remoteAddress: `198.51.100.${++visitors}` })) {
  const reply = await visitor.post("/api/waitlist", { email, app: APP, csrfToken: await visitor.csrf("waitlist") });
  await t.app.mailer.flush();
  return reply;
}
const confirm = (t: TestApp, token: string) => agent(t.app).post("/api/waitlist/confirm", { token, app: APP });
const rows = (t: TestApp) =>
  queryRows<{ email: string; email_canonical: string; confirmed: boolean }>(
    t.database.db,
    sql`select email, email_canonical, confirmed_at is not null as confirmed from waitlist order by id`,
  );

describe("joining the waitlist while sign-ups are coming soon (double opt-in by email)", () => {
  const t = useTestApp({ env: mailEnv });

  it("emails a link; the address counts once the link is followed, and the link works once", async () => {
    const reply = await join(t, "wren@example.org");
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ suc_msg: WAITLIST_CHECK_INBOX });
    const mail = sink.lastTo("wren@example.org");
    expect(mail?.text).toContain("Subject: Confirm your place on the Kestrel waitlist");
    expect(mail?.text).toContain(`${t.site.site.origin}/waitlist?token=`);
    expect(await rows(t)).toEqual([{ email: "wren@example.org", email_canonical: "wren@example.org", confirmed: false }]);

    const token = tokenIn(mail);
    expect((await confirm(t, token)).json()).toEqual({ suc_msg: WAITLIST_CONFIRMED });
    expect((await rows(t))[0]?.confirmed).toBe(true);
    const replay = await confirm(t, token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ err_msg: WAITLIST_LINK_EXPIRED });
  });

  it("keeps one row per person, whatever the spelling, and answers the same without writing to a confirmed address again", async () => {
    await join(t, "boss@gmail.com");
    const first = tokenIn(sink.lastTo("boss@gmail.com"));
    const variant = await join(t, "B.o.s.s+waiting@GoogleMail.com");
    expect(variant.json()).toEqual({ suc_msg: WAITLIST_CHECK_INBOX });
    const second = tokenIn(
      sink.received.filter((mail) => mail.to.some((to) => to.toLowerCase() === "b.o.s.s+waiting@googlemail.com")).at(-1),
    );
    expect(second).not.toBe(first);
    // The newer link replaces the older one.
    expect((await confirm(t, first)).statusCode).toBe(400);
    expect((await confirm(t, second)).statusCode).toBe(200);
    const bosses = (await rows(t)).filter((row) => row.email_canonical === "boss@gmail.com");
    expect(bosses).toEqual([{ email: "B.o.s.s+waiting@GoogleMail.com", email_canonical: "boss@gmail.com", confirmed: true }]);

    const mailsBefore = sink.received.length;
    expect((await join(t, "boss@gmail.com")).json()).toEqual({ suc_msg: WAITLIST_CHECK_INBOX });
    expect(sink.received.length).toBe(mailsBefore);
  });

  it("has a unique constraint on the canonical address, behind the code", async () => {
    const insert = () =>
      t.database.db.execute(
        sql`insert into waitlist (email, email_canonical, created_at) values ('twice@example.org', 'twice@example.org', now())`,
      );
    await insert();
    const second = await insert().catch((error: unknown) => error);
    expect(isUniqueViolation(second, "waitlist_email_canonical_unique")).toBe(true);
  });

  it("refuses throwaway addresses as sign-ups do, and bad input with a 4xx and no row", async () => {
    const before = (await rows(t)).length;
    const throwaway = await join(t, "someone@mailinator.com");
    expect(throwaway.statusCode).toBe(400);
    expect(throwaway.json()).toEqual({ err_msg: DISPOSABLE_EMAIL });
    const invalid = await join(t, "not-an-address");
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ err_msg: INVALID_EMAIL });
    const visitor = agent(t.app);
    const noToken = await visitor.post("/api/waitlist", { email: "csrf@example.org", app: APP, csrfToken: "forged" });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json()).toEqual({ err_msg: FORM_EXPIRED });
    const notObject = await visitor.post("/api/waitlist", ["csrf@example.org"]);
    expect(notObject.statusCode).toBe(400);
    expect((await agent(t.app).post("/api/waitlist/confirm", { token: "x".repeat(500), app: APP })).statusCode).toBe(400);
    expect((await rows(t)).length).toBe(before);
  });

  it("lets a link expire after 24 hours", async () => {
    await join(t, "late@example.org");
    const token = tokenIn(sink.lastTo("late@example.org"));
    t.clock.advance(24 * HOUR_MS + 1000);
    expect((await confirm(t, token)).json()).toEqual({ err_msg: WAITLIST_LINK_EXPIRED });
  });

  it("limits requests for one address to three an hour", async () => {
    const visitor = agent(t.app);
    for (let i = 0; i < 3; i++) expect((await join(t, "again@example.org", visitor)).statusCode).toBe(200);
    const fourth = await join(t, "again@example.org", visitor);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers["retry-after"]).toBeDefined();
  });

  it("shows the console its counts, and refuses the announcement while sign-ups are not open", async () => {
    const support = await openConsoleAs(t, "support");
    const summary = (await support.get("/api/admin/waitlist")).json();
    expect(summary).toMatchObject({ signups_open: false, announced: null });
    expect(summary.confirmed).toBe((await rows(t)).filter((row) => row.confirmed).length);
    expect(summary.unconfirmed).toBe((await rows(t)).filter((row) => !row.confirmed).length);
    expect((await support.post("/api/admin/waitlist/announce", { reason: "open" })).statusCode).toBe(403);
    const admin = await openConsoleAs(t, "admin");
    const refused = await admin.post("/api/admin/waitlist/announce", { reason: "sign-ups open today" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().err_msg).toMatch(/SIGNUPS=open/);
  });
});

describe("telling the waitlist once that sign-ups are open", () => {
  const t = useTestApp({ env: mailEnv, site: (site) => ({ ...site, signups: "open" }) });

  it("emails every confirmed address once, with an audit row, however many admins ask at once", async () => {
    for (const email of ["one@example.org", "two@example.org"]) {
      await join(t, email);
      expect((await confirm(t, tokenIn(sink.lastTo(email)))).statusCode).toBe(200);
    }
    await join(t, "unconfirmed@example.org");
    const admin = await openConsoleAs(t, "admin");
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => admin.post("/api/admin/waitlist/announce", { reason: "sign-ups open today" })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    await t.app.backgroundWork.idle();
    await t.app.mailer.flush();

    const told = sink.received.filter((mail) => mail.text.includes("Subject: Sign-ups are open at Kestrel"));
    expect(told.flatMap((mail) => mail.to).sort()).toEqual(["one@example.org", "two@example.org"]);
    expect(told[0]?.text).toContain(`${t.site.site.origin}/register`);
    const audit = await queryRows<{ actor: string; after: unknown; reason: string }>(
      t.database.db,
      sql`select actor, after, reason from audit_log where action = 'waitlist.announce'`,
    );
    expect(audit).toEqual([{ actor: admin.user.email, after: { recipients: 2 }, reason: "sign-ups open today" }]);
    expect((await admin.get("/api/admin/waitlist")).json()).toMatchObject({
      confirmed: 2,
      unconfirmed: 1,
      signups_open: true,
      announced: { recipients: 2 },
    });
  });
});
