import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeE2E, screenshotOf, setupE2E, waitForApp } from './harness';

/** Decrypts an aes128gcm Web Push body (RFC 8291, one record) with the browser's keys. */
function decryptPush(body: Buffer, ecdh: ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const ikm = Buffer.from(
    hkdfSync(
      'sha256',
      ecdh.computeSecret(senderKey),
      auth,
      Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]),
      32,
    ),
  );
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  return padded.subarray(0, end).toString('utf8');
}

describeE2E('web push in the profile', () => {
  // The push service below is a local fake on 127.0.0.1 over plain http.
  const e2e = setupE2E({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' }, fullChromium: true });
  const got: { path: string; headers: IncomingMessage['headers']; body: Buffer }[] = [];
  const service = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((r) => service.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => service.close(() => r())));

  /**
   * Headless Chromium cannot reach a real push service: `pushManager.subscribe` answers a
   * subscription to the local fake instead, with keys the test holds. Everything else (the
   * service worker, permissions, the page and the server) is real.
   */
  async function fakePushService(context: BrowserContext, page: Page, endpoint: string) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const keys = { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') };
    await context.grantPermissions(['notifications'], { origin: e2e.product.url });
    await context.addInitScript(
      ({ endpoint, keys }) => {
        let current: unknown = null;
        const make = (serverKey: ArrayBuffer | null) => ({
          endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey: serverKey },
          toJSON: () => ({ endpoint, expirationTime: null, keys }),
          unsubscribe: async () => {
            current = null;
            return true;
          },
        });
        PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
          const key = options?.applicationServerKey;
          current = make(key instanceof Uint8Array ? (key.buffer.slice(0) as ArrayBuffer) : null);
          return current as PushSubscription;
        };
        PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
      },
      { endpoint, keys },
    );
    await page.reload();
    await waitForApp(page);
    return { ecdh, auth };
  }

  it('enables web push on this device, sends a test that the browser can decrypt, shows it through the service worker, and disables it', async () => {
    const sub = await e2e.user('subscriber');
    const { page, context } = await e2e.openWith('/profile?section=alerts', { as: sub });
    const browser = await fakePushService(context, page, `${base}/push/desktop`);
    const block = page.getByTestId('web-push-section');
    await block.getByText('NO DEVICES YET').waitFor();
    expect(await block.getByTestId('push-device-state').innerText()).toBe('OFF');

    await block.getByRole('button', { name: 'ENABLE ON THIS DEVICE' }).click();
    await block.getByTestId('push-device').waitFor();
    await expect.poll(() => block.getByTestId('push-device-state').innerText()).toBe('ENABLED');
    expect(await block.getByTestId('push-device').innerText()).toContain('THIS DEVICE');
    const stored = (await sub.api.get('/api/push/subscriptions')).body as { endpoint: string; label: string }[];
    expect(stored).toEqual([
      expect.objectContaining({
        endpoint: `${base}/push/desktop`,
        label: expect.stringMatching(/^Chrome \d+ on Linux$/),
      }),
    ]);

    await block.getByRole('button', { name: 'SEND TEST' }).click();
    await expect.poll(() => got.filter((g) => g.path === '/push/desktop').length).toBe(1);
    const test = got.find((g) => g.path === '/push/desktop')!;
    const payload = JSON.parse(decryptPush(test.body, browser.ecdh, browser.auth)) as {
      title: string;
      body: string;
      url: string;
      tag: string;
      id: string;
    };
    expect(payload).toMatchObject({
      title: 'T0 TERMINAL TEST',
      url: '/profile?section=alerts',
      tag: 't0-test',
      id: expect.stringMatching(/^msg_/),
    });
    await page.getByText('Accepted for 1 of 1 device.').waitFor();
    await page.getByTestId('web-push-section').scrollIntoViewIfNeeded();
    await e2e.shot(page, 'web-push-desktop');
    await screenshotOf(block, 'web-push-block-desktop');

    // The real service worker turns that payload into a notification (delivered through DevTools,
    // as a push service would).
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      (e: { registrations: { registrationId: string; scopeURL: string }[] }) => registrations.push(...e.registrations),
    );
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.some((r) => r.scopeURL.startsWith(e2e.product.url))).toBe(true);
    const registrationId = registrations.find((r) => r.scopeURL.startsWith(e2e.product.url))!.registrationId;
    const published = {
      ...payload,
      title: 'AUDUSD LONG PUBLISHED',
      tag: 't0-signal-7',
      url: '/dashboard',
      id: 'msg_se41:u3:web_push',
    };
    const deliver = (data: object) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: e2e.product.url,
        registrationId,
        data: JSON.stringify(data),
      });
    const notifications = () =>
      page.evaluate(async () => {
        const r = await navigator.serviceWorker.ready;
        return (await r.getNotifications()).map((n) => ({
          title: n.title,
          tag: n.tag,
          url: (n.data as { url?: string } | null)?.url,
          id: (n.data as { id?: string } | null)?.id,
          silent: n.silent,
        }));
      });
    await deliver(published);
    const shown = await expect.poll(notifications).toEqual([
      expect.objectContaining({
        title: 'AUDUSD LONG PUBLISHED',
        tag: 't0-signal-7',
        url: '/dashboard',
        id: 'msg_se41:u3:web_push',
        silent: false,
      }),
    ]);
    // The same delivery again (the server sent it once more after an interruption): one
    // notification, shown again without a second alert.
    await deliver({ ...published, body: 'same delivery, sent again' });
    await expect.poll(notifications).toEqual([expect.objectContaining({ id: 'msg_se41:u3:web_push', silent: true })]);
    // The signal's next event (another delivery, same tag) replaces it and alerts.
    await deliver({ ...published, title: 'AUDUSD LONG ACTIVATED', id: 'msg_se42:u3:web_push' });
    await expect
      .poll(notifications)
      .toEqual([
        expect.objectContaining({ title: 'AUDUSD LONG ACTIVATED', id: 'msg_se42:u3:web_push', silent: false }),
      ]);
    void shown;

    await block.getByRole('button', { name: 'DISABLE' }).click();
    await block.getByText('NO DEVICES YET').waitFor();
    expect(await block.getByTestId('push-device-state').innerText()).toBe('OFF');
    expect((await sub.api.get('/api/push/subscriptions')).body).toEqual([]);
    await e2e.a11y(page);
  });

  it('on a phone shows the browser as it is, and says when notifications are blocked', async () => {
    const sub = await e2e.user('subscriber');
    const { page, context } = await e2e.openWith('/profile?section=alerts', { as: sub, viewport: 'mobile' });
    const block = page.getByTestId('web-push-section');
    await block.getByText('NO DEVICES YET').waitFor();
    // Headless Chromium as it is: push supported, nothing asked yet.
    expect(await block.getByRole('button', { name: 'ENABLE ON THIS DEVICE' }).isEnabled()).toBe(true);
    await block.scrollIntoViewIfNeeded();
    await e2e.shot(page, 'web-push-mobile');
    await screenshotOf(block, 'web-push-block-mobile');

    // Notifications refused for the site: the button gives way to how to allow them again.
    await context.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
    });
    await page.reload();
    await waitForApp(page);
    await block.getByTestId('push-browser-problem').waitFor();
    expect(await block.getByTestId('push-browser-problem').innerText()).toContain('NOTIFICATIONS BLOCKED');
    expect(await block.getByRole('button', { name: 'ENABLE ON THIS DEVICE' }).count()).toBe(0);
    await block.scrollIntoViewIfNeeded();
    await e2e.shot(page, 'web-push-blocked-mobile');
    await screenshotOf(block, 'web-push-block-blocked-mobile');
    await e2e.a11y(page);
  });
});
