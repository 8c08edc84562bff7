import { SLUG_PATTERN } from '../plans/plans';

// Analysts (docs/features/rooms-and-plans.md, "Analysts"): who may do what at the desk, and how a
// signal's author is committed to in the created event's hashed content.

/**
 * Who acts at the desk: an administrator (everything), or an active analyst, limited to their
 * rooms and their own signals, alert sources and drafts.
 */
export type Desk = { kind: 'admin' } | { kind: 'analyst'; analystId: number; rooms: readonly string[] };

/** Whether the desk may publish in (or write the memos and chart notes of) this room. */
export function deskMayUseRoom(desk: Desk, room: string): boolean {
  return desk.kind === 'admin' || desk.rooms.includes(room);
}

/** Whether the desk may manage what this analyst owns (null: the desk's own, no analyst). */
export function deskMayManage(desk: Desk, ownerAnalystId: number | null): boolean {
  return desk.kind === 'admin' || (ownerAnalystId !== null && ownerAnalystId === desk.analystId);
}

/** The slug an analyst gets when none is given: the display name in lowercase letters, digits and dashes. */
export function analystSlugFrom(displayName: string): string | null {
  const slug = displayName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return SLUG_PATTERN.test(slug) ? slug : null;
}

/** The text whose SHA-256 is the name's commitment: the salt (32 hex characters), a newline, the name. */
export const authorNamePreimage = (salt: string, name: string) => `${salt}\n${name}`;

/**
 * The created event's `author` place for a signal an analyst published: their id and the salted
 * hash of the name shown then (`analyst:<id>;name:<sha-256 hex>`), never the name in clear. A later
 * rename or pseudonym changes what is shown, not what the chain holds.
 */
export function authorPlace(analystId: number, nameDigestHex: string): string {
  return `analyst:${analystId};name:${nameDigestHex}`;
}

/** The name's commitment with the Web Crypto API (browsers, Node 19+): the hex of SHA-256(salt "\n" name). */
export async function authorNameDigest(salt: string, name: string): Promise<string> {
  const bytes = new TextEncoder().encode(authorNamePreimage(salt, name));
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether an `author` place commits to this analyst, this name and this salt. */
export async function authorPlaceMatches(place: string, analystId: number, name: string, salt: string) {
  return place === authorPlace(analystId, await authorNameDigest(salt, name));
}
