import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The session cookie: `<session id>.<HMAC-SHA256 of the id, base64url>`. Only the server can
 * issue a value it accepts, so a guessed or altered id never reaches the store.
 */
export class SessionCookie {
  private readonly secret: Buffer;

  constructor(
    readonly name: string,
    secret: string,
    private readonly opts: { secure: boolean; maxAgeMs: number },
  ) {
    this.secret = Buffer.from(secret, 'utf8');
  }

  private signature(id: string): string {
    return createHmac('sha256', this.secret).update(id).digest('base64url');
  }

  sign(id: string): string {
    return `${id}.${this.signature(id)}`;
  }

  /** The session id in a cookie value, or undefined when the signature does not match. */
  unsign(value: string): string | undefined {
    const dot = value.lastIndexOf('.');
    if (dot <= 0) return undefined;
    const id = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), 'utf8');
    const expected = Buffer.from(this.signature(id), 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  }

  /** This cookie's value in a Cookie request header, if present. */
  read(header: string | undefined): string | undefined {
    if (!header) return undefined;
    const prefix = `${this.name}=`;
    for (const part of header.split(';')) {
      const p = part.trim();
      if (!p.startsWith(prefix)) continue;
      const value = p.slice(prefix.length);
      if (!value.includes('%')) return value;
      try {
        return decodeURIComponent(value);
      } catch {
        return undefined;
      }
    }
    return undefined;
  }

  /** The Set-Cookie value for a session id, valid for the idle timeout. */
  issue(id: string, now = Date.now()): string {
    const expires = new Date(now + this.opts.maxAgeMs);
    return this.attributes(this.sign(id), expires, Math.floor(this.opts.maxAgeMs / 1000));
  }

  /** The Set-Cookie value that removes the cookie. */
  clear(): string {
    return this.attributes('', new Date(0), 0);
  }

  private attributes(value: string, expires: Date, maxAgeSeconds: number): string {
    return `${this.name}=${value}; Path=/; Expires=${expires.toUTCString()}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${this.opts.secure ? '; Secure' : ''}`;
  }
}
