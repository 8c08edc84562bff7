// This browser's side of web push: support, permission, the service worker and its subscription.

export type PushSupport = 'supported' | 'insecure' | 'unsupported';

/** Whether this browser can receive web push here (it needs HTTPS or localhost, a service worker and the Push API). */
export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  if (!window.isSecureContext) return 'insecure';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  return 'supported';
}

export const notificationPermission = (): NotificationPermission =>
  'Notification' in window ? Notification.permission : 'default';

/** The VAPID key (base64url) as the bytes `pushManager.subscribe` takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) => {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((v, i) => v === b[i]);
};

/** This browser's current push subscription, without registering anything. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export class PushPermissionError extends Error {
  override readonly name = 'PushPermissionError';
  constructor(readonly permission: NotificationPermission) {
    super(permission === 'denied' ? 'Notifications are blocked for this site.' : 'Notifications were not allowed.');
  }
}

/**
 * Registers /sw.js, asks for permission and subscribes with the server's key (a subscription made
 * with another key, before the server's keys changed, is replaced; with `renew`, any is). Answers
 * the subscription's JSON.
 */
export async function subscribeThisDevice(
  publicKey: string,
  opts: { renew?: boolean } = {},
): Promise<PushSubscriptionJSON> {
  // Asked first, while the click that called this still counts as the user's gesture (Safari needs it).
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionError(permission);
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const key = applicationServerKey(publicKey);
  const existing = await registration.pushManager.getSubscription();
  // `renew`: the server keeps this browser's endpoint for the account that registered it first (a
  // browser shared by two accounts): a new subscription gives this account an endpoint of its own.
  if (existing && !opts.renew && sameKey(existing.options.applicationServerKey, key)) return existing.toJSON();
  if (existing) await existing.unsubscribe();
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return subscription.toJSON();
}

/** Ends this browser's subscription; answers its endpoint (null when there was none). */
export async function unsubscribeThisDevice(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
