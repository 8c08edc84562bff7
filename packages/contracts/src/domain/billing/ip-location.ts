// Where a login came from, as far as can be told without any network lookup: the server has no
// geolocation database or service, so only address ranges that are local by definition are named.

export const LOCAL_NETWORK = 'Local network';

function ipv4Parts(ip: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

function isLocalIpv4([a, b]: number[]): boolean {
  if (a === undefined || b === undefined) return false;
  return (
    a === 10 || // 10.0.0.0/8
    a === 127 || // loopback
    (a === 172 && b >= 16 && b <= 31) || // 172.16.0.0/12
    (a === 192 && b === 168) || // 192.168.0.0/16
    (a === 169 && b === 254) || // link-local
    (a === 100 && b >= 64 && b <= 127) // carrier-grade NAT, 100.64.0.0/10
  );
}

/** 'Local network' for loopback, private and link-local addresses; null when it cannot be known here. */
export function locationFromIp(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const addr = ip.trim().toLowerCase();
  const v4 = ipv4Parts(addr);
  if (v4) return isLocalIpv4(v4) ? LOCAL_NETWORK : null;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(addr);
  if (mapped) {
    const parts = ipv4Parts(mapped[1]!);
    return parts && isLocalIpv4(parts) ? LOCAL_NETWORK : null;
  }
  if (!addr.includes(':')) return null;
  if (addr === '::1') return LOCAL_NETWORK;
  // fc00::/7 unique local, fe80::/10 link-local
  if (/^f[cd][0-9a-f]{0,2}:/.test(addr) || /^fe[89ab][0-9a-f]?:/.test(addr)) return LOCAL_NETWORK;
  return null;
}
