// Subscription lifecycle rules shared by the webhook, the local checkout and the test page.

/** Provider statuses that grant access to the terminal. Any other status (past_due, canceled, …) does not. */
export const ACCESS_STATUSES = ['active', 'trialing'] as const;

export function grantsAccess(status: string): boolean {
  return (ACCESS_STATUSES as readonly string[]).includes(status);
}

/** A subscription that ended can never come back (the provider starts a new one instead). */
export const TERMINAL_STATUSES = ['canceled', 'incomplete_expired'] as const;

export function isTerminal(status: string): boolean {
  return (TERMINAL_STATUSES as readonly string[]).includes(status);
}

/** A started checkout can be finished for a day (Stripe's own Checkout session lifetime). */
export const CHECKOUT_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

export interface SubscriptionState {
  status: string;
  /** When the provider produced the event that set this state. */
  eventAt: Date;
}

/**
 * Whether an incoming event may replace the stored state of the same subscription. Events can
 * arrive out of order: an older one never overwrites a newer one, and an ended subscription stays
 * ended. On a tie (providers stamp events to the second) the later arrival wins, except that it
 * cannot revive an ended subscription.
 */
export function supersedes(stored: SubscriptionState | null | undefined, incoming: SubscriptionState): boolean {
  if (!stored) return true;
  if (isTerminal(stored.status) && !isTerminal(incoming.status)) return false;
  return incoming.eventAt.getTime() >= stored.eventAt.getTime();
}
