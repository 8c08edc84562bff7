import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers';

const webDist = mkdtempSync(path.join(tmpdir(), 't0-headers-'));
writeFileSync(path.join(webDist, 'first-paint.js'), 'document.documentElement.dataset.theme = "dark";');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

describe('security headers', () => {
  it("are Helmet's for documents, with the inline script's hash, and HSTS only in production", () => {
    const dev = securityHeaders({ webDist, isProduction: false });
    expect(dev.document['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
    expect(dev.document['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
    expect(dev.document).toMatchObject({
      'x-frame-options': 'SAMEORIGIN',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
    expect(dev.document['strict-transport-security']).toBeUndefined();
    expect(dev.api['strict-transport-security']).toBeUndefined();

    const prod = securityHeaders({ webDist, isProduction: true });
    expect(prod.document['content-security-policy']).toMatch(/upgrade-insecure-requests/);
    expect(prod.document['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(prod.api).toEqual({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': 'no-store',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
  });
});
