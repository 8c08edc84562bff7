import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { checkAddress, isPublicAddress } from './address-guard';
import { postJson } from './http-post';

describe('delivery address guard', () => {
  it('tells public unicast addresses from private, loopback, link-local, ULA and mapped ones', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      'not-an-ip',
    ])
      expect(isPublicAddress(a), a).toBe(false);
  });

  it('judges IPv6 forms that embed an IPv4 address by that address, and refuses IPv4-compatible ones', () => {
    for (const a of [
      '::127.0.0.1',
      '::10.0.0.1',
      '::8.8.8.8',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::127.0.0.1',
      '64:ff9b::192.168.1.1',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::1',
      '2002:c0a8:101::',
      '2002:0a00:0001:1::5',
      '64:ff9b:1::8.8.8.8',
      '::ffff:0:127.0.0.1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    ])
      expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['::ffff:8.8.8.8', '64:ff9b::8.8.8.8', '2002:0808:0808::1', '2a00:1450:4001:80b::200e'])
      expect(isPublicAddress(a), a).toBe(true);
  });

  it('refuses registration of an IPv4-compatible IPv6 literal', async () => {
    expect(await checkAddress('https://[::127.0.0.1]/', false)).toMatch(/private/);
    expect(await checkAddress('https://[64:ff9b::7f00:1]/', false)).toMatch(/private/);
    expect(await checkAddress('https://[2002:7f00:1::1]/', false)).toMatch(/private/);
  });

  it('refuses registration of loopback and private hosts unless private targets are allowed', async () => {
    expect(await checkAddress('https://127.0.0.1/x', false)).toMatch(/private/);
    expect(await checkAddress('https://localhost/x', false)).toMatch(/private/);
    expect(await checkAddress('http://93.184.215.14/x', false)).toMatch(/https/);
    expect(await checkAddress('https://user:pw@93.184.215.14/x', false)).toMatch(/password/);
    expect(await checkAddress('https://93.184.215.14/x', false)).toBeNull();
    expect(await checkAddress('http://127.0.0.1/x', true)).toBeNull();
  });

  it('refuses at connection time a name that resolves to loopback (no request reaches it)', async () => {
    let hits = 0;
    const server = createServer((req, res) => {
      hits++;
      if (req.url === '/moved') res.writeHead(302, { location: '/x' }).end();
      else res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      await expect(
        postJson(`https://localhost:${port}/x`, '{}', {}, { timeoutMs: 2_000, allowPrivate: false }),
      ).rejects.toThrow(/private address/);
      // Allowed: the same request goes through, and a redirect is not followed.
      const ok = await postJson(`http://localhost:${port}/x`, '{}', {}, { timeoutMs: 2_000, allowPrivate: true });
      expect(ok.status).toBe(200);
      const moved = await postJson(
        `http://localhost:${port}/moved`,
        '{}',
        {},
        { timeoutMs: 2_000, allowPrivate: true },
      );
      expect(moved.status).toBe(302);
      expect(hits).toBe(2);
    } finally {
      server.close();
    }
  });
});
