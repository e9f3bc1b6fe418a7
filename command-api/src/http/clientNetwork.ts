import { isIPv4, isIPv6 } from "node:net";
import type { Request } from "express";

/** The eight 16-bit groups of an IPv6 address, `::` expanded, an embedded IPv4 tail as two groups. */
const ipv6Groups = (address: string): number[] => {
  let text = address.split("%", 1)[0] ?? "";
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (v4) {
    const [a = 0, b = 0, c = 0, d = 0] = v4.split(".").map(Number);
    text = `${text.slice(0, -v4.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const part = (s: string) => (s ? s.split(":").map((g) => Number.parseInt(g, 16)) : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
};

/**
 * Who a per-client rate limit counts: an IPv4 address whole, an IPv6 client by its /64 (one host
 * or home holds all of it, 2^64 addresses to rotate through); an IPv4-mapped IPv6 address is the
 * IPv4 one. Express's `req.ip` already follows TRUST_PROXY.
 */
export const clientNetwork = (req: Request): string => {
  const ip = req.ip ?? "";
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip || "unknown";
  const groups = ipv6Groups(ip);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
};
