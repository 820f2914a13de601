/**
 * The API calls against two floors served by the same process, in interleaved
 * rounds, on PGlite and on the PostgreSQL server: a bare Fastify JSON route
 * (no I/O) and a route doing one primary-key SELECT through the app's own pool.
 * Requests per second, p50 and p99, the ratios, and the CPU a request costs
 * the server and the PostgreSQL server, which says which side bounds a call.
 * Then the home page and the price call, idle, beside a 50-connection
 * dashboard load, and beside a 50-connection load of the bare route, which
 * touches no database: the floor that shows whether the database holds up
 * the event loop, or any load on the same loop and cores would.
 * Then concurrent claims by many seeded users, each with a claim behind it
 * two intervals ago, each credited once (checked with SQL afterwards), in
 * rounds beside their own floors: all from one network, as a farm would (each
 * claim also writes its shared-network signal), and each from a network of
 * its own, as members do.
 * Goals: price ≥ 0.8× the bare route; on PostgreSQL dashboard ≥ 0.5× the
 * SELECT floor, claim ≥ 0.35× and claim p99 < 50 ms at 50 connections; under
 * load, / and price p99 within 2× of idle.
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
import { cpuDuring, postgresPids } from "./lib/cpu.ts";
import { recordSection, round } from "./lib/report.ts";
import { type LoadResult, median, type WrkOptions, wrk, wrkInBackground } from "./lib/wrk.ts";

const SITE = loadSiteConfig();
const APP = SITE.token.slug;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CLAIM_SECONDS = Number(process.env.BENCH_CLAIM_SECONDS ?? 4);
/** Each URL runs this long before the first round, so no first round measures a cold JIT, pool or statement cache. */
const WARM_UP_SECONDS = 2;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/**
 * The server's pool as an operator sizes it for a PostgreSQL server with this
 * machine's cores: two connections a core, and one (decision 031). At 20,
 * twenty backends took turns on two cores and the claim's p99 was about twice
 * as long, for fewer claims a second.
 */
const POOL_SIZE = 2 * os.availableParallelism() + 1;
/** When every seeded member last claimed: two claim intervals before the run, so each may claim again. */
const HISTORY_AT = new Date(Date.now() - 2 * SITE.rewards.claimIntervalHours * 60 * 60 * 1000);

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
        batch.map((index) => {
          const email = `bench.${index}@example.com`;
          // Its canonical form as sign-up writes it (no tag, dots or alias here), so the start-up backfill has nothing to do.
          return {
            email,
            emailCanonical: email,
            firstName: "Bench",
            lastName: `User ${index}`,
            passwordHash,
            referralCode: `BENCH${index}`,
          };
        }),
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

/** A load and the CPU it cost a request: the server process's, and the PostgreSQL server's (null on PGlite, whose thread is the server's). */
type MeasuredLoad = LoadResult & { serverCpuUs: number; databaseCpuUs: number | null };

/** The CPU a request costs each side, so a call's ratio says which side bounds it. */
function cpuPerRequest(load: MeasuredLoad[], side: "serverCpuUs" | "databaseCpuUs"): number | string {
  const perRound = load.map((run) => run[side]);
  return perRound.every((value) => value !== null) ? round(median(perRound as number[]), 0) : "–";
}

function compare(label: string, route: MeasuredLoad[], bare: LoadResult[], floor: LoadResult[]): Array<string | number> {
  const ratio = (to: LoadResult[]) => round(median(route.map((run, index) => run.rps / (to[index] as LoadResult).rps)));
  return [
    label,
    round(median(route.map((run) => run.rps)), 0),
    round(median(bare.map((run) => run.rps)), 0),
    round(median(floor.map((run) => run.rps)), 0),
    round(median(route.map((run) => run.p50Ms))),
    round(median(route.map((run) => run.p99Ms))),
    ratio(bare),
    ratio(floor),
    cpuPerRequest(route, "serverCpuUs"),
    cpuPerRequest(route, "databaseCpuUs"),
  ];
}

/**
 * Every member's claim of two intervals ago, from a network of its own, as a site
 * with this many members has behind it. On empty claim tables the pool's
 * connections cache plans that scan them, and keep those plans while the
 * load fills the tables: a state a real site leaves with its first
 * autovacuum, a minute in.
 */
