import { randomBytes } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from "fastify";
import type { Redis } from "ioredis";
import { Counter } from "prom-client";
import { guideCatalog, PLATFORM_NAMES } from "../app/content/guide-catalog.ts";
import { apiEndpoints } from "../common/api/endpoints.ts";
import type { SiteConfig } from "../config/site.ts";
import type { Clock } from "./clock.ts";
import type { DatabaseHandle } from "./db/client.ts";
import type { ServerEnv } from "./env.ts";
import { chainIndexJob } from "./jobs/chain-index.ts";
import { mailRetryJob } from "./jobs/mail-retry.ts";
import { reconcilePayoutsJob } from "./jobs/reconcile-payouts.ts";
import type { Job } from "./jobs/runner.ts";
import { jobRunner } from "./jobs/runner.ts";
import { streakRemindersJob } from "./jobs/streak-reminders.ts";
import { sweepJob } from "./jobs/sweep.ts";
import { answerClientError } from "./plugins/client-errors.ts";
import { errorHandling } from "./plugins/errors.ts";
import { memberArea } from "./plugins/member-area.ts";
import { metricsRoute, observability } from "./plugins/observability.ts";
import { openApi } from "./plugins/openapi.ts";
import { requestGuards } from "./plugins/request-guards.ts";
import { securityHeaders } from "./plugins/security-headers.ts";
import { sessionsPlugin } from "./plugins/sessions.ts";
import { gracefulShutdown } from "./plugins/shutdown.ts";
import { type SiteBuild, siteFastPath, sitePlugin } from "./plugins/site.ts";
import { zodSchemas } from "./plugins/zod-schemas.ts";
import { requestLogger } from "./request-logger.ts";
import { accountRecoveryRoutes } from "./routes/api/account-recovery.ts";
import { accountSettingsRoutes } from "./routes/api/account-settings.ts";
import { consoleRoutes } from "./routes/api/admin/index.ts";
import { authRoutes } from "./routes/api/auth.ts";
import { contactRoutes } from "./routes/api/contact.ts";
import { guideReportRoutes } from "./routes/api/guide-reports.ts";
import { leaderboardRoutes } from "./routes/api/leaderboard.ts";
import { marketRoutes } from "./routes/api/market.ts";
import { payoutRoutes } from "./routes/api/payouts.ts";
import { priceRoutes } from "./routes/api/price.ts";
import { questRoutes } from "./routes/api/quests.ts";
import { reminderRoutes } from "./routes/api/reminders.ts";
import { rewardRoutes } from "./routes/api/rewards.ts";
import { waitlistRoutes } from "./routes/api/waitlist.ts";
import { devOutboxRoutes } from "./routes/dev-outbox.ts";
import { healthRoutes } from "./routes/health.ts";
import { wellKnownRoutes } from "./routes/well-known.ts";
import type { AccountDeps } from "./services/account-deps.ts";
import { sendVerificationEmail } from "./services/account-recovery/verification.ts";
import { type PasswordWork, passwordWork } from "./services/auth/password-work.ts";
import { type BackgroundWork, backgroundWork } from "./services/background-work.ts";
import { chainIndexDepsFrom } from "./services/chain-index/settings.ts";
import { smtpForwarder } from "./services/contact.ts";
import { fairnessRulesFrom } from "./services/fairness/rules.ts";
import { limitBlocks } from "./services/limit-blocks.ts";
import { createMailer, type Mailer, mailTransportFrom } from "./services/mail/mailer.ts";
import { marketDepsFrom } from "./services/market/settings.ts";
import { signatureVerifierFor } from "./services/payouts/chain.ts";
import { reconcileDepsFrom } from "./services/payouts/settings.ts";
import { PriceCache } from "./services/price/price-cache.ts";
import { databaseSharedPrice, redisSharedPrice, type SharedPrice } from "./services/price/shared-price.ts";
import { fixedPriceSource, type PriceSource, uniswapV3PriceSource } from "./services/price/sources.ts";
import { questChainFrom } from "./services/quests/chain-reader.ts";
import { loadQuizBank } from "./services/quests/quiz-bank.ts";
import { seedQuestSettings } from "./services/quests/settings.ts";
import { databaseRateLimiter, type RateLimiter, redisRateLimiter } from "./services/rate-limit.ts";
import { altchaHmacKey, sessionSecret } from "./services/secrets.ts";

