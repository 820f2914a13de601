import { describe, expect, it } from "vitest";
import { rateLimitClientOf } from "./networks.ts";

describe("the client a per-address rate limit counts", () => {
  it.each([
    ["203.0.113.77", "203.0.113.77"],
    ["::ffff:203.0.113.77", "203.0.113.77"],
    ["::FFFF:203.0.113.77", "203.0.113.77"],
    ["2001:db8:abcd:12::1", "2001:db8:abcd:12::/64"],
    ["2001:0DB8:abcd:0012:ffff:ffff:ffff:ffff", "2001:db8:abcd:12::/64"],
    ["2001:db8::", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
  ])("%s is counted as %s", (ip, client) => {
    expect(rateLimitClientOf(ip)).toBe(client);
  });
});
