import path from "node:path";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import { afterAll, afterEach, beforeAll } from "vitest";
import { loadSiteConfig, type SiteConfig } from "../../config/site.ts";
import { buildApp } from "../../server/app.ts";
import { fakeClock } from "../../server/clock.ts";
import { parseServerEnv } from "../../server/env.ts";
import { loadSiteBuild } from "../../server/plugins/site.ts";
import { projectRoot } from "../../server/project-root.ts";
import type { PasswordWork } from "../../server/services/auth/password-work.ts";
import type { PriceCache } from "../../server/services/price/price-cache.ts";
import { expectLedgerBalanced } from "./ledger.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

export const TEST_SESSION_SECRET = "test-secret-0123456789abcdef0123456789abcdef";

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  clock: ReturnType<typeof fakeClock>;
  site: SiteConfig;
};

export type TestAppOptions = {
  /** Serve the built site too (needs `npm run build`). */
  withSite?: boolean;
  env?: Record<string, string>;
  /** A price cache to use instead of the environment's source. */
  prices?: PriceCache;
  /** Log through this logger (by default nothing is logged). */
  logger?: FastifyServerOptions["logger"];
  /** Password work with limits a test controls. */
  passwordWork?: PasswordWork;
  /** The site's settings instead of the configured ones (a token deployed on a test chain). */
  site?: (configured: SiteConfig) => SiteConfig;
  /** Extra routes a test needs (for example one that fails on purpose). */
  extraRoutes?: (app: FastifyInstance) => void;
};

/** The server's settings in tests, with any overrides. */
export function testEnv(overrides: Record<string, string> = {}) {
  return parseServerEnv(
    // A light sign-up proof of work: suites register many accounts from one address; its own tests set the real base.
    { NODE_ENV: "test", SESSION_SECRET: TEST_SESSION_SECRET, LOG_LEVEL: "silent", SIGNUP_WORK_BASE: "200", ...overrides },
    loadSiteConfig(),
  );
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp & { close(): Promise<void> }> {
  const configured = loadSiteConfig();
  const site = options.site ? options.site(configured) : configured;
  const env = testEnv(options.env);
  const database = await createTestDatabase();
  const clock = fakeClock();
  const siteBuild = options.withSite ? loadSiteBuild(path.join(projectRoot, "build/client"), site) : null;
  const app = await buildApp({
    env,
    site,
    database,
    clock,
    siteBuild,
    prices: options.prices,
    passwordWork: options.passwordWork,
    logger: options.logger,
  });
  options.extraRoutes?.(app);
  await app.ready();
  return {
    app,
    database,
    clock,
    site,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}

/**
 * One app and one fresh database for the whole test file; the fields are
 * filled before the first test runs. After every test the ledger must balance.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  const context = {} as TestApp;
  let close: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const built = await buildTestApp(options);
    Object.assign(context, built);
    close = built.close;
  });
  afterEach(() => expectLedgerBalanced(context.database.db));
  afterAll(() => close());
  return context;
}
