import { ChannelSendError, type DeliveryMessage } from '@t0/server';
import { GrammyError, HttpError } from 'grammy';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTelegram, escapeHtml, telegramSendError, telegramText } from './telegram';

const grammyError = (error_code: number, description: string, parameters = {}) =>
  new GrammyError(
    `Call to 'sendMessage' failed! (${error_code}: ${description})`,
    { ok: false, error_code, description, parameters },
    'sendMessage',
    {},
  );

const message: DeliveryMessage = {
  id: 'msg_1',
  event: 'published',
  urgent: false,
  title: 'US30 SHORT PUBLISHED',
  text: 'New signal: entry 42,000.00 <now>',
  occurredAt: '2026-11-23T10:00:00.000Z',
  signal: {
    id: 7,
    instrument: 'US30',
    direction: 'short',
    status: 'active',
    entryPrice: 42000,
    slPrice: 42200,
    t0Price: 41800,
    t1Price: 41500,
    price: 42000,
    orderType: 'market',
    t0Share: 50,
  },
};

describe('telegram message', () => {
  it('escapes &, <, > and quotes', () => {
    expect(escapeHtml('a < b & "c" > d')).toBe('a &lt; b &amp; &quot;c&quot; &gt; d');
  });

  it('carries the title, the notice, the levels, the status and the terminal link, then the copier block', () => {
    const text = telegramText(message, 'https://t0.example');
    expect(text.split('\n')).toEqual([
      '<b>US30 SHORT PUBLISHED</b>',
      'New signal: entry 42,000.00 &lt;now&gt;',
      '',
      '<b>US30</b> · SHORT',
      'Entry <code>42,000.00</code>',
      'Stop <code>42,200.00</code>',
      'T0 <code>41,800.00</code>',
      'T1 <code>41,500.00</code>',
      'Status ACTIVE · at <code>42,000.00</code>',
      '',
      '<a href="https://t0.example/dashboard">Open T0 Terminal</a>',
      '',
      '#US30 SELL',
      'Entry: 42000.00',
      'SL: 42200.00',
      'TP1: 41800.00 (50%)',
      'TP2: 41500.00 (50%)',
    ]);
  });

  it('marks urgent messages and keeps an over-long one whole-tagged', () => {
    expect(telegramText({ ...message, urgent: true }, 'https://t0.example')).toContain('⚠️ Urgent · <a href=');
    const long = telegramText({ ...message, signal: undefined, text: '<'.repeat(5000) }, 'https://t0.example');
    expect(long).toBe('<b>US30 SHORT PUBLISHED</b>\n\n<a href="https://t0.example/dashboard">Open T0 Terminal</a>');
  });
});

describe('telegram send errors', () => {
  it('429 waits for retry_after', () => {
    const e = telegramSendError(grammyError(429, 'Too Many Requests: retry after 7', { retry_after: 7 }));
    expect(e.opts).toEqual({ retryAfterMs: 7000 });
  });

  it('a blocked bot or a missing chat is permanent and gone; other 4xx permanent; 5xx and network retried', () => {
    expect(telegramSendError(grammyError(403, 'Forbidden: bot was blocked by the user')).opts).toEqual({
      permanent: true,
      targetGone: true,
    });
    expect(telegramSendError(grammyError(400, 'Bad Request: chat not found')).opts).toEqual({
      permanent: true,
      targetGone: true,
    });
    expect(telegramSendError(grammyError(400, "Bad Request: can't parse entities")).opts).toEqual({ permanent: true });
    expect(telegramSendError(grammyError(502, 'Bad Gateway')).opts).toEqual({});
    const net = telegramSendError(new HttpError('Network request failed', new Error('ECONNRESET')));
    expect(net).toBeInstanceOf(ChannelSendError);
    expect(net.opts).toEqual({});
  });
});

describe('telegram flood limit', () => {
  const ROOT = 'https://bot-api.test';
  const asked: string[] = [];
  const api = setupServer(
    http.post(/^https:\/\/bot-api\.test\/bot[^/]+\/sendMessage$/, async ({ request }) => {
      const body = (await request.json()) as { chat_id: string };
      asked.push(String(body.chat_id));
      if (asked.length === 1)
        return HttpResponse.json(
          {
            ok: false,
            error_code: 429,
            description: 'Too Many Requests: retry after 5',
            parameters: { retry_after: 5 },
          },
          { status: 429 },
        );
      return HttpResponse.json({ ok: true, result: { message_id: 1, date: 1, chat: { id: 1, type: 'private' } } });
    }),
  );
  beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => api.close());

  it('after a 429 the whole bot waits: other chats are put back with the remaining wait, without asking Telegram', async () => {
    const tg = createTelegram(
      {
        token: '1:x',
        username: 'T0Bot',
        channelId: undefined,
        webhookSecret: 's'.repeat(16),
        apiRoot: ROOT,
        setWebhook: false,
      },
      { publicUrl: 'https://t0.example', timeoutMs: 5_000 },
    );
    const first = await tg.channel.send({ url: 'telegram:1', chatId: '1' }, message).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(ChannelSendError);
    expect((first as ChannelSendError).opts.retryAfterMs).toBe(5_000);
    const other = await tg.channel.send({ url: 'telegram:2', chatId: '2' }, message).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(ChannelSendError);
    expect((other as ChannelSendError).opts.retryAfterMs).toBeGreaterThan(4_000);
    expect(asked).toEqual(['1']);
    expect(await tg.bot.username()).toBe('T0Bot');
  });
});
