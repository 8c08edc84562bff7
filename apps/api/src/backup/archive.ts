import { createCipheriv, createDecipheriv, createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// One backup file: `T0BACKUP`, the header's length (4 bytes, big-endian), the header (JSON), then
// the body. The body's plain text is the manifest's length (4 bytes), the manifest (JSON) and the
// entries' bytes one after the other, in the manifest's order.
//  - Encrypted: the body is that text under AES-256-GCM with its 16-byte tag last; the key comes
//    from the passphrase through scrypt with the header's random salt, and the magic, length and
//    header are the cipher's additional data, so a changed header fails like a changed body.
//  - Unencrypted (`--unencrypted`): the body is the text followed by SHA-256 over everything
//    before it, so a damaged file is still refused (this proves nothing against a forger).
// Every entry also carries its SHA-256 in the manifest.

export const ARCHIVE_MAGIC = Buffer.from('T0BACKUP', 'ascii');
export const ARCHIVE_FORMAT = 1;
const TAG_BYTES = 16;
const SHA_BYTES = 32;
/** scrypt's cost (N = 2^17, r = 8, p = 1: 128 MiB and a fraction of a second per derivation). */
const SCRYPT = { N: 2 ** 17, r: 8, p: 1 } as const;
const SCRYPT_MAXMEM = 256 * 1024 * 1024;

/** A backup refused or impossible: the message says why, for the operator. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export interface ArchiveEntry {
  name: string;
  size: number;
  sha256: string;
}

/** What a backup says of itself; checked before a restore touches anything. */
export interface Manifest {
  format: number;
  product: 't0-terminal';
  productVersion: string;
  createdAt: string;
  storage: 'pglite' | 'postgresql';
  /** The newest migration applied to the database backed up. */
  lastMigration: string | null;
  /** The signal event chain's last event and the number of events up to it; null when empty. */
  chainHead: { id: number; hash: string; count: number } | null;
  /** The newest signed checkpoint stored in the database backed up. */
  latestCheckpoint: {
    id: number;
    headId: number;
    headHash: string;
    eventCount: number;
    createdAt: string;
    keyId: string;
  } | null;
  entries: ArchiveEntry[];
}

interface Header {
  format: number;
  encryption: null | {
    cipher: 'aes-256-gcm';
    kdf: 'scrypt';
    salt: string;
    N: number;
    r: number;
    p: number;
    iv: string;
  };
}

const sha256 = (...parts: Buffer[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
};

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

function deriveKey(passphrase: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(passphrase, salt, 32, { ...params, maxmem: SCRYPT_MAXMEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** The archive of `manifest` (its `entries` filled in here) and `payload`, encrypted when a passphrase is given. */
export async function writeArchive(
  manifest: Omit<Manifest, 'entries'>,
  payload: Array<{ name: string; data: Buffer }>,
  passphrase: string | null,
): Promise<{ bytes: Buffer; manifest: Manifest }> {
  const full: Manifest = {
    ...manifest,
    entries: payload.map((p) => ({ name: p.name, size: p.data.length, sha256: sha256(p.data).toString('hex') })),
  };
  const manifestBytes = Buffer.from(JSON.stringify(full), 'utf8');
  const plain = Buffer.concat([u32(manifestBytes.length), manifestBytes, ...payload.map((p) => p.data)]);
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const header: Header = {
    format: ARCHIVE_FORMAT,
    encryption: passphrase
      ? { cipher: 'aes-256-gcm', kdf: 'scrypt', salt: salt.toString('base64'), ...SCRYPT, iv: iv.toString('base64') }
      : null,
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const prefix = Buffer.concat([ARCHIVE_MAGIC, u32(headerBytes.length), headerBytes]);
  if (!passphrase) return { bytes: Buffer.concat([prefix, plain, sha256(prefix, plain)]), manifest: full };
  const cipher = createCipheriv('aes-256-gcm', await deriveKey(passphrase, salt, SCRYPT), iv);
  cipher.setAAD(prefix);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { bytes: Buffer.concat([prefix, body, cipher.getAuthTag()]), manifest: full };
}

/** The archive's header only: whether it is encrypted (no passphrase needed). */
export function archiveIsEncrypted(file: Buffer): boolean {
  return readHeader(file).header.encryption !== null;
}

function readHeader(file: Buffer): { header: Header; prefix: Buffer } {
  if (file.length < ARCHIVE_MAGIC.length + 4 || !file.subarray(0, ARCHIVE_MAGIC.length).equals(ARCHIVE_MAGIC))
    throw new BackupError('Not a T0 Terminal backup (its first bytes are not T0BACKUP)');
  const length = file.readUInt32BE(ARCHIVE_MAGIC.length);
  const end = ARCHIVE_MAGIC.length + 4 + length;
  if (end > file.length) throw new BackupError('The backup is cut short (its header runs past the end)');
  let header: Header;
  try {
    header = JSON.parse(file.subarray(ARCHIVE_MAGIC.length + 4, end).toString('utf8')) as Header;
  } catch {
    throw new BackupError('The backup is damaged (its header is not JSON)');
  }
  if (header.format !== ARCHIVE_FORMAT)
    throw new BackupError(
      `The backup's format ${String(header.format)} is not one this version reads (${ARCHIVE_FORMAT})`,
    );
  return { header, prefix: file.subarray(0, end) };
}

/**
 * The manifest and entries of an archive, after checking it whole: the GCM tag (encrypted) or the
 * trailing SHA-256 (unencrypted), then every entry's size and SHA-256. Throws BackupError otherwise.
 */
export async function readArchive(
  file: Buffer,
  passphrase: string | null,
): Promise<{ manifest: Manifest; entries: Map<string, Buffer>; encrypted: boolean }> {
  const { header, prefix } = readHeader(file);
  let plain: Buffer;
  const enc = header.encryption;
  if (enc) {
    if (!passphrase) throw new BackupError('The backup is encrypted: set BACKUP_PASSPHRASE to restore it');
    if (enc.cipher !== 'aes-256-gcm' || enc.kdf !== 'scrypt')
      throw new BackupError(`The backup's cipher ${enc.cipher} with ${enc.kdf} is not one this version reads`);
    if (file.length < prefix.length + TAG_BYTES) throw new BackupError('The backup is cut short');
    const key = await deriveKey(passphrase, Buffer.from(enc.salt, 'base64'), { N: enc.N, r: enc.r, p: enc.p });
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(enc.iv, 'base64'));
    decipher.setAAD(prefix);
    decipher.setAuthTag(file.subarray(file.length - TAG_BYTES));
    try {
      plain = Buffer.concat([decipher.update(file.subarray(prefix.length, file.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new BackupError('The backup cannot be decrypted: the passphrase is wrong or the file was changed');
    }
  } else {
    if (file.length < prefix.length + SHA_BYTES) throw new BackupError('The backup is cut short');
    plain = file.subarray(prefix.length, file.length - SHA_BYTES);
    const expected = file.subarray(file.length - SHA_BYTES);
    if (!timingSafeEqual(sha256(prefix, plain), expected))
      throw new BackupError('The backup is damaged: its checksum does not match its contents');
  }
  if (plain.length < 4) throw new BackupError('The backup is damaged (no manifest)');
  const manifestLength = plain.readUInt32BE(0);
  if (4 + manifestLength > plain.length)
    throw new BackupError('The backup is damaged (its manifest runs past the end)');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(plain.subarray(4, 4 + manifestLength).toString('utf8')) as Manifest;
  } catch {
    throw new BackupError('The backup is damaged (its manifest is not JSON)');
  }
  if (manifest.product !== 't0-terminal' || !Array.isArray(manifest.entries))
    throw new BackupError('The backup is not a T0 Terminal backup (its manifest names another product)');
  const entries = new Map<string, Buffer>();
  let at = 4 + manifestLength;
  for (const e of manifest.entries) {
    const data = plain.subarray(at, at + e.size);
    if (data.length !== e.size || sha256(data).toString('hex') !== e.sha256)
      throw new BackupError(`The backup is damaged: its entry ${e.name} does not match its checksum`);
    entries.set(e.name, data);
    at += e.size;
  }
  if (at !== plain.length) throw new BackupError('The backup is damaged (bytes after its last entry)');
  return { manifest, entries, encrypted: enc !== null };
}
