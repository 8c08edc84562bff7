import type { User } from '@t0/contracts';

// The route gates (which screen each kind of visitor gets on each route), from the server's facts only (no e-mail address in the client).

export type Access = 'anonymous' | 'user' | 'subscriber' | 'admin';

export function accessOf(user: Pick<User, 'isAdmin' | 'hasActiveSubscription'> | null | undefined): Access {
  if (!user) return 'anonymous';
  if (user.isAdmin) return 'admin';
  return user.hasActiveSubscription ? 'subscriber' : 'user';
}

/** An administrator counts as subscribed. */
export const isSubscribed = (access: Access) => access === 'subscriber' || access === 'admin';

/**
 * - `home`: / and /home — subscribers go to the dashboard, everyone else sees the landing page.
 * - `member`: dashboard, profile, system status — subscribers in; signed-in without subscription see
 *   the landing page; anonymous visitors see the auth page.
 * - `admin`: /admin123 and /notifications — the same gate as `member`; the console
 *   screen then checks `isAdmin` itself and shows a subscriber ACCESS DENIED before sending them to
 *   the dashboard. The server refuses every console call to non-administrators regardless. An
 *   analyst (`analyst`) is let in without a subscription: the console shows them their tabs.
 * - `login`: /login — anonymous visitors only; signed-in users go to the dashboard or landing page.
 * - `auth`: /auth, /auth-new, /subscribe — subscribers go to the dashboard.
 */
export type GateKind = 'home' | 'member' | 'admin' | 'login' | 'auth';

export type GateOutcome = { show: 'page' } | { show: 'landing' } | { show: 'auth' } | { redirect: '/dashboard' | '/' };

export function decideGate(kind: GateKind, access: Access, analyst = false): GateOutcome {
  const subscribed = isSubscribed(access);
  switch (kind) {
    case 'home':
      return subscribed ? { redirect: '/dashboard' } : { show: 'page' };
    case 'member':
    case 'admin':
      if (subscribed || (kind === 'admin' && analyst)) return { show: 'page' };
      return access === 'user' ? { show: 'landing' } : { show: 'auth' };
    case 'login':
      if (access === 'anonymous') return { show: 'page' };
      return subscribed ? { redirect: '/dashboard' } : { redirect: '/' };
    case 'auth':
      return subscribed ? { redirect: '/dashboard' } : { show: 'page' };
  }
}
