import { isIPv4, isIPv6 } from "node:net";

/**
 * The network a client address belongs to, as fairness checks count it: the
 * /24 of an IPv4 address, the /48 of an IPv6 one (what one household or small
 * office is usually given). Only this prefix is stored, never the address.
 */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped?.[1] ?? ip;
  if (isIPv4(address)) return `${address.split(".").slice(0, 3).join(".")}.0/24`;
  if (isIPv6(address)) {
    const groups = expandIPv6(address).slice(0, 3);
    return `${groups.join(":")}::/48`;
  }
  return address;
}

function expandIPv6(address: string): string[] {
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ""));
}
