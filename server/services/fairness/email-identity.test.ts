import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "../../../config/site.ts";
import { parseServerEnv } from "../../env.ts";
import { isDisposableEmail } from "./disposable-email.ts";
import { canonicalEmail } from "./email-identity.ts";
import { networkOf } from "./networks.ts";
import { fairnessRulesFrom } from "./rules.ts";

const rules = fairnessRulesFrom(parseServerEnv({ NODE_ENV: "test" }, loadSiteConfig()));

describe("the canonical form of an email address", () => {
  it.each([
    ["sub-address at Gmail", "boss+s1@gmail.com", "boss@gmail.com"],
    ["dots at Gmail", "b.o.s.s@gmail.com", "boss@gmail.com"],
    ["dots and a tag at Gmail", "b.o.s.s+farm.20@gmail.com", "boss@gmail.com"],
    ["Googlemail is Gmail", "Boss+x@GoogleMail.com", "boss@gmail.com"],
    ["case anywhere", "BOSS@GMAIL.COM", "boss@gmail.com"],
    ["surrounding space and a trailing dot on the domain", "  boss@gmail.com.  ", "boss@gmail.com"],
    ["sub-address at Outlook", "boss+s2@outlook.com", "boss@outlook.com"],
    ["Outlook keeps its dots", "b.oss@outlook.com", "b.oss@outlook.com"],
    ["Proton's second domain", "boss+a@protonmail.ch", "boss@proton.me"],
    ["an unknown provider keeps tags and dots", "a.b+c@example.com", "a.b+c@example.com"],
    ["full-width letters are the letters they look like (Unicode NFKC)", "ｂｏｓｓ@gmail.com", "boss@gmail.com"],
    ["a Unicode domain in its IDN form", "anna@bücher.example", "anna@xn--bcher-kva.example"],
    ["the IDN and Unicode spellings of a domain agree", "Anna@XN--BCHER-KVA.example", "anna@xn--bcher-kva.example"],
    ["a Unicode local part keeps its letters, in lower case", "Ünal@example.com", "ünal@example.com"],
    ["a lone tag is not stripped to nothing", "+@gmail.com", "+@gmail.com"],
  ])("%s: %s → %s", (_case, input, expected) => {
    expect(canonicalEmail(input, rules.identity)).toBe(expected);
  });

  it("takes the provider lists from the server's settings", () => {
    const custom = fairnessRulesFrom(
      parseServerEnv({ NODE_ENV: "test", EMAIL_SUBADDRESS_DOMAINS: "example.org", EMAIL_DOTLESS_DOMAINS: "example.org" }, loadSiteConfig()),
    );
    expect(canonicalEmail("a.b+c@example.org", custom.identity)).toBe("ab@example.org");
    expect(canonicalEmail("a.b+c@gmail.com", custom.identity)).toBe("a.b+c@gmail.com");
  });
});

describe("throwaway addresses", () => {
  it("are found in the maintained list, with subdomains and wildcard entries", () => {
    expect(isDisposableEmail("x@mailinator.com", rules.disposable)).toBe(true);
    expect(isDisposableEmail("x@MAILINATOR.COM", rules.disposable)).toBe(true);
    expect(isDisposableEmail("x@gmail.com", rules.disposable)).toBe(false);
    expect(isDisposableEmail("x@example.com", rules.disposable)).toBe(false);
  });

  it("follow the operator's allow list first, then their deny list", () => {
    expect(isDisposableEmail("x@mailinator.com", { allow: ["mailinator.com"], deny: [] })).toBe(false);
    expect(isDisposableEmail("x@farm.example", { allow: [], deny: ["farm.example"] })).toBe(true);
    expect(isDisposableEmail("x@eu.farm.example", { allow: [], deny: ["farm.example"] })).toBe(true);
  });
});

describe("the network of a client address", () => {
  it.each([
    ["203.0.113.77", "203.0.113.0/24"],
    ["::ffff:203.0.113.77", "203.0.113.0/24"],
    ["2001:db8:abcd:12::1", "2001:db8:abcd::/48"],
    ["2001:0db8:00ab::", "2001:db8:ab::/48"],
    ["::1", "0:0:0::/48"],
  ])("%s is in %s", (ip, network) => {
    expect(networkOf(ip)).toBe(network);
  });
});
