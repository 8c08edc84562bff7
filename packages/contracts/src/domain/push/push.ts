// Web push (docs/features/web-push.md): limits and the small payload a browser's service worker receives.

/** Browsers (devices) one user may enable web push on. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;

/**
 * The 409 to a registration of a push endpoint another account holds: an endpoint stays with the
 * account that registered it until that account (or its push service) removes it.
 */
export const PUSH_ENDPOINT_TAKEN = 'endpoint is registered for web push by another account';

/**
 * A browser whose push service has failed this many times in a row, with no success for
 * PUSH_DEAD_AFTER_DAYS (or ever, since it subscribed that long ago), is removed: a push service
 * outage of a few hours removes nothing.
 */
export const PUSH_MAX_FAILURES = 20;
export const PUSH_DEAD_AFTER_DAYS = 3;

/** When one browser accepted and another failed for a passing reason, the failed one is tried once more after this. */
export const PUSH_SECOND_TRY_MS = 500;
/** The longest Retry-After the second try waits for (longer waits are left: the others got the message). */
export const PUSH_SECOND_TRY_MAX_WAIT_MS = 2_000;

/** What the service worker (`/sw.js`) shows: kept small, the push services carry at most ~4 KB. */
export interface PushPayload {
  title: string;
  body: string;
  /** Opened on a click (a path of this site). */
  url: string;
  /** Notifications with one tag replace each other on the device (one per signal). */
  tag: string;
  /**
   * The delivery's id, the same on every attempt: a push that arrives again with the id of the
   * notification already shown (a repeat after an interruption) replaces it without a second alert.
   */
  id: string;
  /** A signal's disclosure page (its labels, a path of this site): the notification's DISCLOSURE action opens it. */
  disclosure?: string;
  /**
   * A published signal's "I took it" (`POST /api/signals/{id}/took`, the default fill, the
   * browser's own session): the notification's I TOOK IT action posts it.
   */
  took?: string;
  /** Where I TOOK IT leads when it cannot record (not signed in, a fill to give): the signal's dialog. */
  dialog?: string;
}

/** The signal's dialog on the terminal (`/dashboard?signal=12`). */
export const signalDialogPath = (signalId: number) => `/dashboard?signal=${signalId}`;

export const PUSH_TITLE_MAX = 80;
export const PUSH_BODY_MAX = 240;

/**
 * The `Topic` of a signal's pushes: a push service keeps only the newest undelivered message of a
 * topic, so a superseded update is replaced. At most 32 characters of the URL-safe base64 alphabet.
 */
export function signalPushTopic(signalId: number): string {
  return `signal-${signalId}`.slice(0, 32);
}

/** The browser's P-256 public key: 65 bytes (uncompressed point, first byte 4) in base64url. */
export const PUSH_P256DH = /^B[A-Za-z0-9_-]{86}$/;
/** The browser's auth secret: 16 bytes in base64url. */
export const PUSH_AUTH = /^[A-Za-z0-9_-]{22}$/;
