import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.ts";
import { rateLimitCounters, sessions } from "../../server/db/schema.ts";
import { MAX_SESSIONS_PER_MEMBER } from "../../server/services/sessions.ts";
import { createUser, signedIn } from "../factories.ts";
import { agent } from "../helpers/agent.ts";
import { testEnv, useTestApp } from "../helpers/test-app.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

describe("the sweep of expired rows", () => {
  const t = useTestApp();
  const rows = async (table: typeof sessions | typeof rateLimitCounters) =>
    (await t.database.db.select({ n: count() }).from(table))[0]?.n ?? 0;

  it("deletes expired sessions and closed rate-limit windows, once the clock has passed them", async () => {
    await signedIn(t.app, await createUser(t.database.db));
    await agent(t.app).signIn("nobody@example.com", "a-wrong-password");
    expect(await rows(sessions)).toBe(1);
    expect(await rows(rateLimitCounters)).toBeGreaterThan(0);

    expect(await t.app.jobs.runNow("sweep-expired")).toBe("ran");
    expect(await rows(sessions)).toBe(1);
    expect(await rows(rateLimitCounters)).toBeGreaterThan(0);

    t.clock.advance(8 * DAY_MS);
    expect(await t.app.jobs.runNow("sweep-expired")).toBe("ran");
    expect(await rows(sessions)).toBe(0);
    expect(await rows(rateLimitCounters)).toBe(0);
  });

  it("runs once per interval across instances on one database", async () => {
    t.clock.advance(DAY_MS);
    const otherInstance = await buildApp({ env: testEnv(), site: t.site, database: t.database, clock: t.clock, siteBuild: null });
    try {
      expect(await t.app.jobs.runNow("sweep-expired")).toBe("ran");
      expect(await otherInstance.jobs.runNow("sweep-expired")).toBe("leased-elsewhere");
      expect(await t.app.jobs.runNow("sweep-expired")).toBe("leased-elsewhere");
      t.clock.advance(10 * 60 * 1000);
      expect(await otherInstance.jobs.runNow("sweep-expired")).toBe("ran");
    } finally {
      await otherInstance.close();
    }
  });
});

describe("sessions per member", () => {
  const t = useTestApp();

  it(`keeps a member's ${MAX_SESSIONS_PER_MEMBER} newest sessions and ends the oldest`, async () => {
    const member = await createUser(t.database.db);
    const devices = [];
    for (let index = 0; index <= MAX_SESSIONS_PER_MEMBER; index++) {
      devices.push(await signedIn(t.app, member));
      t.clock.advance(1000);
    }
    const [total] = await t.database.db.select({ n: count() }).from(sessions);
    expect(total?.n).toBe(MAX_SESSIONS_PER_MEMBER);
    expect((await devices[0]?.get("/api/is-authenticated"))?.statusCode).toBe(401);
    expect((await devices[1]?.get("/api/is-authenticated"))?.statusCode).toBe(200);
    expect((await devices.at(-1)?.get("/api/is-authenticated"))?.statusCode).toBe(200);
  });
});
