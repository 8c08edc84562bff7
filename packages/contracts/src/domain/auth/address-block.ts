/**
 * The block of client addresses that counts as one client for the sign-in limits: an IPv4
 * address itself (an IPv4-mapped IPv6 address is read as IPv4), an IPv6 address by its /64
 * (one subscriber line or host usually has a whole /64 to pick addresses from).
 */
export function addressBlock(ip: string): string {
  const address = ip.trim().toLowerCase();
  if (!address.includes(':')) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const [a, b, c, d, e, f, g, h] = groups as [number, number, number, number, number, number, number, number];
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff) {
    return `${g >> 8}.${g & 0xff}.${h >> 8}.${h & 0xff}`;
  }
  return `${[a, b, c, d].map((n) => n.toString(16)).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (with `::`, an IPv4 tail or a zone), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0] ?? '';
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [p, q, r, s] = v4.slice(1).map(Number) as [number, number, number, number];
    if ([p, q, r, s].some((n) => n > 255)) return null;
    text = `${text.slice(0, -v4[0].length)}${((p << 8) | q).toString(16)}:${((r << 8) | s).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (half: string | undefined) =>
    half ? half.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)) : [];
  const head = parse(halves[0]);
  const tail = halves.length === 2 ? parse(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0) || (halves.length === 2 && missing === 0)) return null;
  const groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  return groups.some((g) => Number.isNaN(g)) ? null : groups;
}
