import { createRequire } from "node:module";
import { emailDomain } from "./email-identity.ts";

export type DisposableEmailRules = { allow: readonly string[]; deny: readonly string[] };

type Lists = { exact: ReadonlySet<string>; wildcard: readonly string[] };
let lists: Lists | undefined;

/** The community-maintained lists (npm `disposable-email-domains`), read on first use: about 120,000 domains. */
function maintainedLists(): Lists {
  if (!lists) {
    const require = createRequire(import.meta.url);
    lists = {
      exact: new Set(require("disposable-email-domains") as string[]),
      wildcard: require("disposable-email-domains/wildcard.json") as string[],
    };
  }
  return lists;
}

function matches(domain: string, listed: string): boolean {
  return domain === listed || domain.endsWith(`.${listed}`);
}

/** True for an address at a throwaway-mail service; the operator's allow list wins over every list, then their deny list. */
export function isDisposableEmail(email: string, rules: DisposableEmailRules): boolean {
  const domain = emailDomain(email);
  if (rules.allow.some((listed) => matches(domain, listed))) return false;
  if (rules.deny.some((listed) => matches(domain, listed))) return true;
  const { exact, wildcard } = maintainedLists();
  return exact.has(domain) || wildcard.some((listed) => matches(domain, listed));
}
