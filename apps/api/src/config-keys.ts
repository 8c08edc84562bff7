import { randomBytes, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { newRecordKeyPem, parseRecordKey } from '@t0/server';
import webpush from 'web-push';
import { keyBytes, type Config } from './config';

/** Web push's VAPID keys and contact, or why the channel is off ("not configured"). */
export type WebPushSettings =
  | { enabled: true; publicKey: string; privateKey: string; subject: string; generated: boolean }
  | { enabled: false; reason: string };

/**
 * The record's Ed25519 signing key. `ephemeral`: DATA_DIR could not keep a generated key;
 * checkpoints signed before a restart then name another key.
 */
export interface RecordSigningKey {
  key: KeyObject;
  source: 'setting' | 'generated' | 'kept' | 'ephemeral';
  file?: string;
}

/** The keys a running server signs and encrypts with: the settings' own, or those kept under DATA_DIR. */
export interface Keys {
  /** The first signs new session cookies; all of them are accepted (rotation). */
  sessionSecrets: string[];
  recordSigningKey: RecordSigningKey;
  webPush: WebPushSettings;
}

/** The settings with the keys the start-up found or made (`ensureKeyFiles`). */
export type StartedConfig = Config & { keys: Keys };

/**
 * The start-up's one step that touches DATA_DIR for keys: every key the settings do not give is
 * read from its file under DATA_DIR, or generated and written there once (mode 0600):
 * `session-secret`, `record-signing-key.pem`, `vapid-keys.json`. Loading the settings writes nothing.
 */
export function ensureKeyFiles(config: Config): StartedConfig {
  const keys: Keys = {
    sessionSecrets: config.sessionSecrets.length ? config.sessionSecrets : [keptSessionSecret(config.dataDir)],
    recordSigningKey: config.recordSigningKey
      ? { key: config.recordSigningKey, source: 'setting' }
      : keptRecordKey(config.dataDir),
    webPush: webPushKeys(config),
  };
  return { ...config, keys };
}

/** A generated session secret kept under DATA_DIR, so sessions survive restarts outside production. */
function keptSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The record key kept under DATA_DIR (`record-signing-key.pem`), generated on first start. */
function keptRecordKey(dataDir: string): RecordSigningKey {
  const file = path.join(dataDir, 'record-signing-key.pem');
  if (existsSync(file)) return { key: parseRecordKey(readFileSync(file, 'utf8'), file), source: 'kept', file };
  const pem = newRecordKeyPem();
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, pem, { mode: 0o600 });
  } catch {
    // Not kept: this process signs with a key of its own (the start-up log says so).
    return { key: parseRecordKey(pem), source: 'ephemeral', file };
  }
  return { key: parseRecordKey(pem, file), source: 'generated', file };
}

/** Web push with its keys: the settings' pair, else one kept under DATA_DIR; "not configured" when it cannot be kept. */
function webPushKeys(config: Config): WebPushSettings {
  const push = config.delivery.webPush;
  if (!push.enabled) return push;
  if (push.keys) return { enabled: true, ...push.keys, subject: push.subject, generated: false };
  const file = path.join(config.dataDir, 'vapid-keys.json');
  const kept = keptVapidKeys(config.dataDir, file);
  if (!kept) return { enabled: false, reason: `no VAPID keys set and none can be kept in ${file}` };
  return { enabled: true, ...kept, subject: push.subject, generated: true };
}

/** A VAPID key pair kept in `file` (made by web-push's `generateVAPIDKeys`); null when it cannot be. */
function keptVapidKeys(dataDir: string, file: string): { publicKey: string; privateKey: string } | null {
  const read = () => {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    const ok =
      typeof kept.publicKey === 'string' &&
      typeof kept.privateKey === 'string' &&
      keyBytes(kept.publicKey) === 65 &&
      keyBytes(kept.privateKey) === 32;
    return ok ? { publicKey: kept.publicKey as string, privateKey: kept.privateKey as string } : null;
  };
  try {
    if (existsSync(file)) return read();
    mkdirSync(dataDir, { recursive: true });
    // P-256: public uncompressed (65 bytes), private 32 bytes, both base64url.
    const keys = webpush.generateVAPIDKeys();
    try {
      // `wx`: two processes starting at once do not overwrite each other's pair.
      writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return read();
      throw err;
    }
    return keys;
  } catch {
    return null;
  }
}
