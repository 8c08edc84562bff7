import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { ensureKeyFiles, type RecordSigningKey } from './config-keys';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 't0-record-key-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const base = { SESSION_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' };
const recordKey = (env: Record<string, string>) => ensureKeyFiles(loadConfig(env)).keys.recordSigningKey;
const publicPem = (k: RecordSigningKey) => createPublicKey(k.key).export({ format: 'pem', type: 'spki' }).toString();

describe('the record signing key (RECORD_SIGNING_KEY)', () => {
  it('is generated once under DATA_DIR (mode 0600) at start-up and kept', () => {
    const dataDir = tempDir();
    const first = recordKey({ ...base, DATA_DIR: dataDir });
    expect(first.source).toBe('generated');
    const file = path.join(dataDir, 'record-signing-key.pem');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const again = recordKey({ ...base, DATA_DIR: dataDir });
    expect(again.source).toBe('kept');
    expect(publicPem(again)).toBe(publicPem(first));
  });

  it('takes an Ed25519 key as PEM or as base64 PKCS#8, and names the setting otherwise', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const b64 = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    const expected = publicKey.export({ format: 'pem', type: 'spki' }).toString();
    for (const value of [pem, b64, pem.replace(/\n/g, '\\n')]) {
      const k = recordKey({ ...base, DATA_DIR: tempDir(), RECORD_SIGNING_KEY: value });
      expect(k.source).toBe('setting');
      expect(publicPem(k)).toBe(expected);
    }
    expect(() => loadConfig({ ...base, DATA_DIR: tempDir(), RECORD_SIGNING_KEY: 'not a key' })).toThrow(
      /RECORD_SIGNING_KEY/,
    );
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    expect(() => loadConfig({ ...base, DATA_DIR: tempDir(), RECORD_SIGNING_KEY: rsa })).toThrow(
      /RECORD_SIGNING_KEY must be an Ed25519 private key/,
    );
  });
});
