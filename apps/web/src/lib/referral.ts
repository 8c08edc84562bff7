import { AFFILIATE_DEFAULTS, REFERRAL_CODE_PATTERN, touchStillCounts } from '@t0/contracts';

// An affiliate's link (`?ref=<code>`): the first one followed is kept in this browser for the
// desk's first-touch window (the days the visit's answer says), its click counted once, and sent
// with the registration and the checkout. The server checks the window again (its setting) and
// attributes an account once.

const KEY = 't0_referral';

interface Kept {
  code: string;
  at: string;
  /** The desk's window when the link was followed; absent (kept before it was said): the default. */
  days?: number;
}

/** The window a kept referral lasts: the days it was kept with, else the default (30). */
export function keptDays(days: unknown): number {
  return typeof days === 'number' && Number.isInteger(days) && days > 0 ? days : AFFILIATE_DEFAULTS.cookieDays;
}

function readKept(now: Date): Kept | null {
  try {
    const kept = JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as Kept | null;
    if (!kept || typeof kept.code !== 'string' || typeof kept.at !== 'string') return null;
    const at = new Date(kept.at);
    return !Number.isNaN(at.getTime()) && touchStillCounts(at, now, keptDays(kept.days)) ? kept : null;
  } catch {
    return null;
  }
}

/** The kept referral as a registration or checkout sends it (nothing when none is kept or it is too old). */
export function keptReferral(): { ref?: string; refAt?: string } {
  if (typeof window === 'undefined') return {};
  const kept = readKept(new Date());
  return kept ? { ref: kept.code, refAt: kept.at } : {};
}

/**
 * On arrival with `?ref=<code>`: unless a referral is kept already (first touch wins), the click is
 * counted (`POST /api/referral/visit`) and, when the code is an active affiliate's, kept.
 */
export async function captureReferral(): Promise<void> {
  if (typeof window === 'undefined') return;
  const code = new URLSearchParams(window.location.search).get('ref')?.trim();
  if (!code || !REFERRAL_CODE_PATTERN.test(code) || readKept(new Date())) return;
  try {
    const res = await fetch('/api/referral/visit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, path: window.location.pathname.slice(0, 300) }),
    });
    if (!res.ok) return;
    const answer = (await res.json().catch(() => null)) as { cookieDays?: unknown } | null;
    const kept: Kept = { code, at: new Date().toISOString(), days: keptDays(answer?.cookieDays) };
    window.localStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    /* a click not counted keeps nothing: the visitor can still sign up */
  }
}