export type AppDependencies = {
  env: ServerEnv;
  site: SiteConfig;
  database: DatabaseHandle;
  clock: Clock;
  /** The prerendered site; null in API tests, which need no pages. */
  siteBuild: SiteBuild | null;
  logger?: FastifyServerOptions["logger"];
  /** Shared by instances for rate limits and the price lease, when configured. */
  redis?: Redis;
  /** The price cache; by default one reading the source the environment names. */
  prices?: PriceCache;
  /** Bounds argon2id work; by default from the environment's limits. */
  passwordWork?: PasswordWork;
  /** Serve /metrics from this app (with METRICS_TOKEN); false when a separate internal port serves it. */
  serveMetrics?: boolean;
};

function priceSourceFrom(env: ServerEnv, site: SiteConfig): PriceSource {
  if (env.PRICE_SOURCE === "uniswap-v3" && env.PRICE_RPC_URL) {
    return uniswapV3PriceSource({
      rpcUrl: env.PRICE_RPC_URL,
      poolAddress: site.dex.poolAddress,
      tokenAddress: site.token.address,
      timeoutMs: env.PRICE_TIMEOUT_MS,
    });
  }
  return fixedPriceSource(env.PRICE_FIXED);
}

/** Instances share the price through Redis, else PostgreSQL; the embedded database has one instance and no need. */
function sharedPriceFrom(deps: AppDependencies): SharedPrice | undefined {
  const source = `${deps.site.token.slug}:${deps.env.PRICE_SOURCE}`;
  if (deps.redis) return redisSharedPrice({ redis: deps.redis, source });
  if (deps.database.driver === "postgres") return databaseSharedPrice({ db: deps.database.db, clock: deps.clock, source });
  return undefined;
}

const MINUTE_MS = 60_000;

/** Reconciliation runs in the server when a node and the treasury are configured and its interval is not 0. */
function payoutJobs(env: ServerEnv, site: SiteConfig, services: { db: DatabaseHandle["db"]; clock: Clock }): Job[] {
  const deps = reconcileDepsFrom(env, site, services);
  return deps && env.PAYOUT_RECONCILE_SECONDS > 0 ? [reconcilePayoutsJob(deps, env.PAYOUT_RECONCILE_SECONDS * 1000)] : [];
}

/** The chain index runs in the server when a node is configured and its interval is not 0. */
function chainIndexJobs(env: ServerEnv, site: SiteConfig, services: { db: DatabaseHandle["db"]; clock: Clock }): Job[] {
  const deps = chainIndexDepsFrom(env, site, services);
  return deps && env.CHAIN_INDEX_SECONDS > 0 ? [chainIndexJob(deps, env.CHAIN_INDEX_SECONDS * 1000)] : [];
}

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
    backgroundWork: BackgroundWork;
  }
}

/** Unique across instances by a random prefix, then a counter: a UUID per request cost a page more than its routing. */
function requestIds(): () => string {
  const instance = randomBytes(6).toString("base64url");
  let count = 0;
  return () => `${instance}-${(++count).toString(36)}`;
}

