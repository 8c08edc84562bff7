import { lookup } from 'node:dns';
import { promises as dns } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

// SSRF guard for outgoing deliveries: a receiver must be on the public internet. Checked when an
// address is registered and again on every connection (the address the name resolves to then), so
// a name re-pointed at the host's own network after registration is refused too.

/** Whether an IP address is a public unicast one (not private, loopback, link-local, ULA, CGNAT, …). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() === 'unicast';
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
      if (bad) return callback(new BlockedAddressError(`${hostname} resolves to a private address (${bad.address})`), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
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
  return addresses.every(isPublicAddress) ? null : 'points at a private, loopback or link-local address, which is refused';
}
