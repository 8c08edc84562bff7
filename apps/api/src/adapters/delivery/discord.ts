import { copierBlock, copierLevelsOf, formatPrice, shortLabelLine } from '@t0/contracts';
import {
  ChannelSendError,
  wordsFor,
  type ChannelTransport,
  type DeliveryMessage,
  type DeliveryTarget,
} from '@t0/server';
import type { RateLimitCounter } from '../../metrics/metrics';
import { checkAddress } from './address-guard';
import { postJson, type PostAnswer } from './http-post';

const GREEN = 0x22c55e;
const RED = 0xef4444;
const GREY = 0x94a3b8;

/** The embed's text: the notice, then the labels' short line with its disclosure link (EU MAR Art. 20), kept whole. */
function discordDescription(m: DeliveryMessage): string {
  if (!m.labels) return m.text.slice(0, 4000);
  const line = shortLabelLine(m.labels, m.labels.disclosureUrl).slice(0, 1000);
  return `${m.text.slice(0, 4000 - line.length - 2)}\n\n${line}`;
}

/**
 * A Discord embed with the signal's levels, in the message's language; a signal's copier block is
 * the message's text (`content`), which copiers read, the same in every language.
 */
export function discordPayload(m: DeliveryMessage) {
  const t = wordsFor(m.language);
  const s = m.signal;
  const p = (n: number | null) => (s ? formatPrice(s.instrument, n) : String(n));
  const long = s ? s.direction.toLowerCase().includes('long') || s.direction.toLowerCase() === 'buy' : false;
  return {
    username: 'T0 Terminal',
    ...(s ? { content: copierBlock(copierLevelsOf(s)) } : {}),
    allowed_mentions: { parse: [] as string[] },
    embeds: [
      {
        title: m.title.slice(0, 256),
        description: discordDescription(m),
        color: s ? (long ? GREEN : RED) : GREY,
        timestamp: m.occurredAt,
        ...(s
          ? {
              fields: [
                { name: t('channels:levels.direction'), value: s.direction.toUpperCase(), inline: true },
                { name: t('channels:levels.entry'), value: p(s.entryPrice), inline: true },
                { name: t('channels:levels.stop'), value: p(s.slPrice), inline: true },
                { name: 'T0', value: p(s.t0Price), inline: true },
                { name: 'T1', value: p(s.t1Price), inline: true },
                { name: t('channels:levels.status'), value: s.status.toUpperCase(), inline: true },
              ],
            }
          : {}),
        footer: {
          text: [
            m.urgent ? `T0 Terminal · ${t('channels:urgent').toLowerCase()}` : 'T0 Terminal',
            ...(m.redelivery ? [t('channels:redelivery')] : []),
          ].join(' · '),
        },
      },
    ],
  };
}

/** How long Discord asked to wait (429 body `retry_after` in seconds, or the headers), in ms. */
export function discordRetryAfterMs(res: PostAnswer): number | undefined {
  try {
    const body = JSON.parse(res.body) as { retry_after?: number };
    if (typeof body.retry_after === 'number' && body.retry_after >= 0) return Math.ceil(body.retry_after * 1000);
  } catch {
    // not JSON: fall back to the headers
  }
  for (const h of ['retry-after', 'x-ratelimit-reset-after']) {
    const v = Number(res.headers[h]);
    if (Number.isFinite(v) && v >= 0) return Math.ceil(v * 1000);
  }
  return undefined;
}

/**
 * Discord webhooks (a subscriber's or the desk's). Addresses must be `<DISCORD_API_BASE>/api/webhooks/<id>/<token>`.
 * A 429 is retried after `retry_after`; when a bucket is spent (X-RateLimit-Remaining: 0) the next
 * message to that webhook waits for X-RateLimit-Reset-After first.
 */
export function createDiscordChannel(opts: {
  apiBase: string;
  timeoutMs: number;
  allowPrivate: boolean;
  /** Counts Discord's 429 answers (the metrics). */
  limits?: RateLimitCounter | undefined;
}): ChannelTransport {
  const resumeAt = new Map<string, number>();
  const pattern = new RegExp(
    `^${opts.apiBase.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/api/webhooks/\\d{5,30}/[\\w-]{10,100}$`,
  );
  return {
    channel: 'discord',
    async checkTarget(url) {
      if (!pattern.test(url)) return `must be a Discord webhook address (${opts.apiBase}/api/webhooks/…)`;
      return checkAddress(url, opts.allowPrivate);
    },
    async send(target: DeliveryTarget, message: DeliveryMessage) {
      const wait = (resumeAt.get(target.url) ?? 0) - Date.now();
      if (wait > 2_000)
        throw new ChannelSendError('Discord rate limit: waiting for the bucket to reset', { retryAfterMs: wait });
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const res = await postJson(`${target.url}?wait=true`, JSON.stringify(discordPayload(message)), {}, opts);
      if (res.headers['x-ratelimit-remaining'] === '0') {
        const after = Number(res.headers['x-ratelimit-reset-after']);
        if (Number.isFinite(after)) resumeAt.set(target.url, Date.now() + Math.ceil(after * 1000));
      }
      if (res.status >= 200 && res.status < 300) return;
      if (res.status === 429) {
        opts.limits?.rateLimited('discord');
        throw new ChannelSendError('Discord rate limit (429)', { retryAfterMs: discordRetryAfterMs(res) ?? 1_000 });
      }
      if (res.status === 404 || res.status === 401)
        throw new ChannelSendError(`HTTP ${res.status}: the Discord webhook no longer exists`, { permanent: true });
      throw new ChannelSendError(`HTTP ${res.status}`);
    },
  };
}