/** JSON bodies of the API are small; anything larger is refused with 413. */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** Builds the whole server without listening: plugins first, then routes. Tests call it too. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { env, site, clock } = deps;
  const db = deps.database.db;
  const app = Fastify({
    logger: deps.logger ?? false,
    // Fastify's own two lines per request give way to the single request line of plugins/observability.ts.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY.length > 0 ? env.TRUST_PROXY : false,
    genReqId: requestIds(),
    childLoggerFactory: requestLogger,
    return503OnClosing: true,
    // A client that sends its headers or body slowly is cut off, and connections are capped, so slow senders cannot hold the server.
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: env.KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: env.HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(2_000, env.HEADERS_TIMEOUT_MS / 2),
    },
    clientErrorHandler: answerClientError,
  });
  app.server.maxConnections = env.MAX_CONNECTIONS;
  const prices =
    deps.prices ??
    new PriceCache({
      source: priceSourceFrom(env, site),
      refreshMs: env.PRICE_REFRESH_SECONDS * 1000,
      clock,
      log: app.log,
      shared: sharedPriceFrom(deps),
    });

  await app.register(gracefulShutdown);
  if (deps.siteBuild) await app.register(siteFastPath, { build: deps.siteBuild });
  await app.register(observability, {
    priceAgeSeconds: () => {
      const current = prices.current();
      return current ? (clock.now().getTime() - current.updatedAt.getTime()) / 1000 : null;
    },
  });
  // Checking every answer against its schema costs time; the test suites do it, production and the benchmarks do not.
  await app.register(zodSchemas, { checkResponses: env.NODE_ENV === "test" });
  await app.register(securityHeaders);
  await app.register(errorHandling, { site: deps.siteBuild });
  await app.register(requestGuards, { site });
  await app.register(sessionsPlugin, { db, clock, site });
  await app.register(openApi, { site });

  const work =
    deps.passwordWork ??
    passwordWork({
      concurrency: env.PASSWORD_CHECKS_AT_ONCE,
      maxWaiting: env.PASSWORD_CHECKS_WAITING,
      maxPerClient: env.PASSWORD_CHECKS_PER_CLIENT,
    });
  new Counter({
    name: "password_checks_total",
    help: "Password hashes and verifications started (argon2id)",
    registers: [app.metrics.registry],
    collect() {
      this.reset();
      this.inc(work.started());
    },
  });
  const rateLimiter: RateLimiter = deps.redis ? redisRateLimiter({ redis: deps.redis, clock }) : databaseRateLimiter({ db, clock });
  const secret = await sessionSecret(db, env.SESSION_SECRET);
  const fairness = fairnessRulesFrom(env);

  const mailer = createMailer({
    db,
    clock,
    site,
    transport: mailTransportFrom(env, (line) => app.log.info(line)),
    onError: (error) => app.log.error({ err: error }, "email delivery failed"),
  });
  const background = backgroundWork((error) => app.log.error({ err: error }, "background work failed"));
  app.decorate("mailer", mailer);
  app.decorate("backgroundWork", background);
  app.decorate("endpointTable", apiEndpoints(site.token.slug));
  app.addHook("onClose", async () => background.idle());
  const loginLimits = {
    failuresPerAccount: { max: env.LOGIN_MAX_FAILURES_PER_ACCOUNT, windowMs: 15 * MINUTE_MS },
    failuresPerIp: { max: env.LOGIN_MAX_FAILURES_PER_IP, windowMs: 15 * MINUTE_MS },
  };
  const accountDeps: AccountDeps = {
    db,
    clock,
    site,
    mailer,
    work,
    fairness,
    rateLimiter,
    failuresPerAccount: loginLimits.failuresPerAccount,
  };
  await app.register(memberArea, { secret, clock });
  await app.register(healthRoutes, { database: deps.database });
  await app.register(wellKnownRoutes, { site, clock });
  if (deps.serveMetrics !== false && env.METRICS_TOKEN) await app.register(metricsRoute, { token: env.METRICS_TOKEN });
  await app.register(authRoutes, {
    deps: accountDeps,
    secret,
    loginLimits,
    registrationsPerIp: { max: env.REGISTRATIONS_PER_IP_PER_HOUR, windowMs: 60 * MINUTE_MS },
    loginBlocks: limitBlocks(),
    altchaHmacKey: await altchaHmacKey(db, env.ALTCHA_HMAC_KEY),
    signupWorkBase: env.SIGNUP_WORK_BASE,
    onRegistered: (userId) => sendVerificationEmail(accountDeps, userId),
  });
  await app.register(accountRecoveryRoutes, {
    deps: accountDeps,
    rateLimiter,
    background,
    resetsPerIp: { max: env.PASSWORD_RESETS_PER_IP_PER_HOUR, windowMs: 60 * MINUTE_MS },
    resetsPerAddress: { max: 3, windowMs: 60 * MINUTE_MS },
  });
  await app.register(accountSettingsRoutes, {
    deps: accountDeps,
    rateLimiter,
    resendsPerMember: { max: 3, windowMs: 60 * MINUTE_MS },
  });
  await app.register(waitlistRoutes, {
    deps: accountDeps,
    rateLimiter,
    joinsPerIp: { max: env.CONTACT_MESSAGES_PER_IP_PER_HOUR, windowMs: 60 * MINUTE_MS },
    joinsPerAddress: { max: 3, windowMs: 60 * MINUTE_MS },
  });
  // Only when mail really stays here: with a mail server the queue holds live links to members' accounts.
  if (!env.SMTP_URL) await app.register(devOutboxRoutes, { db });
  const questChain = questChainFrom(env, site);
  await app.register(rewardRoutes, {
    site,
    db,
    clock,
    sharedNetworkAccounts: fairness.sharedNetworkAccounts,
    holdingIndex:
      questChain && site.rewards.chainQuests.some((quest) => quest.kind === "hold")
        ? { name: questChain.indexName, token: questChain.token }
        : null,
  });
  const bank = loadQuizBank(site);
  await seedQuestSettings({ db, clock }, site, bank);
  await app.register(questRoutes, { site, db, clock, bank, chain: questChain });
  await app.register(leaderboardRoutes, { site, db, clock });
  await app.register(reminderRoutes, { db, slug: site.token.slug, secret });
  await app.register(payoutRoutes, {
    site,
    db,
    clock,
    verifySignature: signatureVerifierFor(env.PAYOUT_RPC_URL),
    acceptRequestOrigin: env.NODE_ENV !== "production",
    minAccountAgeDays: fairness.payoutMinAccountAgeDays,
  });
  await app.register(consoleRoutes, { db, clock, site, env, secret, prices, redis: deps.redis, accounts: accountDeps, rateLimiter });
  app.addHook("onReady", async () => prices.start());
  app.addHook("onClose", async () => prices.stop());
  await app.register(marketRoutes, {
    clock,
    deps: marketDepsFrom(env, site, { db, clock }),
    cacheSeconds: env.MARKET_CACHE_SECONDS,
  });
  await app.register(priceRoutes, { site, prices, refreshSeconds: env.PRICE_REFRESH_SECONDS });
  await app.register(guideReportRoutes, {
    deps: {
      db,
      clock,
      rateLimiter,
      perIp: { max: env.CONTACT_MESSAGES_PER_IP_PER_HOUR, windowMs: 60 * MINUTE_MS },
      guides: new Map(guideCatalog(site).map((guide) => [guide.path, `${guide.title} (${PLATFORM_NAMES[guide.platform]})`])),
    },
  });
  await app.register(contactRoutes, {
    site,
    db,
    clock,
    rateLimiter,
    messagesPerIp: { max: env.CONTACT_MESSAGES_PER_IP_PER_HOUR, windowMs: 60 * MINUTE_MS },
    forward:
      env.SMTP_URL && env.CONTACT_FORWARD_TO && (env.CONTACT_FORWARD_FROM ?? env.MAIL_FROM)
        ? smtpForwarder({
            url: env.SMTP_URL,
            to: env.CONTACT_FORWARD_TO,
            from: env.CONTACT_FORWARD_FROM ?? env.MAIL_FROM ?? "",
            siteName: site.token.name,
          })
        : null,
  });
  await app.register(jobRunner, {
    db,
    clock,
    // Tests run jobs by hand with app.jobs.runNow and a moved clock.
    timers: env.NODE_ENV !== "test",
    jobs: [
      sweepJob({ db, clock, everyMs: env.SWEEP_INTERVAL_SECONDS * 1000 }),
      mailRetryJob(mailer, env.MAIL_RETRY_SECONDS * 1000),
      ...(env.STREAK_REMINDER_SECONDS > 0
        ? [streakRemindersJob({ db, clock, site, secret }, mailer, env.STREAK_REMINDER_SECONDS * 1000)]
        : []),
      ...payoutJobs(env, site, { db, clock }),
      ...chainIndexJobs(env, site, { db, clock }),
    ],
  });
  if (deps.siteBuild) await app.register(sitePlugin, { build: deps.siteBuild });
  return app;
}
