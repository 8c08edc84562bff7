// Subscribers in the console (the USERS tab): shared rules of the server and the web.

/** The list's filters, in the order the console shows them. */
export const ADMIN_USER_FILTERS = ['all', 'active', 'past_due', 'cancelling', 'never_logged_in', 'admin'] as const;
export type AdminUserFilter = (typeof ADMIN_USER_FILTERS)[number];

export const ADMIN_USER_FILTER_LABELS: Record<AdminUserFilter, string> = {
  all: 'ALL',
  active: 'ACTIVE',
  past_due: 'PAST DUE',
  cancelling: 'CANCELLING',
  never_logged_in: 'NEVER LOGGED IN',
  admin: 'ADMIN',
};

/** Rows per page of the USERS tab (the REST path takes up to ADMIN_USERS_MAX_LIMIT). */
export const ADMIN_USERS_PAGE_SIZE = 25;
export const ADMIN_USERS_MAX_LIMIT = 100;
export const ADMIN_USER_SEARCH_MAX = 100;

/** Free access an administrator may grant at once, in days. */
export const GRANT_DAYS_MIN = 1;
export const GRANT_DAYS_MAX = 365;

export const ADMIN_NOTE_MAX = 2000;

/** Sign-ins kept per user (older ones are pruned as new ones are written); the drawer shows them all. */
export const USER_LOGINS_KEPT = 50;
/** Deliveries shown in the drawer. */
export const USER_DELIVERIES_SHOWN = 20;
/** Ended grants shown in the drawer (the newest; current and upcoming ones are all shown). */
export const USER_PAST_GRANTS_SHOWN = 20;

/** Where an access grant came from, as the drawer names it. */
export const GRANT_SOURCE_LABELS: Record<string, string> = {
  subscription: 'SUBSCRIPTION',
  pass: 'PASS',
  lifetime: 'LIFETIME',
  free: 'FREE PLAN',
  free_days: 'FREE DAYS',
  test: 'TEST',
};

/** How an access grant stands: giving its rooms now, starting later, or over (ended early or past its end). */
export type GrantState = 'current' | 'upcoming' | 'ended';
export const GRANT_STATES = ['current', 'upcoming', 'ended'] as const satisfies readonly GrantState[];

export function grantState(g: { startsAt: Date; endsAt: Date | null; endedAt: Date | null }, now: Date): GrantState {
  if (g.endedAt !== null && g.endedAt.getTime() <= now.getTime()) return 'ended';
  if (g.endsAt !== null && g.endsAt.getTime() <= now.getTime()) return 'ended';
  return g.startsAt.getTime() > now.getTime() ? 'upcoming' : 'current';
}

/** When a grant stopped giving its rooms: the earlier of its early end and its end (null while it runs). */
export function grantEndedAt(g: { endsAt: Date | null; endedAt: Date | null }, now: Date): Date | null {
  const ends = [g.endedAt, g.endsAt].filter((d): d is Date => d !== null && d.getTime() <= now.getTime());
  return ends.length === 0 ? null : new Date(Math.min(...ends.map((d) => d.getTime())));
}

export const ONE_DAY_MS = 24 * 60 * 60 * 1000;

/** How a subscriber stands, as the list shows it. */
export type SubscriberStatus = 'active' | 'free' | 'past_due' | 'cancelling' | 'ended' | 'none';

export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  active: 'ACTIVE',
  free: 'FREE ACCESS',
  past_due: 'PAST DUE',
  cancelling: 'CANCELLING',
  ended: 'ENDED',
  none: 'NO SUBSCRIPTION',
};

export interface SubscriberFacts {
  hasActiveSubscription: boolean;
  subscriptionStatus: string;
  freeAccessUntil: Date | null;
  /** The user's current subscription as the provider last told it (null: none on record). */
  subscription: { status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: Date | null } | null;
}

const PAID_ACCESS = ['active', 'trialing'];

/** Free access granted by an administrator that has not run out yet. */
export function freeAccessOpen(freeAccessUntil: Date | null | undefined, now = new Date()): boolean {
  return !!freeAccessUntil && freeAccessUntil.getTime() > now.getTime();
}

/** The list's status of a user (pure). */
export function subscriberStatus(f: SubscriberFacts, now = new Date()): SubscriberStatus {
  const status = f.subscription?.status ?? f.subscriptionStatus;
  if (status === 'past_due' && f.hasActiveSubscription) return 'past_due';
  if (f.hasActiveSubscription && PAID_ACCESS.includes(status))
    return f.subscription?.cancelAtPeriodEnd ? 'cancelling' : 'active';
  if (f.hasActiveSubscription && freeAccessOpen(f.freeAccessUntil, now)) return 'free';
  if (f.hasActiveSubscription) return 'active';
  return status === 'inactive' || status === '' ? 'none' : 'ended';
}

/**
 * Until when the user has access, as far as is known: the later of the paid period's end (while
 * the subscription grants access) and the free access granted. Null: no access, or no end known.
 */
export function accessUntil(f: SubscriberFacts, now = new Date()): Date | null {
  if (!f.hasActiveSubscription) return null;
  const ends: number[] = [];
  const status = f.subscription?.status ?? f.subscriptionStatus;
  if (f.subscription?.currentPeriodEnd && [...PAID_ACCESS, 'past_due'].includes(status))
    ends.push(f.subscription.currentPeriodEnd.getTime());
  if (freeAccessOpen(f.freeAccessUntil, now)) ends.push(f.freeAccessUntil!.getTime());
  return ends.length ? new Date(Math.max(...ends)) : null;
}

/** Free access after granting `days` more: from its current end when that is still ahead, else from now. */
export function extendFreeAccess(current: Date | null, days: number, now = new Date()): Date {
  const from = current && current.getTime() > now.getTime() ? current.getTime() : now.getTime();
  return new Date(from + days * ONE_DAY_MS);
}

/** A user's display name: first and last name, else the e-mail address. */
export function displayName(u: { firstName: string | null; lastName: string | null; email: string }): string {
  const name = [u.firstName, u.lastName]
    .filter((p) => p && p.trim())
    .join(' ')
    .trim();
  return name || u.email;
}
