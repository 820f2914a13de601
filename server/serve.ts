import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { loadSiteConfig, type SiteConfig } from "../config/site.ts";
import { buildApp } from "./app.ts";
import { type Clock, systemClock } from "./clock.ts";
import type { Database } from "./db/client.ts";
import { openDatabaseFromEnv } from "./db/open-from-env.ts";
import { parseServerEnv } from "./env.ts";
import { createLogger } from "./logger.ts";
import { loadSiteBuild } from "./plugins/site.ts";
import { projectRoot } from "./project-root.ts";
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoData } from "./services/demo-data.ts";
import { assignCanonicalEmails } from "./services/fairness/canonical-backfill.ts";
import { fairnessRulesFrom } from "./services/fairness/rules.ts";

/** A stop must end within 10 s: in-flight requests get most of it. */
const DRAIN_DEADLINE_MS = 8_000;
const EXIT_DEADLINE_MS = 10_000;

/** What a caller may add before the server listens: the app and the services it was built on. */
export type BeforeListen = (app: FastifyInstance, services: { db: Database; clock: Clock; site: SiteConfig }) => Promise<void>;

/** Opens the database, builds the app, listens, and stops gracefully on SIGTERM or SIGINT. */
export async function serve(beforeListen?: BeforeListen) {
  const site = loadSiteConfig();
  const env = parseServerEnv(process.env, site);
  const siteBuild = env.SERVE_SITE ? loadSiteBuild(path.resolve(projectRoot, env.BUILD_DIR), site) : null;

  const database = await openDatabaseFromEnv(env);
  if (env.DEMO_DATA) {
    const { created } = await seedDemoData({ db: database.db, clock: systemClock, site });
    console.log(`Demo account${created ? " created" : ""}: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  }

  const canonical = await assignCanonicalEmails({ db: database.db, clock: systemClock, rules: fairnessRulesFrom(env).identity });
  if (canonical.flagged > 0)
    console.log(
      `${canonical.flagged} older account(s) share an address with another once tags and dots are set aside: flagged for review (npm run admin -- signals).`,
    );

  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true }) : undefined;
  const app = await buildApp({
    env,
    site,
    database,
    clock: systemClock,
    siteBuild,
    logger: createLogger(env),
    redis,
    serveMetrics: !env.METRICS_PORT,
  });
  await beforeListen?.(app, { db: database.db, clock: systemClock, site });
  await app.listen({ host: env.HOST, port: env.PORT });

  let metricsServer: FastifyInstance | undefined;
  if (env.METRICS_PORT) {
    metricsServer = Fastify({ logger: false });
    metricsServer.get("/metrics", async (_request, reply) =>
      reply.type(app.metrics.registry.contentType).send(await app.metrics.registry.metrics()),
    );
    await metricsServer.listen({ host: env.METRICS_HOST, port: env.METRICS_PORT });
  }
  app.log.info(
    { database: database.driver, redis: Boolean(redis), origin: site.site.origin, port: env.PORT },
    `${site.token.name} site ready`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      app.log.error("shutdown deadline passed; exiting");
      process.exit(1);
    }, EXIT_DEADLINE_MS).unref();
    app.log.info({ signal }, "shutting down: new requests get 503 while in-flight ones finish");
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // Keep answering 503 for the grace period even when idle, so a load balancer's health check sees it.
    await Promise.race([Promise.all([app.drain(), sleep(env.SHUTDOWN_GRACE_MS)]), sleep(DRAIN_DEADLINE_MS)]);
    await app.close();
    await metricsServer?.close();
    await database.close();
    redis?.disconnect();
    app.log.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
