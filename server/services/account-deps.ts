import type { SiteConfig } from "../../config/site.ts";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/client.ts";
import type { PasswordWork } from "./auth/password-work.ts";
import type { FairnessRules } from "./fairness/rules.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { Limit, RateLimiter } from "./rate-limit.ts";

/**
 * What the account services need: the database, the clock, the site (for
 * links), email, the bounded password work, and the login counter that
 * checks of the current password count against.
 */
export type AccountDeps = {
  db: Database;
  clock: Clock;
  site: SiteConfig;
  mailer: Mailer;
  work: PasswordWork;
  fairness: FairnessRules;
  rateLimiter: RateLimiter;
  failuresPerAccount: Limit;
};

export function siteWordsOf(site: SiteConfig): string[] {
  return [site.token.name, site.token.symbol, site.token.slug];
}

export function linkTo(site: SiteConfig, path: string, token: string): string {
  return `${site.site.origin}${path}?token=${token}`;
}
