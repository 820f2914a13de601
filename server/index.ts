import path from "node:path";
import { loadSiteConfig } from "../config/site.ts";
import { buildApp } from "./app.ts";
import { systemClock } from "./clock.ts";
import { openDatabase } from "./db/client.ts";
import { migrateDatabase } from "./db/migrate.ts";
import { parseServerEnv } from "./env.ts";
import { createLogger } from "./logger.ts";
import { loadSiteBuild } from "./plugins/site.ts";
import { projectRoot } from "./project-root.ts";
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoData } from "./services/demo-data.ts";

const SHUTDOWN_DEADLINE_MS = 10_000;

async function main() {
  const site = loadSiteConfig();
  const env = parseServerEnv(process.env, site);
  const logger = createLogger(env);
  const siteBuild = loadSiteBuild(path.resolve(projectRoot, env.BUILD_DIR), site);

  const database = env.DATABASE_URL
    ? await openDatabase({ driver: "postgres", url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE })
    : await openDatabase({ driver: "pglite", dataDir: path.resolve(projectRoot, env.PGLITE_DIR) });
  await migrateDatabase(database);
  if (env.DEMO_DATA) {
    const { created } = await seedDemoData({ db: database.db, clock: systemClock, site });
    console.log(`Demo account${created ? " created" : ""}: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  }

  const app = await buildApp({ env, site, database, clock: systemClock, siteBuild, logger });
  await app.listen({ host: env.HOST, port: env.PORT });
  app.log.info({ database: database.driver, origin: site.site.origin }, `${site.token.name} site ready`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const deadline = setTimeout(() => {
      app.log.error("shutdown deadline passed; exiting");
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
