import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

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

/** A recovery code: ten characters in two groups (`k3m9x-p2q7w`), about 49 bits. */
export function newRecoveryCode(): string {
  let chars = '';
  for (let i = 0; i < 10; i++) chars += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Recovery codes compare without case, spaces or dashes. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
}
