import { CommunityError } from '@t0/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidTelegramChats } from '../../src/adapters/community/telegram-paid-chat';
import { FakeTelegramBotApi } from '../fakes/telegram-bot-api';

const TOKEN = '123456:paid-chat-test';
const CHAT = '-1005550009999';

describe("the paid chats' reads of Telegram", () => {
  const tg = new FakeTelegramBotApi(TOKEN, { id: 7000, username: 't0_paid_bot' });
  let chats: ReturnType<typeof createPaidTelegramChats>;
  beforeAll(async () => {
    const apiRoot = await tg.start();
    chats = createPaidTelegramChats(
      { token: TOKEN, username: 't0_paid_bot', channelId: undefined, webhookSecret: 's', apiRoot, setWebhook: false },
      { timeoutMs: 5_000 },
    );
  });
  afterAll(() => tg.stop());

  it('tries a read once more after a dropped connection before counting Telegram unreachable', async () => {
    tg.drops.set('getChatMember', 1);
    const before = tg.callsOf('getChatMember').length;
    expect(await chats.botProblem(CHAT)).toBeNull();
    // The dropped call never reached the fake's log; the second did.
    expect(tg.callsOf('getChatMember').length - before).toBe(1);
    expect(tg.drops.get('getChatMember')).toBe(0);

    tg.drops.set('getChatMember', 2);
    const failed = await chats.memberStatus(CHAT, '42').catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(CommunityError);
    expect((failed as CommunityError).message).toMatch(/^Telegram unreachable: /);
    expect((failed as CommunityError).opts).toMatchObject({ network: true });
    expect(tg.drops.get('getChatMember')).toBe(0);
  });

  it('does not repeat a call that changes something', async () => {
    tg.drops.set('createChatInviteLink', 1);
    const failed = await chats
      .createInviteLink(CHAT, 'one use', new Date(Date.now() + 60_000))
      .catch((err: unknown) => err);
    expect((failed as CommunityError).message).toMatch(/^Telegram unreachable: /);
    expect(tg.callsOf('createChatInviteLink')).toHaveLength(0);
    expect(tg.drops.get('createChatInviteLink')).toBe(0);
  });
});
