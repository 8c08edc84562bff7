import { afterEach, expect, it } from 'vitest';
import { consoleReady, pick } from './admin-helpers';
import { describeE2E, hasHorizontalScroll, setupE2E } from './harness';

// Messages between the desk and its subscribers (docs/features/messages.md): the subscriber's
// MESSAGES page from the top bar, and the console's MESSAGES inbox with its saved replies, at
// desktop and phone widths.

const WAIT = { timeout: 15_000 };
const NOTICE = 'The desk gives general information, not advice about a person’s own trades or account.';

describeE2E('MESSAGES', () => {
  const e2e = setupE2E();
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    const pages = e2e.browser.contexts().flatMap((c) => c.pages());
    for (const [i, p] of pages.entries()) await e2e.shot(p, `failed-messages-${i}`).catch(() => undefined);
  });

  it('a subscriber writes from the terminal and the desk answers from the console', async () => {
    const admin = await e2e.user('admin');
    const sub = await e2e.user('subscriber', { firstName: 'Mira', lastName: 'Quest' });

    const { page, errors } = await e2e.openWith('/dashboard', { as: sub });
    await page.getByRole('link', { name: 'Messages' }).first().click();
    const thread = page.getByTestId('message-thread');
    await thread.getByTestId('desk-notice').getByText(NOTICE).waitFor(WAIT);
    await thread.getByLabel('Message', { exact: true }).fill('How do I move my plan to yearly billing?');
    await thread.getByRole('button', { name: 'SEND' }).click();
    await thread.getByTestId('message').filter({ hasText: 'yearly billing' }).waitFor(WAIT);

    const desk = await e2e.open('/admin123?tab=messages', { as: admin });
    await consoleReady(desk);
    const tab = desk.getByTestId('MessagesTab');
    await tab.getByLabel('Search messages').fill(sub.email);
    const row = tab.getByTestId('thread-row').filter({ hasText: 'Mira Quest' });
    await row.getByTestId('unread').waitFor(WAIT);
    await row.click();
    await tab.getByTestId('message').filter({ hasText: 'yearly billing' }).waitFor(WAIT);

    // The desk saves a reply to a common question, then answers with it, edited before sending.
    const saved = tab.getByTestId('saved-replies');
    await saved.getByLabel('Title').fill('Yearly billing');
    await saved.getByLabel('Reply text').fill('Billing > Change plan, then choose Yearly.');
    await saved.getByRole('button', { name: 'SAVE REPLY' }).click();
    await saved.getByTestId('saved-reply').filter({ hasText: 'Yearly billing' }).waitFor(WAIT);
    const box = tab.getByTestId('message-thread').getByLabel('Message', { exact: true });
    await box.fill('Hello Mira.');
    await pick(tab, 'Saved replies', 'Yearly billing');
    await expect.poll(() => box.inputValue(), WAIT).toBe('Hello Mira.\n\nBilling > Change plan, then choose Yearly.');
    await box.press('End');
    await box.pressSequentially(' The price applies from your next renewal.');
    await tab.getByRole('button', { name: 'SEND' }).click();
    const sent = tab.getByTestId('message').filter({ hasText: 'choose Yearly' });
    await sent.waitFor(WAIT);
    expect(await sent.textContent()).toContain(
      'Hello Mira.\n\nBilling > Change plan, then choose Yearly. The price applies from your next renewal.',
    );
    await expect.poll(() => row.getByTestId('unread').count(), WAIT).toBe(0);
    await e2e.shot(desk, 'messages-console-desktop');
    expect(await hasHorizontalScroll(desk)).toBe(false);

    // The reply reaches the subscriber's open page through the live stream.
    await thread.getByTestId('message').filter({ hasText: 'choose Yearly' }).waitFor(WAIT);
    // The desk's message is read on the page: the desk sees READ on it.
    await tab
      .getByTestId('message')
      .filter({ hasText: 'choose Yearly' })
      .getByText('READ', { exact: false })
      .waitFor(WAIT);
    await e2e.shot(page, 'messages-page-desktop');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await e2e.a11y(page);
    expect(errors).toEqual([]);
  });

  it('fits a phone: the page and the inbox', async () => {
    const admin = await e2e.user('admin');
    const sub = await e2e.user('subscriber', { firstName: 'Phone', lastName: 'Asker' });
    expect((await sub.api.post('/api/user/messages', { message: 'Is there a mobile app?' })).status).toBe(200);

    const page = await e2e.open('/messages', { as: sub, viewport: 'mobile' });
    await page.getByTestId('message').filter({ hasText: 'mobile app' }).waitFor(WAIT);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await e2e.shot(page, 'messages-page-mobile');

    const desk = await e2e.open('/admin123?tab=messages', { as: admin, viewport: 'mobile' });
    await consoleReady(desk);
    const tab = desk.getByTestId('MessagesTab');
    await tab.getByLabel('Search messages').fill(sub.email);
    await tab.getByTestId('thread-row').filter({ hasText: 'Phone Asker' }).click();
    await tab.getByTestId('message').filter({ hasText: 'mobile app' }).waitFor(WAIT);
    await tab.getByTestId('saved-replies').getByTestId('saved-reply').first().waitFor(WAIT);
    expect(await hasHorizontalScroll(desk)).toBe(false);
    await e2e.shot(desk, 'messages-console-mobile');
  });
});
