import {
  PUSH_BODY_MAX,
  PUSH_SECOND_TRY_MAX_WAIT_MS,
  PUSH_SECOND_TRY_MS,
  PUSH_TITLE_MAX,
  authorLine,
  disclosurePath,
  signalDialogPath,
  signalPushTopic,
  type PushPayload,
} from '@t0/contracts';
import {
  ChannelSendError,
  type ChannelTransport,
  type DeliveryMessage,
  type DeliveryTarget,
  type PushDevice,
} from '@t0/server';
import webpush from 'web-push';
import { checkAddress } from './address-guard';
import { postJson } from './http-post';

/** How long a push service keeps an undelivered message (a device offline): one day. */
export const PUSH_TTL_SECONDS = 86_400;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The small JSON the service worker shows: title, body, where a click leads, and the tag that groups a signal's notices. */
export function pushPayload(m: DeliveryMessage): PushPayload {
  const tag = m.signal
    ? `t0-signal-${m.signal.id}`
    : m.event === 'test'
      ? 't0-test'
      : `t0-${m.event}-${m.id.slice(-24)}`;
  const url = m.path ?? (m.signal ? '/dashboard' : m.event === 'test' ? '/profile?section=alerts' : '/system-status');
  const title = clip(m.title, PUSH_TITLE_MAX);
  // A published signal's I TOOK IT action (docs/features/journal.md).
  const took =
    m.signal && m.event === 'published'
      ? { took: `/api/signals/${m.signal.id}/took`, dialog: signalDialogPath(m.signal.id) }
      : {};
  if (!m.labels || !m.signal) return { title, body: clip(m.text, PUSH_BODY_MAX), url, tag, id: m.id, ...took };
  // The labels' short line (EU MAR Art. 20) is kept whole; the notice gives way; the disclosure is an action.
  const line = clip(authorLine(m.labels), PUSH_BODY_MAX);
  const room = PUSH_BODY_MAX - line.length - 1;
  const body = room > 1 && m.text ? `${clip(m.text, room)}\n${line}` : line;
  return { title, body, url, tag, id: m.id, disclosure: disclosurePath(m.signal.id), ...took };
}

/** Signal events and urgent announcements interrupt (`Urgency: high`); the rest is normal. */
export function pushUrgency(m: DeliveryMessage): 'high' | 'normal' {
  return m.signal || m.urgent ? 'high' : 'normal';
}

export interface WebPushOptions {
  publicKey: string;
  privateKey: string;
  subject: string;
  timeoutMs: number;
  allowPrivate: boolean;
}

type Answer = { device: PushDevice; status: number; retryAfterMs?: number; error?: string };

const accepted = (a: Answer) => a.status >= 200 && a.status < 300;
/** No answer, too many requests, or the push service's own failure: the same message may pass later. */
const passing = (a: Answer) => a.status === 0 || a.status === 429 || a.status >= 500;

/**
 * The delivery counts as sent once any browser accepted it, so a browser that failed for a passing
 * reason beside one that accepted gets one more try now (after a short wait, or its Retry-After up
 * to PUSH_SECOND_TRY_MAX_WAIT_MS); otherwise it would miss this message.
 */
async function secondTry(answers: Answer[], send: (d: PushDevice) => Promise<Answer>): Promise<Answer[]> {
  if (!answers.some(accepted)) return answers;
  const again = answers.filter((a) => passing(a) && (a.retryAfterMs ?? 0) <= PUSH_SECOND_TRY_MAX_WAIT_MS);
  if (again.length === 0) return answers;
  const wait = Math.max(PUSH_SECOND_TRY_MS, ...again.map((a) => a.retryAfterMs ?? 0));
  await new Promise((r) => setTimeout(r, wait));
  const retried = new Map((await Promise.all(again.map((a) => send(a.device)))).map((a) => [a.device.id, a]));
  return answers.map((a) => retried.get(a.device.id) ?? a);
}

/**
 * Web push (RFC 8030 with VAPID, RFC 8292, and aes128gcm payloads, RFC 8291) through the `web-push`
 * library's encryption and signing; the request itself goes through the delivery address guard.
 * One delivery covers every browser of the recipient: it is sent when any push service accepted
 * it (a browser that failed for a passing reason beside it is tried once more first). A 404/410
 * means the browser dropped the subscription: it is removed, and when no browser is left the
 * delivery fails for good. A 429 or 5xx is retried (after Retry-After when given).
 */
export function createWebPushChannel(opts: WebPushOptions): ChannelTransport {
  const vapidDetails = { subject: opts.subject, publicKey: opts.publicKey, privateKey: opts.privateKey };

  async function sendOne(device: PushDevice, body: string, m: DeliveryMessage): Promise<Answer> {
    try {
      const topic = m.signal ? signalPushTopic(m.signal.id) : undefined;
      const details = webpush.generateRequestDetails(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        body,
        {
          vapidDetails,
          TTL: m.event === 'test' ? 600 : PUSH_TTL_SECONDS,
          urgency: pushUrgency(m),
          contentEncoding: 'aes128gcm',
          ...(topic ? { topic } : {}),
        },
      );
      const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
      const res = await postJson(
        details.endpoint,
        details.body ?? Buffer.alloc(0),
        { ...headers, 'user-agent': 'T0-Terminal-Push/1' },
        opts,
      );
      const retryAfter = Number(res.headers['retry-after']);
      return {
        device,
        status: res.status,
        ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterMs: retryAfter * 1000 } : {}),
      };
    } catch (err) {
      return { device, status: 0, error: err instanceof Error ? err.message : String(err) };
    }
  }

  return {
    channel: 'web_push',
    checkTarget: (url) => checkAddress(url, opts.allowPrivate),
    async send(target: DeliveryTarget, message: DeliveryMessage) {
      const push = target.push;
      if (!push || push.devices.length === 0) throw new ChannelSendError('no push subscription', { permanent: true });
      const body = JSON.stringify(pushPayload(message));
      let answers = await Promise.all(push.devices.map((d) => sendOne(d, body, message)));
      answers = await secondTry(answers, (d) => sendOne(d, body, message));
      for (const a of answers) {
        const outcome = accepted(a) ? 'accepted' : a.status === 404 || a.status === 410 ? 'gone' : 'failed';
        await push.report(a.device.id, outcome);
      }
      if (answers.some(accepted)) return;
      const left = answers.filter((a) => a.status !== 404 && a.status !== 410);
      if (left.length === 0)
        throw new ChannelSendError(`HTTP ${answers[0]!.status}: the push subscription is gone (removed)`, {
          permanent: true,
        });
      const first = left[0]!;
      const why = first.error ?? `HTTP ${first.status}`;
      const waits = left.map((a) => a.retryAfterMs ?? 0).filter((ms) => ms > 0);
      // 400 (bad request), 403 (keys do not match the subscription), 413 (too large): the same message fails again.
      const permanent = left.every((a) => a.status === 400 || a.status === 403 || a.status === 413);
      throw new ChannelSendError(
        why,
        permanent ? { permanent: true } : waits.length ? { retryAfterMs: Math.max(...waits) } : {},
      );
    },
  };
}
