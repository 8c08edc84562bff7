import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';

// The record's Ed25519 key: signs checkpoints of the signal event chain. The public half
// is served at `GET /api/performance/key` for anyone to check the checkpoints without us.

export interface RecordSigner {
  keyId: string;
  publicKeyPem: string;
  /** The raw 32-byte public key, base64. */
  publicKeyBase64: string;
  /** Ed25519 over the UTF-8 message, base64. */
  sign(message: string): string;
  verify(message: string, signature: string): boolean;
}

/** The raw 32-byte public key of an Ed25519 key. */
export function rawPublicKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  return Buffer.from(String(jwk.x), 'base64url');
}

/** The first 16 hex digits of SHA-256 over the raw public key. */
export const recordKeyId = (raw: Buffer) => createHash('sha256').update(raw).digest('hex').slice(0, 16);

/**
 * Reads a private key given as PEM (`-----BEGIN PRIVATE KEY-----`) or as base64 of its PKCS#8 DER.
 * Throws a message naming the setting when it is not an Ed25519 private key.
 */
export function parseRecordKey(text: string, setting = 'RECORD_SIGNING_KEY'): KeyObject {
  const value = text.trim().replace(/\\n/g, '\n');
  let key: KeyObject;
  try {
    key = value.includes('-----BEGIN')
      ? createPrivateKey(value)
      : createPrivateKey({ key: Buffer.from(value.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    throw new Error(`${setting} must be an Ed25519 private key, PEM or base64 PKCS#8`);
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error(`${setting} must be an Ed25519 private key (got ${key.asymmetricKeyType ?? 'unknown'})`);
  return key;
}

/** A new Ed25519 private key as PKCS#8 PEM. */
export function newRecordKeyPem(): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  return privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
}

export function createRecordSigner(privateKey: KeyObject): RecordSigner {
  const publicKey = createPublicKey(privateKey);
  const raw = rawPublicKey(publicKey);
  return {
    keyId: recordKeyId(raw),
    publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    publicKeyBase64: raw.toString('base64'),
    sign: (message) => sign(null, Buffer.from(message, 'utf8'), privateKey).toString('base64'),
    verify: (message, signature) => {
      try {
        return verify(null, Buffer.from(message, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
      } catch {
        return false;
      }
    },
  };
}
