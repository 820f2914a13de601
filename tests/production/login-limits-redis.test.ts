import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, it } from "vitest";
import { loadSiteConfig } from "../../config/site.ts";
import { buildApp } from "../../server/app.ts";
import { systemClock } from "../../server/clock.ts";
import { type DatabaseHandle, openDatabase } from "../../server/db/client.ts";
import { migrateDatabase } from "../../server/db/migrate.ts";
import { parseServerEnv } from "../../server/env.ts";
import { createUser } from "../factories.ts";
import { TEST_SESSION_SECRET } from "../helpers/test-app.ts";
import { databaseUrlFor, emptyServerDatabase } from "../helpers/test-database.ts";
import { expectParallelGuessesHeld } from "../support/parallel-logins.ts";

describe("login limits counted in Redis, under parallel guesses", () => {
  const adminUrl = process.env.PRODUCTION_DATABASE_URL as string;
  const databaseName = `kestrel_login_redis_${process.pid}`;
  let target: Awaited<ReturnType<typeof emptyServerDatabase>>;
  let database: DatabaseHandle;
  let redis: Redis;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    target = await emptyServerDatabase(adminUrl, databaseName);
    database = await openDatabase({ driver: "postgres", url: databaseUrlFor(adminUrl, databaseName), poolSize: 20 });
    await migrateDatabase(database);
    redis = new Redis(process.env.PRODUCTION_REDIS_URL as string);
    const site = loadSiteConfig();
    const env = parseServerEnv(
      {
        NODE_ENV: "test",
        SESSION_SECRET: TEST_SESSION_SECRET,
        LOG_LEVEL: "silent",
        TRUST_PROXY: "127.0.0.1",
        PASSWORD_CHECKS_PER_CLIENT: "1000",
      },
      site,
    );
    // Redis keys expire on the real clock, so this app runs on it too.
    app = await buildApp({ env, site, database, clock: systemClock, siteBuild: null, redis });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    redis?.disconnect();
    await target?.drop();
  });

  it("lets at most 10 of 200 parallel guesses reach the password check, and the right one last does not log in", async () => {
    const user = await createUser(database.db, { email: `redis-target.${Date.now()}@example.com` });
    await expectParallelGuessesHeld(app, {
      email: user.email,
      password: user.password,
      accountLimit: 10,
      ip: `203.0.113.${process.pid % 250}`,
    });
  });
});
