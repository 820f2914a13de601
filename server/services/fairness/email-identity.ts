import { domainToASCII } from "node:url";

/** Which providers ignore what in an address; operators extend the lists (server/env.ts). */
export type EmailIdentityRules = {
  /** Providers that deliver `name+anything@` to `name@`. */
  subAddressingDomains: readonly string[];
  /** Providers that ignore dots in the local part. */
  dotlessDomains: readonly string[];
  /** Domains that are another provider's second name: `from=to`. */
  domainAliases: Readonly<Record<string, string>>;
};

/**
 * The one form of an address that all its spellings share, so that
 * `B.o.s.s+s1@GoogleMail.com` and `boss@gmail.com` are one person: Unicode
 * compatibility form, lower case, the domain in its ASCII (IDN) form and
 * under its provider's main name, then the provider's own equivalences.
 */
export function canonicalEmail(email: string, rules: EmailIdentityRules): string {
  const text = email.trim().normalize("NFKC").toLowerCase();
  const at = text.lastIndexOf("@");
  if (at < 1) return text;
  let local = text.slice(0, at);
  const written = text.slice(at + 1).replace(/\.$/, "");
  const ascii = domainToASCII(written) || written;
  const domain = rules.domainAliases[ascii] ?? ascii;
  if (rules.subAddressingDomains.includes(domain)) local = local.split("+")[0] || local;
  if (rules.dotlessDomains.includes(domain)) local = local.replaceAll(".", "") || local;
  return `${local}@${domain}`;
}

export function emailDomain(email: string): string {
  const text = email.trim().toLowerCase();
  const domain = text.slice(text.lastIndexOf("@") + 1).replace(/\.$/, "");
  return domainToASCII(domain) || domain;
}
