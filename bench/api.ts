/**
 * The API calls against a bare Fastify JSON route served by the same process,
 * in interleaved rounds, on PGlite and on the PostgreSQL server: requests per
 * second, p50 and p99, and the ratios. Then concurrent claims by many seeded
 * users, each credited once (checked with SQL afterwards).
 * Goals: price ≥ 0.8× the bare route; dashboard ≥ 0.3× on PostgreSQL; claim p99 < 50 ms at 50 connections on PostgreSQL.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { loadSiteConfig } from "../config/site.ts";
import { type DatabaseHandle, openDatabase, queryRows } from "../server/db/client.ts";
import { migrateDatabase } from "../server/db/migrate.ts";
import { sessions, users } from "../server/db/schema.ts";
import { hashPassword } from "../server/services/auth/passwords.ts";
import { emptyServerDatabase } from "../tests/helpers/test-database.ts";
import { startServer } from "../tests/support/server-process.ts";
import { ensureDebianPackages } from "../tests/support/system-packages.ts";
import { recordSection, round } from "./lib/report.ts";
import { type LoadResult, median, wrk } from "./lib/wrk.ts";

const APP = loadSiteConfig().token.slug;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CLAIM_SECONDS = Number(process.env.BENCH_CLAIM_SECONDS ?? 6);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

ensureDebianPackages({ wrk: "wrk" });

/** Users with remembered sessions, written straight to the database: the claim load needs thousands. */
async function seedUsers(database: DatabaseHandle, count: number): Promise<string[]> {
  await migrateDatabase(database);
  const passwordHash = await hashPassword("bench-user-password");
  const tokens: string[] = [];
  const now = new Date();
  for (let start = 0; start < count; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - start) }, (_, index) => start + index);
    const created = await database.db
      .insert(users)
      .values(
        batch.map((index) => ({
          email: `bench.${index}@example.com`,
          firstName: "Bench",
          lastName: `User ${index}`,
          passwordHash,
          referralCode: `BENCH${index}`,
        })),
      )
      .returning({ id: users.id });
    const batchTokens = created.map(() => randomBytes(32).toString("base64url"));
    tokens.push(...batchTokens);
    await database.db.insert(sessions).values(
      created.map((user, index) => ({
        idHash: createHash("sha256")
          .update(batchTokens[index] as string)
          .digest("hex"),
        userId: user.id,
        remember: true,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + 29 * 24 * 3600 * 1000),
      })),
    );
  }
  return tokens;
}

function compare(label: string, route: LoadResult[], bare: LoadResult[]): Array<string | number> {
  const ratio = median(route.map((run, index) => run.rps / (bare[index] as LoadResult).rps));
  return [
    label,
    round(median(route.map((run) => run.rps)), 0),
    round(median(bare.map((run) => run.rps)), 0),
    round(median(route.map((run) => run.p50Ms))),
    round(median(route.map((run) => run.p99Ms))),
    round(ratio),
  ];
}

type CreditCheck = { users: number; entries: number; twice: number };

async function creditCheck(database: DatabaseHandle): Promise<CreditCheck> {
  const [row] = await queryRows<CreditCheck>(
    database.db,
    sql`select count(distinct user_id)::int as users, count(*)::int as entries,
               (select count(*)::int from (select user_id from ledger_entries where kind = 'daily_reward' group by user_id having count(*) > 1) d) as twice
          from ledger_entries where kind = 'daily_reward'`,
  );
  return row as CreditCheck;
}

/** A database for one driver: a fresh PGlite folder or a fresh database on the server; `reopen` gives a handle after the server stopped. */
async function freshDatabase(
  driver: "pglite" | "postgres",
): Promise<{ env: Record<string, string>; open(): Promise<DatabaseHandle>; drop(): Promise<void> }> {
  if (driver === "pglite") {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), "bench-api-")), "pglite");
    return { env: { PGLITE_DIR: dataDir }, open: () => openDatabase({ driver: "pglite", dataDir }), drop: async () => {} };
  }
  const name = `kestrel_bench_${process.pid}`;
  const { url, drop } = await emptyServerDatabase(POSTGRES_URL, name);
  return { env: { DATABASE_URL: url, DATABASE_POOL_SIZE: "20" }, open: () => openDatabase({ driver: "postgres", url }), drop };
}

