import type { ServerEnv } from "../../env.ts";
import type { DisposableEmailRules } from "./disposable-email.ts";
import type { EmailIdentityRules } from "./email-identity.ts";

/** What the fair-rewards checks need from the server's settings. */
export type FairnessRules = {
  identity: EmailIdentityRules;
  disposable: DisposableEmailRules;
  payoutMinAccountAgeDays: number;
  /** Accounts from one network within a day before each is flagged. */
  sharedNetworkAccounts: number;
};

export function fairnessRulesFrom(env: ServerEnv): FairnessRules {
  return {
    identity: {
      subAddressingDomains: env.EMAIL_SUBADDRESS_DOMAINS,
      dotlessDomains: env.EMAIL_DOTLESS_DOMAINS,
      domainAliases: Object.fromEntries(env.EMAIL_DOMAIN_ALIASES.map((pair) => pair.split("=") as [string, string])),
    },
    disposable: { allow: env.DISPOSABLE_EMAIL_ALLOW, deny: env.DISPOSABLE_EMAIL_DENY },
    payoutMinAccountAgeDays: env.PAYOUT_MIN_ACCOUNT_AGE_DAYS,
    sharedNetworkAccounts: env.SHARED_NETWORK_ACCOUNTS,
  };
}
