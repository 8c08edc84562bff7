// Browser storage keys written by the sign-up paths.
export const STORAGE_KEYS = {
  traderEmail: 'trader_email',
  traderName: 'trader_name',
  pendingEmail: 'pending_subscription_email',
  pendingPlan: 'pending_subscription_plan',
} as const;

type Key = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Throws when storage is unavailable (private mode, quota): callers show their own message. */
export function storeValues(values: Partial<Record<Key, string>>) {
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) window.localStorage.setItem(key, value);
  }
}

export function readValue(key: Key): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
