import type { Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { FakeDiscordApi } from '../../api/test/fakes/discord-api';
import { commandEntities, FakeTelegramBotApi } from '../../api/test/fakes/telegram-bot-api';
import { openTab, toastTitled } from './admin-helpers';
import { describeE2E, hasHorizontalScroll, setupE2E, type TestUser } from './harness';

const TOKEN = '7000000003:AAe2e-community_token-for-the-fake';
const SECRET = 'e2e-community-webhook-secret_0123456789';
const PAID = '-1005550001111';
/** A second room with a chat and a role of its own (the default room uses the settings'). */
const GOLD = { chat: '-1005550002222', role: '710000000000000021' };
const DISCORD = {
  botToken: 'e2e-discord-bot-token',
  guildId: '710000000000000001',
  roleId: '710000000000000002',
  clientId: '710000000000000003',
  clientSecret: 'e2e-discord-client-secret',
  // Set once the product's address is known.
  redirectUri: '',
};

// Local stand-ins for the Telegram Bot API and Discord's API (the same fakes as the API's tests).
const tg = new FakeTelegramBotApi(TOKEN, { id: 7000000003, username: 'T0E2EPaidBot' });
const dc = new FakeDiscordApi(DISCORD);
const [tgUrl, dcUrl] = await Promise.all([tg.start(), dc.start()]);
afterAll(async () => {
  await tg.stop();
  await dc.stop();
});

async function communityBlock(page: Page) {
  const block = page.getByTestId('community-section');
  // Generous: the first profile of a cold product on a busy machine can take a while.
  await block.getByTestId('community-discord').waitFor({ timeout: 30_000 });
  await block.scrollIntoViewIfNeeded();
  return block;
}

describeE2E('community: the profile block and the console section', () => {
  const e2e = setupE2E({
    env: {
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_WEBHOOK_SECRET: SECRET,
      TELEGRAM_API_ROOT: tgUrl,
      TELEGRAM_PAID_CHAT_ID: PAID,
      DISCORD_API_BASE: dcUrl,
      DISCORD_BOT_TOKEN: DISCORD.botToken,
      DISCORD_GUILD_ID: DISCORD.guildId,
      DISCORD_SUBSCRIBER_ROLE_ID: DISCORD.roleId,
      DISCORD_CLIENT_ID: DISCORD.clientId,
      DISCORD_CLIENT_SECRET: DISCORD.clientSecret,
    },
  });

  /** Links Telegram as the profile does: the deep link's code sent to the bot by /start. */
  async function linkTelegram(user: TestUser, chatId: number) {
    const link = await user.api.post('/api/telegram/link');
    const code = new URL(link.body.url as string).searchParams.get('start');
    const res = await fetch(`${e2e.product.url}/api/webhooks/telegram`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
      body: JSON.stringify({
        update_id: chatId,
        message: {
          message_id: 1,
          date: 1,
          chat: { id: chatId, type: 'private' },
          from: { id: chatId, is_bot: false, first_name: 'Ada' },
          text: `/start ${code}`,
          entities: commandEntities(`/start ${code}`),
        },
      }),
    });
    expect(res.status).toBe(200);
  }

  it('gives a subscriber a personal invite per room and links Discord through its authorisation', async () => {
    // A Gold room with its own chat and role; the subscriber holds it and the default room.
    const admin = await e2e.user('admin');
    const room = await admin.api.post('/api/admin/rooms', {
      slug: 'gold',
      name: 'Gold',
      telegramChatId: GOLD.chat,
      discordRoleId: GOLD.role,
    });
    expect(room.status, JSON.stringify(room.body)).toBe(200);
    dc.roles.set(GOLD.role, 'Gold');
    const plan = await admin.api.post('/api/admin/plans', {
      key: 'bundle',
      name: 'Bundle',
      rooms: ['main', 'gold'],
      terms: 'recurring',
      interval: 'month',
      intervalCount: 1,
      amountCents: 9900,
      currency: 'usd',
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    const sub = await e2e.user('subscriber');
    expect((await sub.api.post('/api/test/activate-subscription', { email: sub.email, plan: 'bundle' })).status).toBe(
      200,
    );
    dc.cfg.redirectUri = `${e2e.product.url}/api/community/discord/callback`;
    const { page, context } = await e2e.openWith('/profile?section=alerts', { as: sub });
    let block = await communityBlock(page);
    await block.getByText('Link Telegram above first', { exact: false }).waitFor();

    await linkTelegram(sub, 880001);
    await page.reload();
    block = await communityBlock(page);
    // One link per room's chat, each under its room's name.
    await block.getByRole('button', { name: 'GET INVITE LINKS' }).click();
    const invites = block.getByTestId('community-invite');
    await invites.nth(1).waitFor();
    expect(await invites.allTextContents()).toEqual([
      expect.stringMatching(/^https:\/\/t\.me\/\+fake\d+$/),
      expect.stringMatching(/^https:\/\/t\.me\/\+fake\d+$/),
    ]);
    const chats = block.getByTestId('community-chat');
    expect(await chats.nth(0).textContent()).toContain('Signals');
    expect(await chats.nth(1).textContent()).toContain('Gold');
    expect(
      tg
        .callsOf('createChatInviteLink')
        .slice(-2)
        .map((c) => c.body.chat_id),
    ).toEqual([PAID, GOLD.chat]);

    // Discord's authorisation page approves at once and sends the browser back with a code.
    dc.codes.set('e2e-code', { id: '420000000000000001', username: 'ada_discord' });
    await context.route(`${dcUrl}/oauth2/authorize**`, async (route) => {
      const asked = new URL(route.request().url());
      const back = new URL(asked.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', 'e2e-code');
      back.searchParams.set('state', asked.searchParams.get('state')!);
      await route.fulfill({ status: 302, headers: { location: back.toString() } });
    });
    await block.getByRole('button', { name: 'LINK DISCORD' }).click();
    await toastTitled(page, 'Discord Linked').waitFor({ timeout: 20_000 });
    block = await communityBlock(page);
    await block.getByText('ada_discord').waitFor();
    // Both rooms' roles.
    expect(await block.getByText('ROLE GRANTED').count()).toBe(2);
    expect(dc.hasRole('420000000000000001')).toBe(true);
    expect(dc.hasRole('420000000000000001', GOLD.role)).toBe(true);
    expect(new URL(page.url()).searchParams.get('discord')).toBeNull();
    await e2e.shot(page, 'profile-community-desktop', { fullPage: false });
    await e2e.a11y(page);

    const phone = await e2e.open('/profile?section=alerts', { as: sub, viewport: 'mobile' });
    const small = await communityBlock(phone);
    await small.getByTestId('community-invite').nth(1).waitFor();
    await small.getByText('ada_discord').waitFor();
    expect(await hasHorizontalScroll(phone)).toBe(false);
    await e2e.shot(phone, 'profile-community-mobile', { fullPage: false });
  });

  it('shows the console’s COMMUNITY section: members against subscribers, the last sync, alerts and actions', async () => {
    const admin = await e2e.user('admin');
    // The bot lost its ban right: the reconciliation says so.
    tg.botRights = { status: 'administrator', can_invite_users: true, can_restrict_members: false };
    for (const viewport of ['desktop', 'mobile'] as const) {
      const page = await e2e.open('/admin123?tab=community', { as: admin, viewport });
      await openTab(page, 'COMMUNITY');
      await page.getByTestId('community-telegram-panel').waitFor({ timeout: 30_000 });
      if (viewport === 'desktop') {
        await page.getByRole('button', { name: 'SYNC NOW' }).click();
        await toastTitled(page, 'Community Reconciled').waitFor({ timeout: 30_000 });
      }
      // One alert per room's chat, each naming it.
      const alerts = page.getByTestId('community-telegram-panel-alert');
      await alerts.nth(1).waitFor();
      const texts = (await alerts.allTextContents()).sort();
      expect(texts).toEqual([
        expect.stringMatching(/Gold chat \(-1005550002222\).*ban users/),
        expect.stringMatching(/Signals chat \(-1005550001111\).*ban users/),
      ]);
      expect(await page.getByTestId('community-telegram-panel-room').count()).toBe(2);
      await page.getByTestId('community-discord-panel').getByText('LAST SYNC').waitFor();
      // The subscriber's Discord role, granted after linking, is in the recent actions.
      await page.getByTestId('community-tasks').getByText('grant_role').first().waitFor();
      expect(await hasHorizontalScroll(page)).toBe(false);
      await e2e.shot(page, `admin-community-${viewport}`);
      if (viewport === 'desktop') await e2e.a11y(page);
    }
  });
});
