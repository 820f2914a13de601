import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { SiteConfig } from "../../../config/site.ts";
import type { Clock } from "../../../server/clock.ts";
import type { Database } from "../../../server/db/client.ts";
import { users } from "../../../server/db/schema.ts";
import { insertMember } from "../../../server/services/auth/insert-member.ts";
import { setRole } from "../../../server/services/console/roles.ts";
import { unsubscribeLinks } from "../../../server/services/reminders/streak-reminders.ts";
import { sessionSecret } from "../../../server/services/secrets.ts";
import { createSession } from "../../../server/services/sessions.ts";

export const E2E_PASSWORD = "end-to-end-password";

/**
 * Test-only shortcuts, registered only by tests/support/hooked-server.ts: make
 * a signed-in user without the login form, move a user's last claim back in
 * time instead of waiting a day, give a user a streak of past claims, the unsubscribe links a reminder email
 * would carry (the reminder itself waits for the hours before midnight UTC), a request that takes its time
 * (for the graceful-shutdown test), a bare JSON route and a one-row primary-key
 * read through the app's own pool (the benchmarks' two floors).
 */
export async function e2eHooks(fastify: FastifyInstance, { db, clock, site }: { db: Database; clock: Clock; site: SiteConfig }) {
  // Test-only routes stay out of the published API document.
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  let created = 0;

  app.post(
    "/__e2e__/users",
    {
      schema: {
        hide: true,
        body: z.object({
          first_name: z.string().optional(),
          referred_by: z.string().optional(),
          remember: z.boolean().optional(),
          unverified: z.boolean().optional(),
          role: z.enum(["support", "admin"]).optional(),
        }),
      },
    },
    async (request) => {
      const body = request.body;
      created++;
      const email = `e2e.${Date.now()}.${created}@example.com`;
      const [referrer] = body.referred_by
        ? await db.select({ id: users.id }).from(users).where(eq(users.referralCode, body.referred_by))
        : [];
      const user = await insertMember(db, {
        email,
        firstName: body.first_name ?? "Ada",
        lastName: "Tester",
        password: E2E_PASSWORD,
        referredBy: referrer?.id,
        // Old enough for payouts: the browser tests start where a member of some weeks stands.
        createdAt: new Date(clock.now().getTime() - 30 * 24 * 60 * 60 * 1000),
        emailVerifiedAt: body.unverified ? null : clock.now(),
      });
      if (body.role) await setRole({ db, clock }, "shell", { id: user.id, email }, body.role, "e2e staff member");
      const session = await createSession({ db, clock }, user.id, body.remember ?? false);
      return { email, password: E2E_PASSWORD, referral_code: user.referralCode, session_token: session.token };
    },
  );

  // The benchmarks' baseline: the cheapest JSON answer this server can give, measured beside the real calls.
  app.get("/__e2e__/bare", { schema: { hide: true } }, async () => ({ ok: true }));

  app.get("/__e2e__/floor", { schema: { hide: true } }, async () => {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, 1));
    return { ok: row !== undefined };
  });

  // Slow requests, and how many have reached the server: a shutdown test signals only once they all have.
  let slowArrived = 0;
  app.get(
    "/__e2e__/slow",
    { schema: { hide: true, querystring: z.object({ ms: z.coerce.number().int().min(0).max(5_000) }) } },
    async (request) => {
      slowArrived++;
      await new Promise((resolve) => setTimeout(resolve, request.query.ms));
      return { ok: true };
    },
  );
  app.get("/__e2e__/slow-arrived", { schema: { hide: true } }, async () => ({ count: slowArrived }));

  app.post(
    "/__e2e__/backdate-claim",
    { schema: { hide: true, body: z.object({ email: z.string(), seconds_ago: z.number().int() }) } },
    async (request) => {
      const { email, seconds_ago } = request.body;
      const lastClaimAt = new Date(clock.now().getTime() - seconds_ago * 1000);
      await db
        .update(users)
        .set({ lastClaimAt, claimCount: sql`greatest(${users.claimCount}, 1)` })
        .where(eq(users.email, email));
      return { ok: true };
    },
  );

  app.post(
    "/__e2e__/claim-history",
    { schema: { hide: true, body: z.object({ email: z.string(), days: z.number().int().min(1).max(60) }) } },
    async (request) => {
      // One claim at 00:00 UTC on each of the `days` days before today, so today's claim is due and continues the streak.
      const today = Date.parse(`${clock.now().toISOString().slice(0, 10)}T00:00:00Z`);
      const { email, days } = request.body;
      await db.execute(sql`
        with member as (select id from users where email = ${email}
        ), entries as (
          insert into ledger_entries (user_id, kind, amount, created_at, reward_window)
          select member.id, 'daily_reward', 100, ${new Date(today)}::timestamptz - n * interval '1 day', ${days} + 1 - n
            from member, generate_series(1, ${days}) n
          returning user_id, amount
        )
        update users set balance = balance + (select sum(amount) from entries), claim_count = ${days},
               last_claim_at = ${new Date(today)}::timestamptz - interval '1 day'
         where id = (select id from member)`);
      return { ok: true };
    },
  );

  app.post("/__e2e__/unsubscribe-links", { schema: { hide: true, body: z.object({ email: z.string() }) } }, async (request, reply) => {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, request.body.email));
    if (!user) return reply.code(404).send({ err_msg: "no such member" });
    const links = unsubscribeLinks(site, await sessionSecret(db, process.env.SESSION_SECRET), user.id);
    const local = (link: string) => new URL(link).pathname + new URL(link).search;
    return { page: local(links.page), api: local(links.api) };
  });
}
