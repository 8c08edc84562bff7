import type { DeliveryMessage } from '@t0/server';
import { describe, expect, it } from 'vitest';
import { telegramButtons } from './telegram';
import { pushPayload } from './web-push';

const published: DeliveryMessage = {
  id: 'msg_se40:u4:telegram',
  event: 'published',
  urgent: false,
  title: 'EURUSD LONG PUBLISHED',
  text: 'New signal.',
  occurredAt: '2026-11-24T10:00:00.000Z',
  signal: {
    id: 40,
    instrument: 'EURUSD',
    direction: 'long',
    status: 'pending',
    entryPrice: 1.1,
    slPrice: 1.09,
    t0Price: 1.11,
    t1Price: 1.12,
    price: null,
    orderType: 'limit',
    t0Share: 50,
  },
};
const activated: DeliveryMessage = { ...published, event: 'activated', title: 'EURUSD LONG ACTIVATED' };

// "I took it" from where the signal arrives (docs/features/journal.md).
describe('the journal actions on a delivered signal', () => {
  it('Telegram: I TOOK IT / I SKIPPED IT under a published signal in a subscriber’s chat only', () => {
    expect(telegramButtons({ url: 'telegram:123', chatId: '123' }, published)).toEqual({
      reply_markup: {
        inline_keyboard: [
          [
            { text: 'I TOOK IT', callback_data: 'j:t:40' },
            { text: 'I SKIPPED IT', callback_data: 'j:s:40' },
          ],
        ],
      },
    });
    expect(telegramButtons({ url: 'telegram:desk', chatId: '-100' }, published)).toEqual({});
    expect(telegramButtons({ url: 'telegram:123', chatId: '123' }, activated)).toEqual({});
  });

  it('Telegram: the buttons in the language of the message above them, the same callback data', () => {
    const chat = { url: 'telegram:123', chatId: '123' };
    const keyboard = (m: DeliveryMessage) =>
      (telegramButtons(chat, m) as { reply_markup: { inline_keyboard: { text: string; callback_data: string }[][] } })
        .reply_markup.inline_keyboard;
    expect(keyboard({ ...published, language: 'pt-BR' })).toEqual([
      [
        { text: 'EXECUTEI', callback_data: 'j:t:40' },
        { text: 'IGNOREI', callback_data: 'j:s:40' },
      ],
    ]);
    // An English subscriber's, and a message with no language (English), as before.
    for (const language of ['en', undefined] as const)
      expect(keyboard({ ...published, ...(language ? { language } : {}) })).toEqual([
        [
          { text: 'I TOOK IT', callback_data: 'j:t:40' },
          { text: 'I SKIPPED IT', callback_data: 'j:s:40' },
        ],
      ]);
    expect(keyboard({ ...published, language: 'ar' })[0]!.map((b) => b.text)).toEqual(['نفّذتها', 'تخطّيتها']);
    expect(keyboard({ ...published, language: 'es' })[0]!.map((b) => b.text)).toEqual(['LA TOMÉ', 'LA DESCARTÉ']);
  });

  it('web push: a published signal carries its took path and its dialog; later events do not', () => {
    expect(pushPayload(published)).toMatchObject({ took: '/api/signals/40/took', dialog: '/dashboard?signal=40' });
    const later = pushPayload(activated);
    expect(later.took).toBeUndefined();
    expect(later.dialog).toBeUndefined();
  });
});
