import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { ensureKeyFiles } from './config-keys';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 't0-config-load-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** What `loadConfig` threw (a `ConfigError`). */
function problemsOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('loadConfig accepted the settings');
}

describe('loading the settings', () => {
  it('reports every invalid setting at once, each by name', () => {
    const err = problemsOf({
      NODE_ENV: 'production',
      PORT: 'eighty',
      PASSWORD_HASH_COST: 'minimal',
      TRUST_PROXY: 'not-an-address',
      PLAN_MONTHLY_PRICE: 'free',
      VAPID_SUBJECT: 'http://t0.example',
      DELIVERY_RETRY_SCHEDULE_MS: '5000,soon',
      DISCORD_BOT_TOKEN: 'bot-token',
      TELEGRAM_PAID_CHAT_ID: '-1001234567890',
    });
    expect(err.problems.map((p) => p.setting).sort()).toEqual(
      [
        'PORT',
        'PASSWORD_HASH_COST',
        // Required in production, not set:
        'SESSION_SECRET',
        'TRUST_PROXY',
        'PLAN_MONTHLY_PRICE',
        'VAPID_SUBJECT',
        'DELIVERY_RETRY_SCHEDULE_MS',
        // The first of the three Discord settings that must come with DISCORD_BOT_TOKEN:
        'DISCORD_GUILD_ID',
        'TELEGRAM_PAID_CHAT_ID',
      ].sort(),
    );
    const lines = err.message.split('\n');
    expect(lines).toHaveLength(9);
    expect(lines).toContain('Invalid setting PASSWORD_HASH_COST: only standard is allowed in production');
    expect(lines).toContain('Invalid setting SESSION_SECRET: is required in production');
    expect(lines.find((l) => l.startsWith('Invalid setting DISCORD_GUILD_ID:'))).toMatch(
      /missing DISCORD_GUILD_ID, DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET/,
    );
    expect(lines.find((l) => l.startsWith('Invalid setting PORT:'))).toBeDefined();
  });

  it('reports a setting invalid on its own once, not again through a rule that reads it', () => {
    const err = problemsOf({ NODE_ENV: 'production', SESSION_SECRET: 'short', PASSWORD_HASH_COST: 'cheap' });
    expect(err.problems).toEqual([
      { setting: 'SESSION_SECRET', message: 'every secret must be at least 32 characters' },
      { setting: 'PASSWORD_HASH_COST', message: expect.stringMatching(/standard|minimal/) },
    ]);
  });

  it('names PUBLIC_URL when it is not a URL, and checks the VAPID settings only when web push is on', () => {
    expect(problemsOf({ PUBLIC_URL: 't0.example' }).problems).toEqual([
      { setting: 'PUBLIC_URL', message: 'must be an http:// or https:// URL, such as https://t0.example' },
    ]);
    const vapid = { VAPID_PUBLIC_KEY: 'abc', VAPID_SUBJECT: 'http://t0.example' };
    expect(problemsOf(vapid).problems.map((p) => p.setting)).toEqual([
      'VAPID_PRIVATE_KEY',
      'VAPID_PUBLIC_KEY',
      'VAPID_SUBJECT',
    ]);
    expect(loadConfig({ ...vapid, WEB_PUSH: 'false' }).delivery.webPush).toEqual({
      enabled: false,
      reason: 'WEB_PUSH=false',
    });
  });

  it('writes nothing: an empty DATA_DIR stays empty, and a missing one is not made', () => {
    const dataDir = tempDir();
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(readdirSync(dataDir)).toEqual([]);
    expect(config.sessionSecrets).toEqual([]);
    expect(config.recordSigningKey).toBeUndefined();
    expect(config.delivery.webPush).toMatchObject({ enabled: true, keys: undefined });
    const missing = path.join(tempDir(), 'not-yet');
    loadConfig({ DATA_DIR: missing });
    expect(() => statSync(missing)).toThrow();

    // The start-up's explicit step makes the three key files, once.
    const started = ensureKeyFiles(config);
    expect(readdirSync(dataDir).sort()).toEqual(['record-signing-key.pem', 'session-secret', 'vapid-keys.json']);
    expect(started.keys.sessionSecrets).toHaveLength(1);
    expect(started.keys.sessionSecrets[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(started.keys.recordSigningKey.source).toBe('generated');
    expect(ensureKeyFiles(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir })).keys).toMatchObject({
      sessionSecrets: started.keys.sessionSecrets,
      recordSigningKey: { source: 'kept' },
      webPush: started.keys.webPush,
    });
  });

  it('writes nothing for keys the settings give', () => {
    const dataDir = tempDir();
    const recordKey = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const started = ensureKeyFiles(
      loadConfig({
        DATA_DIR: dataDir,
        SESSION_SECRET: `${'a'.repeat(32)},${'b'.repeat(32)}`,
        WEB_PUSH: 'false',
        RECORD_SIGNING_KEY: recordKey,
      }),
    );
    expect(started.keys.sessionSecrets).toEqual(['a'.repeat(32), 'b'.repeat(32)]);
    expect(started.keys.recordSigningKey.source).toBe('setting');
    expect(started.keys.webPush).toEqual({ enabled: false, reason: 'WEB_PUSH=false' });
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
