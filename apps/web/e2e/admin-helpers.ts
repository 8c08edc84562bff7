import type { Download, Locator, Page } from 'playwright-core';

// Small helpers for driving the administrator console in browser tests.

/** A valid 1×1 PNG (the upload PUT checks the file's leading bytes). */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A PDF of about `bytes` bytes: a real header and trailer around padding. */
export function pdfOfSize(bytes: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n', 'latin1');
  const tail = Buffer.from('\n%%EOF\n', 'latin1');
  const padding = Buffer.alloc(Math.max(0, bytes - head.length - tail.length), 0x20);
  return Buffer.concat([head, padding, tail]);
}

/** Picks an option of a Mantine Select found by its label (inside `scope`). */
export async function pick(scope: Page | Locator, label: string, option: string) {
  const page = 'page' in scope ? scope.page() : scope;
  const input = scope
    .getByRole('combobox', { name: label, exact: true })
    .or(scope.getByRole('textbox', { name: label, exact: true }))
    .first();
  const choice = page.getByRole('option', { name: option, exact: true });
  // A click while the layout above is still settling can land as open-then-close: try again.
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await choice.isVisible())) await input.click();
      await choice.click({ timeout: 3000 });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
      await page.keyboard.press('Escape');
    }
  }
}

/** The console section (a `<section>` named by its heading). */
export const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Opens a console tab by its label (in any case: the labels are capitals). */
export async function openTab(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.getByRole('tab', { name: new RegExp(`^${escaped}$`, 'i') }).click();
}

/** The toast currently on screen with this title. */
export const toastTitled = (page: Page, title: string) => page.locator('.t0-toast').filter({ hasText: title });

/** Waits for a download started from this page or any page it opens (a link with target=_blank). */
export function nextDownload(page: Page, timeoutMs = 15_000): Promise<Download> {
  const context = page.context();
  return new Promise<Download>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('No download started')), timeoutMs);
    const done = (d: Download) => {
      clearTimeout(timer);
      resolve(d);
    };
    for (const p of context.pages()) p.once('download', done);
    context.on('page', (p) => p.once('download', done));
  });
}

/** Chooses a segment of a Mantine SegmentedControl by its visible label. */
export async function segment(page: Page, label: string) {
  await page.locator('.mantine-SegmentedControl-label', { hasText: label }).click();
}

/** Clicks `target` until `shown` is visible (a popover that a re-render closed opens again). */
export async function clickUntilVisible(target: Locator, shown: Locator, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    await target.click();
    try {
      await shown.waitFor({ timeout: 4000 });
      return;
    } catch (err) {
      if (attempt === attempts) throw err;
    }
  }
}

/** Waits until the console has loaded its header figures and monitoring (the layout is settled). */
export async function consoleReady(page: Page) {
  // Generous: on a busy machine the first load of the console can take a while.
  const timeout = 30_000;
  await page.getByTestId('subscriber-summary').waitFor({ timeout });
  await page.getByTestId('welcome-monitor').waitFor({ timeout });
  await page
    .getByTestId('notification-count')
    .filter({ hasText: /^\d+ NOTIFICATIONS$/ })
    .waitFor({ timeout });
}
