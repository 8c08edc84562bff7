import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { recoveryCodeGroups } from '@t0/contracts/schemas/second-factor/second-factor';

/** The issuer shown in authenticator apps. */
export const TOTP_ISSUER = 'T0 Terminal';

/** Accepted clock drift: one 30 s step either side. */
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, account: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: account, secret });
}

/** The otpauth address as a QR code, an SVG data URL (no script, safe in an `<img>`). */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * Checks a 6-digit code; answers its time step when valid and later than `afterTimeStep` (a code
 * already accepted, or an older one, is refused), else null.
 */
export async function checkTotp(secret: string, code: string, afterTimeStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterTimeStep !== null ? { afterTimeStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Characters of a recovery code: 28 from an alphabet of 31 is about 138.7 bits (at least 128). */
export const RECOVERY_CODE_LENGTH = 28;

/** The bits of randomness of a recovery code. */
export const RECOVERY_CODE_BITS = RECOVERY_CODE_LENGTH * Math.log2(RECOVERY_ALPHABET.length);

/** A recovery code's characters in groups of four (`k3m9-xp2q-…`), as it is shown. */
export function groupRecoveryCode(code: string): string {
  return recoveryCodeGroups(code).join('-');
}

/** A recovery code: 28 characters in seven groups of four (`k3m9-xp2q-7wab-…`), about 138 bits. */
export function newRecoveryCode(): string {
  let chars = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) chars += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return groupRecoveryCode(chars);
}

/** Recovery codes compare without case, spaces or dashes. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

const hmac = (salt: Buffer, text: string) => createHmac('sha256', salt).update(text).digest();

/**
 * The stored form of a recovery code: `hmac-sha256$<salt>$<HMAC-SHA256(salt, normalised code)>`
 * with a random 128-bit salt per code. The code itself has at least 128 bits of randomness, so a
 * fast keyed hash is enough; the salt makes every stored value unique to its row.
 */
export function hashRecoveryCode(code: string): string {
  const salt = randomBytes(16);
  return `hmac-sha256$${salt.toString('hex')}$${hmac(salt, normalizeRecoveryCode(code)).toString('hex')}`;
}

/**
 * True when `code` is the one stored as `stored`: a salted value of this scheme, or a code made
 * before it (a SHA-256 hex, rewritten by the migration as `hmac-sha256-of-sha256`). Compared in
 * constant time.
 */
export function recoveryCodeMatches(stored: string, code: string): boolean {
  const [scheme, saltHex, hashHex] = stored.trim().split('$');
  if (!saltHex || !hashHex || !/^[0-9a-f]+$/.test(saltHex) || !/^[0-9a-f]{64}$/.test(hashHex)) return false;
  const normalized = normalizeRecoveryCode(code);
  let text: string;
  if (scheme === 'hmac-sha256') text = normalized;
  else if (scheme === 'hmac-sha256-of-sha256') text = createHash('sha256').update(normalized).digest('hex');
  else return false;
  return timingSafeEqual(hmac(Buffer.from(saltHex, 'hex'), text), Buffer.from(hashHex, 'hex'));
}
