import { isIPv4, isIPv6 } from "node:net";

/**
 * The network a client address belongs to, as fairness checks count it: the
 * /24 of an IPv4 address, the /48 of an IPv6 one (what one household or small
 * office is usually given). Only this prefix is stored, never the address.
 */
export function networkOf(ip: string): string {
  const address = unmapped(ip);
  if (isIPv4(address)) return `${address.split(".").slice(0, 3).join(".")}.0/24`;
  if (isIPv6(address)) return ipv6Prefix(address, 3);
  return address;
}

/**
 * The client a per-address rate limit counts: an IPv4 address itself, but the
 * /64 of an IPv6 one, since the smallest network a customer is given is a /64
 * and any address in it is theirs to send from.
 */
export function rateLimitClientOf(ip: string): string {
  const address = unmapped(ip);
  return isIPv6(address) ? ipv6Prefix(address, 4) : address;
}

/** An IPv4 address written as IPv6 (`::ffff:a.b.c.d`, as a dual-stack socket reports it) is the IPv4 address. */
function unmapped(ip: string): string {
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip;
}

function ipv6Prefix(address: string, groups: number): string {
  return `${expandIPv6(address).slice(0, groups).join(":")}::/${groups * 16}`;
}

function expandIPv6(address: string): string[] {
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ""));
}
