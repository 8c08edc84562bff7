import { ChannelSendError, type ChannelTransport, type DeliveryMessage, type DeliveryTarget } from '@t0/server';
import { checkAddress } from './address-guard';
import { Webhook } from 'standardwebhooks';
import { postJson } from './http-post';

/** The JSON body a webhook receives. */
export function webhookBody(m: DeliveryMessage): string {
  return JSON.stringify({
    type: m.event === 'test' ? 'test' : m.event === 'broadcast' ? 'notification.broadcast' : `signal.${m.event}`,
    timestamp: m.occurredAt,
    data: {
      title: m.title,
      message: m.text,
      urgent: m.urgent,
      ...(m.signal ? { signal: m.signal } : {}),
      // The labels (EU MAR Art. 20): author line, completed and released times, disclosure, risk warning.
      ...(m.labels ? { labels: m.labels } : {}),
    },
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
      const sentAt = new Date();
      // `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` with the secret (`whsec_` + base64).
      const signature = new Webhook(target.secret).sign(message.id, sentAt, body);
      const res = await postJson(
        target.url,
        body,
        {
          'webhook-id': message.id,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': signature,
        },
        opts,
      );
      if (res.status >= 200 && res.status < 300) return;
      if (res.status === 410) throw new ChannelSendError('HTTP 410: the receiver is gone', { permanent: true });
      const retryAfter = Number(res.headers['retry-after']);
      throw new ChannelSendError(
        `HTTP ${res.status}`,
        Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterMs: retryAfter * 1000 } : {},
      );
    },
  };
}