async function seedClaimHistory(database: DatabaseHandle): Promise<void> {
  const amount = BigInt(SITE.rewards.dailyAmount);
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`update users set last_claim_at = ${HISTORY_AT}, claim_count = 1, balance = ${amount}`);
    await tx.execute(
      sql`insert into ledger_entries (user_id, kind, amount, created_at, reward_window) select id, 'daily_reward', ${amount}, ${HISTORY_AT}, 1 from users`,
    );
    await tx.execute(
      sql`insert into claim_networks (user_id, network, last_claim_at) select id, format('198.%s.%s.0/24', (id / 256) % 256, id % 256), ${HISTORY_AT} from users`,
    );
  });
}

type CreditCheck = { users: number; entries: number; twice: number };

/** The daily rewards the load credited (the seeded history left out), and the members credited more than once by it. */
async function creditCheck(database: DatabaseHandle): Promise<CreditCheck> {
  const [row] = await queryRows<CreditCheck>(
    database.db,
    sql`select count(distinct user_id)::int as users, count(*)::int as entries,
               (select count(*)::int from (select user_id from ledger_entries where kind = 'daily_reward' and created_at > ${HISTORY_AT}
                                            group by user_id having count(*) > 1) d) as twice
          from ledger_entries where kind = 'daily_reward' and created_at > ${HISTORY_AT}`,
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
  return { env: { DATABASE_URL: url, DATABASE_POOL_SIZE: String(POOL_SIZE) }, open: () => openDatabase({ driver: "postgres", url }), drop };
}

async function measure(driver: "pglite" | "postgres") {
  // Two claim loads in each round, all from one network and each from a network of its own, each over a slice of the members
  // of its own, so no one claims twice: about twice what a load credited in the fastest run so far (2,700 claims a
  // second on PostgreSQL, 1,900 on PGlite since it prepares its statements, for 4 s). A refusal is cheaper than a claim
  // and would flatter the figure.
  const slice = driver === "postgres" ? 25_000 : 15_000;
  // One slice more for each load, to warm it up.
  const claimers = 2 * (ROUNDS + 1) * slice;
  const target = await freshDatabase(driver);
  const seeding = await target.open();
  const tokens = await seedUsers(seeding, claimers + 1);
  await seedClaimHistory(seeding);
  // Fresh statistics, so the planner and autovacuum do not change course in the middle of a measurement; and a
  // checkpoint, since the seeding's WAL calls for one that PostgreSQL would otherwise spread over the next minutes of loads.
  await seeding.db.execute(sql`vacuum analyze`);
  await seeding.db.execute(sql`checkpoint`);
  await seeding.close();

  const server = await startServer(
    {
      ...target.env,
      LOG_LEVEL: "warn",
      // wrk is the proxy here: its X-Forwarded-For gives each claim of the second load a network of its own.
      TRUST_PROXY: "127.0.0.1",
      SESSION_SECRET: "bench-secret-0123456789abcdef0123456789",
    },
    // The floors (/__e2e__/bare and /floor) are test-only routes.
    { hooked: true },
  );
  const serverPids = () => [server.child.pid as number];
  const databasePids = driver === "postgres" ? postgresPids : () => [];
  const measured = (options: WrkOptions): MeasuredLoad => {
    const database = cpuDuring(databasePids, () => cpuDuring(serverPids, () => wrk(options)));
    const { result: run, cpuSeconds: serverCpu } = database.result;
    const perRequestUs = (seconds: number) => (seconds * 1e6) / run.requests;
    return {
      ...run,
      serverCpuUs: perRequestUs(serverCpu),
      databaseCpuUs: driver === "postgres" ? perRequestUs(database.cpuSeconds) : null,
    };
  };
  const rows: Array<Array<string | number>> = [];
  const blocking: Array<Array<string | number>> = [];
  const floorCpu: MeasuredLoad[] = [];
  const dashboardUnderLoad: number[] = [];
  const claimLoads = [
    { label: "all from one network", ownNetworks: false, runs: [] as MeasuredLoad[] },
    { label: "each from its own network", ownNetworks: true, runs: [] as MeasuredLoad[] },
  ];
  try {
    const session = `session=${tokens[0]}`;
    const bareUrl = `${server.url}/__e2e__/bare`;
    const floorUrl = `${server.url}/__e2e__/floor`;
    const calls: Array<{ label: string; url: string; headers: Record<string, string> }> = [
      { label: "price", url: `${server.url}/api/${APP}-price`, headers: {} },
      { label: "is-authenticated", url: `${server.url}/api/is-authenticated`, headers: { Cookie: session } },
      { label: "dashboard", url: `${server.url}/api/dashboard?app=${APP}`, headers: { Cookie: session } },
    ];
    const claimUrl = `${server.url}/api/claim-daily-reward?app=${APP}`;
    const slices = Array.from({ length: 2 * (ROUNDS + 1) }, (_, index) => tokens.slice(1 + index * slice, 1 + (index + 1) * slice));
    const claimLoad = (members: string[], ownNetworks: boolean, seconds: number): WrkOptions => ({
      url: claimUrl,
      seconds,
      cookies: members.map((token) => `session=${token}`),
      ownNetworks,
    });
    for (const url of [bareUrl, floorUrl]) wrk({ url, seconds: WARM_UP_SECONDS });
    for (const call of calls) wrk({ url: call.url, seconds: WARM_UP_SECONDS, headers: call.headers });
    for (const load of claimLoads) wrk(claimLoad(slices[load.ownNetworks ? 1 : 0] as string[], load.ownNetworks, WARM_UP_SECONDS));
    for (const call of calls) {
      const route: MeasuredLoad[] = [];
      const bare: LoadResult[] = [];
      const floor: MeasuredLoad[] = [];
      for (let index = 0; index < ROUNDS; index++) {
        bare.push(wrk({ url: bareUrl, seconds: SECONDS }));
        floor.push(measured({ url: floorUrl, seconds: SECONDS }));
        route.push(measured({ url: call.url, seconds: SECONDS, headers: call.headers }));
      }
      floorCpu.push(...floor);
      rows.push(compare(call.label, route, bare, floor));
    }
    // The home page and the price, alone, beside a dashboard load, and beside a load of the bare route: an event loop held
    // by the database shows as a gap between the last two, since the bare route's load touches no database.
    const pageUrls = { home: `${server.url}/`, price: calls[0]?.url as string };
    const pagesP99 = () => ({
      home: wrk({ url: pageUrls.home, connections: 2, seconds: SECONDS }).p99Ms,
      price: wrk({ url: pageUrls.price, connections: 2, seconds: SECONDS }).p99Ms,
    });
    const pagesP99Beside = async (load: WrkOptions) => {
      const running = wrkInBackground({ ...load, seconds: 2 * SECONDS + 2 });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const p99 = pagesP99();
      return { ...p99, loadP99: (await running).p99Ms };
    };
    const pagesRounds: Array<Record<"alone" | "dashboard" | "bare", { home: number; price: number }>> = [];
    for (let index = 0; index < ROUNDS; index++) {
      const alone = pagesP99();
      const dashboard = await pagesP99Beside({ url: calls[2]?.url as string, headers: { Cookie: session } });
      const bare = await pagesP99Beside({ url: bareUrl });
      dashboardUnderLoad.push(dashboard.loadP99);
      pagesRounds.push({ alone, dashboard, bare });
    }
    for (const [label, key] of [
      ["/", "home"],
      ["price", "price"],
    ] as const) {
      const p99 = (state: "alone" | "dashboard" | "bare") => round(median(pagesRounds.map((run) => run[state][key])));
      const ratio = (state: "dashboard" | "bare") => round(median(pagesRounds.map((run) => run[state][key] / run.alone[key])));
      blocking.push([label, p99("alone"), p99("dashboard"), ratio("dashboard"), p99("bare"), ratio("bare")]);
    }
    // Claims in rounds too, each beside its own floors, so a minute when the machine is slower lowers both sides of the ratio.
    const claimBare: LoadResult[] = [];
    const claimFloor: MeasuredLoad[] = [];
    for (let index = 0; index < ROUNDS; index++) {
      claimBare.push(wrk({ url: bareUrl, seconds: SECONDS }));
      claimFloor.push(measured({ url: floorUrl, seconds: SECONDS }));
      // Each round starts with the other load, so neither always meets the machine right after the floors.
      for (const load of index % 2 ? [...claimLoads].reverse() : claimLoads) {
        const members = slices[2 * (index + 1) + (load.ownNetworks ? 1 : 0)] as string[];
        load.runs.push(measured(claimLoad(members, load.ownNetworks, CLAIM_SECONDS)));
      }
    }
    for (const load of claimLoads) rows.push(compare(`claim, ${load.label}`, load.runs, claimBare, claimFloor));
    floorCpu.push(...claimFloor);
  } finally {
    await server.stop();
  }
  const checking = await target.open();
  const credit = await creditCheck(checking);
  await checking.close();
  await target.drop();
  const floorCpuUs = { server: cpuPerRequest(floorCpu, "serverCpuUs"), database: cpuPerRequest(floorCpu, "databaseCpuUs") };
  return { rows, blocking, dashboardP99UnderLoad: median(dashboardUnderLoad), claimLoads, credit, slice, floorCpuUs };
}

/** BENCH_DRIVERS=pglite (or postgres) measures one of the two. */
const drivers = (process.env.BENCH_DRIVERS ?? "pglite,postgres").split(",") as Array<"pglite" | "postgres">;
for (const driver of drivers) {
  const { rows, blocking, dashboardP99UnderLoad, claimLoads, credit, slice, floorCpuUs } = await measure(driver);
  const perLoad = (count: (run: LoadResult) => number) =>
    claimLoads.map((load) => `${load.label}: ${load.runs.map(count).join(", ")}`).join("; ");
  const name = driver === "pglite" ? "PGlite (embedded)" : "the PostgreSQL server";
  recordSection(driver === "pglite" ? "apiPglite" : "apiPostgres", {
    title: `API on ${name}: each call vs a bare JSON route and a one-row primary-key SELECT through the same pool, same process, 50 connections, median of ${ROUNDS} interleaved rounds`,
    goal:
      driver === "postgres"
        ? "price ≥ 0.8× bare; dashboard ≥ 0.5× the SELECT floor, claim ≥ 0.35× it, claim p99 < 50 ms"
        : "price ≥ 0.8× bare",
    columns: [
      "call",
      "req/s",
      "bare req/s",
      "SELECT floor req/s",
      "p50 ms",
      "p99 ms",
      "÷ bare",
      "÷ SELECT floor",
      "server CPU µs/req",
      "PostgreSQL CPU µs/req",
    ],
    rows,
    notes: [
      driver === "postgres"
        ? `CPU a request, over each load: the server process's, and that of every process of the PostgreSQL server. The SELECT floor's, median of all its rounds: server ${floorCpuUs.server} µs, PostgreSQL ${floorCpuUs.database} µs. The side that needs more of a core a request bounds the call.`
        : `CPU a request, over each load: the server process's, its database thread included. The SELECT floor's, median of all its rounds: ${floorCpuUs.server} µs.`,
      `Every URL ran for ${WARM_UP_SECONDS} s before the first round, each claim load over members of its own. Claims: ${ROUNDS} rounds of ${CLAIM_SECONDS} s for each load, each round beside its own floors. Requests (${perLoad((run) => run.requests)}), each load over its own ${slice} seeded users (a user claims again only if the load went round the list). Answers that were not 2xx (${perLoad((run) => run.errors)}).`,
      `Every seeded member has a claim behind it, two intervals before the run. SQL after the load: ${credit.entries} daily rewards for ${credit.users} users; users credited twice: ${credit.twice}.`,
      ...(driver === "postgres"
        ? [`The server's pool: ${POOL_SIZE} connections, two for each of this machine's cores and one (decision 031).`]
        : []),
    ],
  });
  recordSection(driver === "pglite" ? "blockingPglite" : "blockingPostgres", {
    title: `Pages beside the database on ${name}: p99 of / and of the price (2 connections) alone, beside a 50-connection dashboard load, and beside a 50-connection load of the bare route, median of ${ROUNDS} rounds`,
    goal: "p99 beside the dashboard load ≤ 2× the p99 alone",
    columns: ["call", "p99 ms alone", "p99 ms beside the dashboard", "÷ alone", "p99 ms beside the bare route", "÷ alone"],
    rows: blocking,
    notes: [
      `The dashboard's own p99 under that load: ${round(dashboardP99UnderLoad)} ms.`,
      "The bare route's load touches no database: it is the floor, what any 50 connections on the same event loop and cores do to the pages. A database that held the pages up would put the dashboard's column above it.",
    ],
  });
}
