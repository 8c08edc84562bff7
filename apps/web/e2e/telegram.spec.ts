import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { commandEntities } from '../../api/test/fakes/telegram-bot-api';
import { describeE2E, hasHorizontalScroll, setupE2E } from './harness';

const TOKEN = '7000000002:AAe2e-token_for-the-fake-bot-api';
const SECRET = 'e2e-telegram-webhook-secret_0123456789';
const BOT = 'T0E2ESignalsBot';

/** A local stand-in for the Telegram Bot API (the product's TELEGRAM_API_ROOT): getMe and sendMessage. */
async function fakeBotApi() {
  const sent: { chat_id: string; text: string }[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const method = (req.url ?? '').split('/').pop();
      const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
      res.writeHead(200, { 'content-type': 'application/json' });
      if (method === 'getMe')
        return res.end(JSON.stringify({ ok: true, result: { id: 1, is_bot: true, first_name: 'T0', username: BOT } }));
      if (method === 'sendMessage') sent.push({ chat_id: String(body.chat_id), text: String(body.text) });
      res.end(
        JSON.stringify({
          ok: true,
          result: { message_id: sent.length, date: 1, chat: { id: Number(body.chat_id), type: 'private' } },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const fake = await fakeBotApi();
afterAll(() => fake.close());

async function telegramBlock(page: Page) {
  await page.getByRole('tab', { name: 'ALERTS' }).click();
  const block = page.getByTestId('telegram-section');
  await block.getByTestId('telegram-state').waitFor();
  await block.scrollIntoViewIfNeeded();
  return block;
}

describeE2E('profile: Telegram', () => {
  const e2e = setupE2E({
    env: { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_WEBHOOK_SECRET: SECRET, TELEGRAM_API_ROOT: fake.url },
  });

  it('links with LINK TELEGRAM and /start in the chat, shows the linked account, and unlinks', async () => {
    const sub = await e2e.user('subscriber');
    const page = await e2e.open('/profile?section=alerts', { as: sub });
    const block = await telegramBlock(page);
    await e2e.shot(page, 'profile-telegram-unlinked', { fullPage: false });

    await block.getByRole('button', { name: 'LINK TELEGRAM' }).click();
    const shown = block.getByTestId('telegram-link');
    await shown.waitFor();
    const url = (await shown.getByRole('link').textContent())!;
    expect(url).toMatch(new RegExp(`^https://t\\.me/${BOT}\\?start=[A-Za-z0-9_-]{32}$`));
    expect(await block.getByRole('button', { name: 'Copy Telegram link' }).isVisible()).toBe(true);
    await e2e.shot(page, 'profile-telegram-link', { fullPage: false });

    // The subscriber presses START: Telegram posts the update to the product.
    const code = new URL(url).searchParams.get('start');
    const res = await fetch(`${e2e.product.url}/api/webhooks/telegram`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
      body: JSON.stringify({
        update_id: 1,
        message: {
          message_id: 1,
          date: 1,
          chat: { id: 777001, type: 'private' },
          from: { id: 777001, is_bot: false, first_name: 'Ada', username: 'ada_fx' },
          text: `/start ${code}`,
          entities: commandEntities(`/start ${code}`),
        },
      }),
    });
    expect(res.status).toBe(200);
    expect(fake.sent.at(-1)).toMatchObject({ chat_id: '777001' });
    expect(fake.sent.at(-1)!.text).toMatch(/^Linked to T0 Terminal/);

    // The block asks again while it waits, and shows the account.
    await block.getByText('@ada_fx').waitFor({ timeout: 10_000 });
    expect(await block.getByText('LINKED', { exact: true }).isVisible()).toBe(true);
    await e2e.shot(page, 'profile-telegram-linked', { fullPage: false });
    await e2e.a11y(page);

    const phone = await e2e.open('/profile?section=alerts', { as: sub, viewport: 'mobile' });
    const small = await telegramBlock(phone);
    await small.getByText('@ada_fx').waitFor();
    expect(await hasHorizontalScroll(phone)).toBe(false);
    await e2e.shot(phone, 'profile-telegram-linked-mobile', { fullPage: false });

    await block.getByRole('button', { name: 'UNLINK' }).click();
    await block.getByRole('button', { name: 'LINK TELEGRAM' }).waitFor();
    expect((await sub.api.get('/api/telegram/status')).body).toMatchObject({ linked: false });
  });

  it('shows the link to copy on a phone without horizontal scrolling', async () => {
    const sub = await e2e.user('subscriber');
    const page = await e2e.open('/profile?section=alerts', { as: sub, viewport: 'mobile' });
    const block = await telegramBlock(page);
    await block.getByRole('button', { name: 'LINK TELEGRAM' }).click();
    await block.getByTestId('telegram-link').waitFor();
    await block.scrollIntoViewIfNeeded();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await e2e.shot(page, 'profile-telegram-link-mobile', { fullPage: false });
  });
});

describeE2E('profile: Telegram not configured', () => {
  const e2e = setupE2E();

  it('shows NOT CONFIGURED and no link button', async () => {
    const sub = await e2e.user('subscriber');
    const page = await e2e.open('/profile?section=alerts', { as: sub });
    const block = await telegramBlock(page);
    expect(await block.getByText('NOT CONFIGURED', { exact: true }).isVisible()).toBe(true);
    expect(await block.getByRole('button', { name: 'LINK TELEGRAM' }).count()).toBe(0);
    expect(
      await page
        .getByTestId('channel-table')
        .getByRole('checkbox', { name: 'SIGNAL PUBLISHED by TELEGRAM' })
        .isDisabled(),
    ).toBe(true);
    await e2e.shot(page, 'profile-telegram-not-configured', { fullPage: false });
  });
});
