import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  analystSlugFrom,
  authorNameDigest,
  authorPlace,
  authorPlaceMatches,
  deskMayManage,
  deskMayUseRoom,
  type Desk,
} from './analysts';

const admin: Desk = { kind: 'admin' };
const ana: Desk = { kind: 'analyst', analystId: 7, rooms: ['indices', 'gold'] };

describe('what the desk may do', () => {
  it('an administrator uses every room and manages everything', () => {
    expect(deskMayUseRoom(admin, 'crypto')).toBe(true);
    expect(deskMayManage(admin, null)).toBe(true);
    expect(deskMayManage(admin, 3)).toBe(true);
  });

  it('an analyst uses their rooms only and manages only their own', () => {
    expect(deskMayUseRoom(ana, 'gold')).toBe(true);
    expect(deskMayUseRoom(ana, 'crypto')).toBe(false);
    expect(deskMayManage(ana, 7)).toBe(true);
    expect(deskMayManage(ana, 8)).toBe(false);
    expect(deskMayManage(ana, null)).toBe(false);
  });
});

describe('analystSlugFrom', () => {
  it('makes a slug of a display name', () => {
    expect(analystSlugFrom('Jürgen  Müller')).toBe('jurgen-muller');
    expect(analystSlugFrom('  The Tape Reader! ')).toBe('the-tape-reader');
  });

  it('answers null when nothing usable is left', () => {
    expect(analystSlugFrom('✨')).toBeNull();
    expect(analystSlugFrom('x')).toBeNull();
  });
});

describe('the author place', () => {
  const salt = 'a'.repeat(32);

  it('commits to the id and SHA-256 of salt, newline, name', async () => {
    const expected = createHash('sha256').update(`${salt}\nNorth Star`).digest('hex');
    expect(await authorNameDigest(salt, 'North Star')).toBe(expected);
    expect(authorPlace(4, expected)).toBe(`analyst:4;name:${expected}`);
    expect(authorPlace(4, expected)).not.toContain('North');
  });

  it('matches only the same analyst, name and salt', async () => {
    const place = authorPlace(4, await authorNameDigest(salt, 'North Star'));
    expect(await authorPlaceMatches(place, 4, 'North Star', salt)).toBe(true);
    expect(await authorPlaceMatches(place, 5, 'North Star', salt)).toBe(false);
    expect(await authorPlaceMatches(place, 4, 'South Star', salt)).toBe(false);
    expect(await authorPlaceMatches(place, 4, 'North Star', 'b'.repeat(32))).toBe(false);
  });
});
