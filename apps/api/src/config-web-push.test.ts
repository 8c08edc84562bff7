import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadConfig } from './config';
import { ensureKeyFiles } from './config-keys';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 't0-vapid-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) {
    chmodSync(d, 0o700);
    rmSync(d, { recursive: true, force: true });
  }
});

const base = { SESSION_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' };
/** Web push as a start-up finds it (keys kept under DATA_DIR made then). */
const webPush = (env: Record<string, string>) => ensureKeyFiles(loadConfig(env)).keys.webPush;

describe('web push settings', () => {
  it('generates a VAPID key pair once under DATA_DIR (mode 0600) at start-up and keeps using it', () => {
    const dataDir = tempDir();
    const first = webPush({ ...base, DATA_DIR: dataDir });
    expect(first).toMatchObject({ enabled: true, generated: true });
    if (!first.enabled) throw new Error('not enabled');
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    const file = path.join(dataDir, 'vapid-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
    });
    const again = webPush({ ...base, DATA_DIR: dataDir });
    expect(again).toMatchObject({ enabled: true, publicKey: first.publicKey, privateKey: first.privateKey });
  });

  it('uses the keys of the settings, and a subject from SUPPORT_EMAIL, MAIL_FROM or VAPID_SUBJECT', () => {
    const keys = webpush.generateVAPIDKeys();
    const dataDir = tempDir();
    const push = webPush({
      ...base,
      DATA_DIR: dataDir,
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      SUPPORT_EMAIL: 'desk@t0.example',
    });
    expect(push).toEqual({ enabled: true, ...keys, subject: 'mailto:desk@t0.example', generated: false });
    expect(() => statSync(path.join(dataDir, 'vapid-keys.json'))).toThrow();
    expect(webPush({ ...base, DATA_DIR: dataDir, MAIL_FROM: 'T0 <alerts@t0.example>' })).toMatchObject({
      subject: 'mailto:alerts@t0.example',
    });
    expect(webPush({ ...base, DATA_DIR: dataDir, VAPID_SUBJECT: 'https://t0.example/contact' })).toMatchObject({
      subject: 'https://t0.example/contact',
    });
  });

  it('refuses half a key pair, malformed keys and a subject that is neither mailto: nor https:', () => {
    const keys = webpush.generateVAPIDKeys();
    const dataDir = tempDir();
    expect(() => loadConfig({ ...base, DATA_DIR: dataDir, VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together/,
    );
    expect(() =>
      loadConfig({ ...base, DATA_DIR: dataDir, VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: keys.privateKey }),
    ).toThrow(/VAPID_PUBLIC_KEY: a P-256 public key/);
    expect(() =>
      loadConfig({
        ...base,
        DATA_DIR: dataDir,
        VAPID_PUBLIC_KEY: keys.publicKey,
        VAPID_PRIVATE_KEY: `${keys.privateKey}==`,
      }),
    ).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ ...base, DATA_DIR: dataDir, VAPID_SUBJECT: 'http://t0.example' })).toThrow(
      /VAPID_SUBJECT/,
    );
  });

  it('is "not configured" when turned off or when no keys are set and DATA_DIR cannot keep them, never an error', () => {
    expect(loadConfig({ ...base, DATA_DIR: tempDir(), WEB_PUSH: 'false' }).delivery.webPush).toEqual({
      enabled: false,
      reason: 'WEB_PUSH=false',
    });
    const readOnly = tempDir();
    chmodSync(readOnly, 0o500);
    const probe = path.join(readOnly, 'probe');
    let writable = true;
    try {
      writeFileSync(probe, '');
    } catch {
      writable = false;
    }
    // Running as root ignores the mode: a file in place of the folder cannot be written under either way.
    const blocked = writable ? path.join(tempDir(), 'a-file') : readOnly;
    if (writable) writeFileSync(blocked, '');
    const push = webPush({ ...base, NODE_ENV: 'production', DATA_DIR: blocked });
    expect(push.enabled).toBe(false);
    if (!push.enabled) expect(push.reason).toMatch(/no VAPID keys set and none can be kept/);
  });
});
