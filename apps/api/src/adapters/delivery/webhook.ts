import { createHmac } from 'node:crypto';
import { ChannelSendError, type ChannelTransport, type DeliveryMessage, type DeliveryTarget } from '@t0/contracts/server';
import { checkAddress } from './address-guard';
import { postJson } from './http-post';

/** The Standard Webhooks signature: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` with the decoded secret. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The JSON body a webhook receives. */
export function webhookBody(m: DeliveryMessage): string {
  return JSON.stringify({
    type: m.event === 'test' ? 'test' : m.event === 'broadcast' ? 'notification.broadcast' : `signal.${m.event}`,
    timestamp: m.occurredAt,
    data: { title: m.title, message: m.text, urgent: m.urgent, ...(m.signal ? { signal: m.signal } : {}) },
  });
}

/** Signed outgoing webhooks (Standard Webhooks), with the address guard and a deadline. */
export function createWebhookChannel(opts: { timeoutMs: number; allowPrivate: boolean }): ChannelTransport {
  return {
    channel: 'webhook',
    checkTarget: (url) => checkAddress(url, opts.allowPrivate),
    async send(target: DeliveryTarget, message: DeliveryMessage) {
      if (!target.secret) throw new ChannelSendError('endpoint has no secret', { permanent: true });
      const body = webhookBody(message);
      const timestamp = Math.floor(Date.now() / 1000);
      const res = await postJson(
        target.url,
        body,
        { 'webhook-id': message.id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(target.secret, message.id, timestamp, body) },
        opts,
      );
      if (res.status >= 200 && res.status < 300) return;
      if (res.status === 410) throw new ChannelSendError('HTTP 410: the receiver is gone', { permanent: true });
      const retryAfter = Number(res.headers['retry-after']);
      throw new ChannelSendError(`HTTP ${res.status}`, Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterMs: retryAfter * 1000 } : {});
    },
  };
}