async function measure(driver: "pglite" | "postgres") {
  const claimers = driver === "postgres" ? 20_000 : 8_000;
  const target = await freshDatabase(driver);
  const seeding = await target.open();
  const tokens = await seedUsers(seeding, claimers + 1);
  // Fresh statistics, so the planner and autovacuum do not change course in the middle of a measurement.
  await seeding.db.execute(sql`vacuum analyze`);
  await seeding.close();

  const server = await startServer({
    ...target.env,
    E2E_HOOKS: "1",
    LOG_LEVEL: "warn",
    SESSION_SECRET: "bench-secret-0123456789abcdef0123456789",
  });
  const rows: Array<Array<string | number>> = [];
  let claimRun: LoadResult;
  try {
    const session = `session=${tokens[0]}`;
    const bareUrl = `${server.url}/__e2e__/bare`;
    const calls: Array<{ label: string; url: string; headers: Record<string, string> }> = [
      { label: "price", url: `${server.url}/api/${APP}-price`, headers: {} },
      { label: "is-authenticated", url: `${server.url}/api/is-authenticated`, headers: { Cookie: session } },
      { label: "dashboard", url: `${server.url}/api/dashboard?app=${APP}`, headers: { Cookie: session } },
    ];
    for (const call of calls) {
      const route: LoadResult[] = [];
      const bare: LoadResult[] = [];
      for (let index = 0; index < ROUNDS; index++) {
        bare.push(wrk({ url: bareUrl, seconds: SECONDS }));
        route.push(wrk({ url: call.url, seconds: SECONDS, headers: call.headers }));
      }
      rows.push(compare(call.label, route, bare));
    }
    const bareBeforeClaims = wrk({ url: bareUrl, seconds: SECONDS });
    claimRun = wrk({
      url: `${server.url}/api/claim-daily-reward?app=${APP}`,
      seconds: CLAIM_SECONDS,
      cookies: tokens.slice(1).map((token) => `session=${token}`),
    });
    rows.push([
      `claim (${claimRun.requests} claims by different users)`,
      round(claimRun.rps, 0),
      round(bareBeforeClaims.rps, 0),
      round(claimRun.p50Ms),
      round(claimRun.p99Ms),
      round(claimRun.rps / bareBeforeClaims.rps),
    ]);
  } finally {
    await server.stop();
  }
  const checking = await target.open();
  const credit = await creditCheck(checking);
  await checking.close();
  await target.drop();
  return { rows, claimRun, credit, claimers };
}

for (const driver of ["pglite", "postgres"] as const) {
  const { rows, claimRun, credit, claimers } = await measure(driver);
  recordSection(driver === "pglite" ? "apiPglite" : "apiPostgres", {
    title: `API on ${driver === "pglite" ? "PGlite (embedded)" : "the PostgreSQL server"}: each call vs a bare JSON route in the same process, 50 connections, median of ${ROUNDS} interleaved rounds`,
    goal: driver === "postgres" ? "price ≥ 0.8×, dashboard ≥ 0.3×, claim p99 < 50 ms" : "price ≥ 0.8×",
    columns: ["call", "req/s", "bare req/s", "p50 ms", "p99 ms", "ratio to bare"],
    rows,
    notes: [
      `Claims: ${claimRun.requests} requests over ${claimers} seeded users (a user claims again only if the load went round the list); ${claimRun.errors} answers were not 2xx.`,
      `SQL after the load: ${credit.entries} daily rewards for ${credit.users} users; users credited twice: ${credit.twice}.`,
    ],
  });
}
