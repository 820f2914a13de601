import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSiteConfig } from "../../config/site.ts";
import { type DatabaseHandle, openDatabase } from "../../server/db/client.ts";
import { databaseUrlFor, emptyServerDatabase } from "../helpers/test-database.ts";
import { claimAll, expectClaimsDurable, killDuringClaims, makeClaimers } from "../support/claim-load.ts";
import { startServer } from "../support/server-process.ts";

const APP = loadSiteConfig().token.slug;

function postgresCluster(action: "stop" | "start") {
  const version = readdirSync("/etc/postgresql")[0] as string;
  execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", action, ...(action === "stop" ? ["-m", "fast"] : [])], {
    stdio: "ignore",
  });
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("gave up waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("crash safety on the PostgreSQL server", () => {
  const adminUrl = process.env.PRODUCTION_DATABASE_URL as string;
  const databaseName = `kestrel_crash_${process.pid}`;
  const env = {
    DATABASE_URL: databaseUrlFor(adminUrl, databaseName),
    SESSION_SECRET: "crash-test-secret-0123456789abcdef012345",
  };
  let database: DatabaseHandle;
  let target: Awaited<ReturnType<typeof emptyServerDatabase>>;

  beforeAll(async () => {
    target = await emptyServerDatabase(adminUrl, databaseName);
  });

  afterAll(async () => {
    await database?.close();
    await target.drop();
  });

  it("keeps every acknowledged claim, none twice, through 20 kill -9 of the app during claim load", async () => {
    const { acknowledged, restartMs } = await killDuringClaims(env, 20);
    // Restart times are reported by the benchmark, not asserted: a busy machine restarts slowly, and that is no defect.
    expect(restartMs).toHaveLength(20);
    expect(acknowledged.size).toBeGreaterThan(0);
    expect(acknowledged.size).toBeLessThan(20 * 12);
    database = await openDatabase({ driver: "postgres", url: env.DATABASE_URL });
    await expectClaimsDurable(database.db, acknowledged);
    // A hang detector, as in the embedded database's crash test: each restart starts the hooked server from its sources.
  }, 900_000);

  it("answers 503 while the database restarts, and recovers by itself", async () => {
    const server = await startServer(env, { hooked: true });
    try {
      const [claimer] = await makeClaimers(server.url, 1);
      const dashboard = () => fetch(`${server.url}/api/dashboard?app=${APP}`, { headers: { cookie: `session=${claimer?.session_token}` } });
      expect((await dashboard()).status).toBe(200);

      postgresCluster("stop");
      try {
        await waitFor(async () => (await fetch(`${server.url}/readyz`)).status === 503, 60_000);
        const during = await dashboard();
        expect(during.status).toBe(503);
        expect(await during.json()).toEqual({ err_msg: "The service is briefly unavailable. Please try again in a moment." });
        expect(
          (await fetch(`${server.url}/api/claim-daily-reward?app=${APP}`, { headers: { cookie: `session=${claimer?.session_token}` } }))
            .status,
        ).toBe(503);
      } finally {
        postgresCluster("start");
      }
      await waitFor(async () => (await fetch(`${server.url}/readyz`)).status === 200, 120_000);
      expect((await dashboard()).status).toBe(200);
      const acknowledged = await claimAll(server.url, [claimer as NonNullable<typeof claimer>]);
      expect(acknowledged.size).toBe(1);
    } finally {
      await server.stop();
    }
  });
});
