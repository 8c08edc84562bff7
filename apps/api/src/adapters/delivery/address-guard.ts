import { lookup } from 'node:dns';
import { promises as dns } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

// SSRF guard for outgoing deliveries: a receiver must be on the public internet. Checked when an
// address is registered and again on every connection (the address the name resolves to then), so
// a name re-pointed at the host's own network after registration is refused too.

/**
 * Whether an IP address is a public unicast one (not private, loopback, link-local, ULA, CGNAT, …).
 * IPv6 forms that carry an IPv4 address are judged by it: IPv4-mapped (`::ffff:0:0/96`), NAT64
 * (`64:ff9b::/96`) and 6to4 (`2002::/16`) pass only with a public embedded address; IPv4-compatible
 * (`::/96`, deprecated, e.g. `::127.0.0.1`), SIIT (`::ffff:0:0:0/96`), local-use NAT64
 * (`64:ff9b:1::/48`) and Teredo (`2001::/32`) never do.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // ipaddr.js reads any `::a.b.c.d` as IPv4-mapped; the URL parser's canonical form keeps `::/96` apart.
  const ip = ipaddr.parse(address.includes(':') ? canonicalIPv6(address) : address);
  if (ip.kind() === 'ipv4') return ip.range() === 'unicast';
  const v6 = ip as ipaddr.IPv6;
  const bytes = v6.toByteArray();
  const embedded = (from: number) => isPublicAddress(ipaddr.fromByteArray(bytes.slice(from, from + 4)).toString());
  const zero = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  // ::/96 (IPv4-compatible, with :: and ::1 among it).
  if (zero(0, 12)) return false;
  if (v6.isIPv4MappedAddress()) return embedded(12);
  if (v6.match(ipaddr.IPv6.parse('64:ff9b::'), 96)) return embedded(12);
  if (v6.match(ipaddr.IPv6.parse('2002::'), 16)) return embedded(2);
  for (const [net, bits] of [
    ['::ffff:0:0:0', 96],
    ['64:ff9b:1::', 48],
    ['2001::', 32],
  ] as const) {
    if (v6.match(ipaddr.IPv6.parse(net), bits)) return false;
  }
  return v6.range() === 'unicast';
}

/** An IPv6 literal in its canonical text (hexadecimal groups, no dotted quad). */
function canonicalIPv6(address: string): string {
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return address;
  }
}

export class BlockedAddressError extends Error {
  override readonly name = 'BlockedAddressError';
}

/** A `lookup` for http(s).request that refuses names resolving to non-public addresses. */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as unknown as { address: string; family: number }[];
      const bad = list.find((a) => !allowPrivate && !isPublicAddress(a.address));
      if (bad)
        return callback(new BlockedAddressError(`${hostname} resolves to a private address (${bad.address})`), '', 0);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      const first = list[0];
      if (!first) return callback(new Error(`${hostname} has no address`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

/** Why `raw` cannot be a delivery address, or null when it can (checked at registration). */
export async function checkAddress(raw: string, allowPrivate: boolean): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an https:// address';
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return 'must be an https:// address';
  if (url.username || url.password) return 'must not carry a user name or password';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (allowPrivate) return null;
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.lookup(host, { all: true })).map((a) => a.address);
    } catch {
      return `host ${host} cannot be resolved`;
    }
  }
  return addresses.every(isPublicAddress)
    ? null
    : 'points at a private, loopback or link-local address, which is refused';
}
