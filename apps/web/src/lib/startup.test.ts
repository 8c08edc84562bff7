import { describe, expect, it } from 'vitest';
import { claimStartup, STARTUP_SEEN_KEY } from './startup';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('claimStartup', () => {
  it('plays once per browser session', () => {
    const storage = memoryStorage();
    expect(claimStartup({ reducedMotion: false, storage })).toBe(true);
    expect(storage.map.get(STARTUP_SEEN_KEY)).toBe('1');
    expect(claimStartup({ reducedMotion: false, storage })).toBe(false);
    // A new session (a new tab's storage) plays it again.
    expect(claimStartup({ reducedMotion: false, storage: memoryStorage() })).toBe(true);
  });

  it('never plays for readers who ask for less motion', () => {
    const storage = memoryStorage();
    expect(claimStartup({ reducedMotion: true, storage })).toBe(false);
    expect(storage.map.size).toBe(0);
  });

  it('plays when storage refuses, rather than failing', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(claimStartup({ reducedMotion: false, storage: refusing })).toBe(true);
    expect(claimStartup({ reducedMotion: false, storage: null })).toBe(true);
  });
});
