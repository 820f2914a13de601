import type { FastifyInstance } from "fastify";
import type { SiteConfig } from "../../../../config/site.ts";
import type { Clock } from "../../../clock.ts";
import type { Database } from "../../../db/client.ts";
import type { ServerEnv } from "../../../env.ts";
import type { AccountDeps } from "../../../services/account-deps.ts";
import { totpSealingKey } from "../../../services/console/sealed-secret.ts";
import type { RateLimiter } from "../../../services/rate-limit.ts";
import { consoleAccessRoutes } from "./access.ts";
import { consoleAlertRoutes } from "./alerts.ts";
import { consoleAuditRoutes } from "./audit.ts";
import { guardConsole } from "./guard.ts";
import { consoleMemberCareRoutes } from "./member-care.ts";
import { consoleMemberRoutes } from "./members.ts";
import { consoleMessageRoutes } from "./messages.ts";
import { consoleOverviewRoutes, type OverviewOptions } from "./overview.ts";
import { consolePayoutRoutes } from "./payouts.ts";
import { consoleQuestRoutes } from "./quests.ts";
import { consoleReviewRoutes } from "./review.ts";
import { consoleSpecialDayRoutes } from "./special-days.ts";
import { consoleWaitlistRoutes } from "./waitlist.ts";

export type ConsoleRoutesOptions = OverviewOptions & {
  db: Database;
  clock: Clock;
  site: SiteConfig;
  env: ServerEnv;
  secret: string;
  accounts: AccountDeps;
  /** Counts wrong codes per staff member. */
  rateLimiter: RateLimiter;
};

/** The operator console's API, every route behind one guard. */
export async function consoleRoutes(app: FastifyInstance, options: ConsoleRoutesOptions) {
  guardConsole(app, options);
  const withKey = { ...options, totpKey: totpSealingKey(options.secret) };
  await app.register(consoleAccessRoutes, withKey);
  await app.register(consoleMemberRoutes, withKey);
  await app.register(consoleMemberCareRoutes, options);
  await app.register(consoleAuditRoutes, options);
  await app.register(consolePayoutRoutes, withKey);
  await app.register(consoleAlertRoutes, options);
  await app.register(consoleOverviewRoutes, options);
  await app.register(consoleReviewRoutes, options);
  await app.register(consoleSpecialDayRoutes, options);
  await app.register(consoleQuestRoutes, options);
  await app.register(consoleMessageRoutes, options);
  await app.register(consoleWaitlistRoutes, { waitlist: options.accounts });
}
