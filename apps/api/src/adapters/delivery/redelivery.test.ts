import { REDELIVERY_NOTE } from '@t0/contracts';
import type { DeliveryMessage } from '@t0/server';
import { describe, expect, it } from 'vitest';
import { discordPayload } from './discord';
import { telegramText } from './telegram';
import { pushPayload } from './web-push';
import { webhookBody } from './webhook';

const message: DeliveryMessage = {
  id: 'msg_se12:u4:telegram',
  event: 'closed',
  urgent: true,
  title: 'EURUSD LONG CLOSED',
  text: 'Closed at T1.',
  occurredAt: '2026-11-24T10:00:00.000Z',
};

// A delivery sent again after an interrupted attempt keeps its id everywhere; channels that keep no
// id of ours say it is a repeat.
describe('a repeat after an interruption', () => {
  it('Telegram and Discord say so; the first sending does not', () => {
    expect(telegramText(message, 'https://t0.example')).not.toContain(REDELIVERY_NOTE);
    expect(telegramText({ ...message, redelivery: true }, 'https://t0.example')).toContain(`<i>${REDELIVERY_NOTE}</i>`);
    expect(discordPayload(message).embeds[0]!.footer.text).toBe('T0 Terminal · urgent');
    expect(discordPayload({ ...message, redelivery: true }).embeds[0]!.footer.text).toBe(
      `T0 Terminal · urgent · ${REDELIVERY_NOTE}`,
    );
  });

  it('the push and the webhook carry the same id and the same body either way', () => {
    expect(pushPayload({ ...message, redelivery: true })).toEqual(pushPayload(message));
    expect(pushPayload(message).id).toBe('msg_se12:u4:telegram');
    expect(webhookBody({ ...message, redelivery: true })).toBe(webhookBody(message));
  });
});
