import { z } from 'zod';
import { PUSH_AUTH, PUSH_P256DH } from '../../domain/push/push';
import { isHttpUrl } from '../common/urls';

// Web push subscriptions (docs/features/web-push.md). The subscribe input is what the browser's
// `PushSubscription.toJSON()` answers, with an optional label for the device list.

/** base64url, with any `=` padding the browser added taken off. */
const base64url = (name: string, pattern: RegExp, what: string) =>
  z
    .string({ error: `${name} must be ${what} in base64url` })
    .trim()
    .transform((v) => v.replace(/=+$/, ''))
    .refine((v) => pattern.test(v), { error: `${name} must be ${what} in base64url` });

export const pushEndpoint = z
  .string({ error: 'endpoint must be the push service address' })
  .trim()
  .min(1, 'endpoint must be the push service address')
  .max(2000, 'endpoint must be at most 2000 characters')
  .refine(isHttpUrl, { error: 'endpoint must be an https:// address' });

export const pushSubscribeInput = z.object({
  endpoint: pushEndpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: base64url('keys.p256dh', PUSH_P256DH, "the browser's P-256 public key (65 bytes)"),
      auth: base64url('keys.auth', PUSH_AUTH, 'the 16-byte auth secret'),
    },
    { error: 'keys must hold p256dh and auth' },
  ),
  /** A name for the device list; by default read from the caller's user agent ("Chrome 131 on Linux"). */
  label: z.string().trim().max(100, 'label must be at most 100 characters').optional(),
});
export type PushSubscribeInput = z.infer<typeof pushSubscribeInput>;

export const pushUnsubscribeInput = z.object({ endpoint: pushEndpoint });

export const pushConfigSchema = z.object({
  /** Whether this server sends web push (VAPID keys present, WEB_PUSH not false). */
  enabled: z.boolean(),
  /** The VAPID public key for `pushManager.subscribe({ applicationServerKey })`, base64url; null when not enabled. */
  publicKey: z.string().nullable(),
  maxDevices: z.number().int(),
});
export type PushConfig = z.infer<typeof pushConfigSchema>;

export const pushSubscriptionSchema = z.object({
  id: z.number().int(),
  endpoint: z.string(),
  /** The push service's host (fcm.googleapis.com, updates.push.services.mozilla.com, web.push.apple.com…). */
  service: z.string(),
  label: z.string(),
  createdAt: z.string(),
  lastSuccessAt: z.string().nullable(),
  /** Failed sends since the last accepted one. */
  failures: z.number().int(),
});
export type PushSubscriptionInfo = z.infer<typeof pushSubscriptionSchema>;

export const pushRemovedSchema = z.object({ removed: z.number().int() });

export const pushTestResultSchema = z.object({
  /** Devices the test went to. */
  devices: z.number().int(),
  /** Devices whose push service accepted it. */
  accepted: z.number().int(),
  /** Devices removed because their push service answered 404/410 (the browser dropped the subscription). */
  removed: z.number().int(),
});
export type PushTestResult = z.infer<typeof pushTestResultSchema>;
