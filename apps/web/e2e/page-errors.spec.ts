import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2E, setupE2E, type Role } from './harness';

// The pre-rendered pages (/ and /performance, and each language's: /ar/, /es/ …) are drawn at
// build time for a visitor who is not signed in and hydrated in the browser: whatever differs for a
// signed-in visitor is drawn after hydration, so React never throws the build's markup away
// (minified error #418 and its kin). A language page is hydrated in its own language.

const PAGES = ['/', '/performance', '/blog', '/ar/', '/es/', '/ar/performance', '/es/performance'];
const VISITORS: (Role | 'anonymous')[] = ['anonymous', 'subscriber', 'admin'];

/** Console errors and uncaught errors of a page, from before its first byte. */
function listen(page: Page, errors: string[]) {
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
}

describeE2E('no errors on the public pages', () => {
  const e2e = setupE2E();

  it.each(VISITORS)(
    '%s meets no page error and no console error on /, /performance, /blog, /ar/, /es/ and their records',
    async (who) => {
      const as = who === 'anonymous' ? undefined : await e2e.user(who);
      for (const path of PAGES) {
        const { page, errors } = await e2e.openWith('about:blank', { as, waitForApp: false });
        listen(page, errors);
        const checked = page.waitForResponse((res) => res.url().includes('auth.user'));
        await page.goto(path);
        await checked;
        await page.waitForFunction(() => document.documentElement.classList.contains('t0-idle'), null, {
          timeout: 20_000,
        });
        // The check's answer has been drawn (two frames after it arrived, the app idle).
        await page.evaluate(
          () =>
            new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))),
        );
        expect(errors, `${who} on ${path}`).toEqual([]);
        await page.close();
      }
    },
  );

  it('starts the live stream, the catalogue and the account’s settings only once a pre-rendered page is hydrated', async () => {
    // What those put in the query cache (a price the stream pushes) would otherwise reach a part of
    // the page still being hydrated, which would draw it unlike the build's markup.
    const as = await e2e.user('subscriber');
    for (const path of ['/', '/es/']) {
      const { page, context } = await e2e.openWith('about:blank', { as, waitForApp: false });
      await context.addInitScript(() => {
        const started: { url: string; at: number }[] = [];
        (window as unknown as { started: typeof started }).started = started;
        const fetch = window.fetch.bind(window);
        window.fetch = (input, init) => {
          started.push({ url: String(input instanceof Request ? input.url : input), at: performance.now() });
          return fetch(input, init);
        };
        const Native = window.EventSource;
        window.EventSource = class extends Native {
          constructor(url: string | URL, init?: EventSourceInit) {
            started.push({ url: String(url), at: performance.now() });
            super(url, init);
          }
        };
      });
      await page.goto(path);
      await page.waitForFunction(
        () => (window as unknown as { started: { url: string }[] }).started.some((r) => r.url.includes('live.events')),
        null,
        { timeout: 20_000 },
      );
      const { hydratedAt, started } = await page.evaluate(() => ({
        hydratedAt: performance.getEntriesByName('t0-page-hydrated')[0]?.startTime ?? null,
        started: (window as unknown as { started: { url: string; at: number }[] }).started,
      }));
      expect(hydratedAt, path).not.toBeNull();
      const early = started.filter(
        (r) => /live\.events|instruments\.list|preferences\.get/.test(r.url) && r.at < hydratedAt!,
      );
      expect(early, path).toEqual([]);
      expect(
        started.some((r) => r.url.includes('instruments.list')),
        path,
      ).toBe(true);
      await context.close();
    }
  });
});
