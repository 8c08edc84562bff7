import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** The built server (dist/main.js) on the embedded database in a temporary DATA_DIR. */
describe('SIGTERM', () => {
  let child: ChildProcess;
  let dataDir: string;
  let port: number;
  let exited: Promise<{ code: number | null; at: number }>;

  beforeAll(async () => {
    // The same bundle `pnpm start` runs, built now so the test never runs a stale one.
    execFileSync(process.execPath, ['build.mjs'], { cwd: apiDir, stdio: 'pipe' });
    dataDir = mkdtempSync(path.join(tmpdir(), 't0-shutdown-'));
    port = await freePort();
    child = spawn(process.execPath, ['dist/main.js'], {
      cwd: apiDir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        PRICE_HISTORY: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    exited = new Promise((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() })));
    for (let i = 0; i < 300; i++) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok).catch(() => false);
      if (ok) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('the server did not start');
  }, 90_000);

  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('closes idle keep-alive connections, finishes the request in flight and exits 0 within 10 s', async () => {
    // An idle keep-alive connection.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const idle = await new Promise<{ closed: Promise<number> }>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
        res.resume();
        res.on('end', () => {
          const socket = req.socket!;
          resolve({ closed: new Promise<number>((r) => socket.once('close', () => r(Date.now()))) });
        });
      });
      req.on('error', reject);
    });

    // A request in flight: its body arrives slowly, half before the signal and half after.
    const body = JSON.stringify({ email: 'nobody@t0.test', password: 'Wrong!Pass1' });
    const slow = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: 'http://localhost:' + port },
    });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      slow.on('response', (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      });
      slow.on('error', reject);
    });
    answer.catch(() => undefined); // awaited below; a refusal fails the test there
    slow.write(body.slice(0, 10));
    await new Promise((r) => setTimeout(r, 300));

    const signalled = Date.now();
    child.kill('SIGTERM');
    // Closed promptly, while the slow request is still being received.
    expect((await idle.closed) - signalled).toBeLessThan(2_000);
    // New connections are refused once the server stopped accepting.
    await new Promise((r) => setTimeout(r, 700));
    const refused = await fetch(`http://127.0.0.1:${port}/api/health`).then(() => false, () => true);
    expect(refused).toBe(true);

    slow.end(body.slice(10));
    const res = await answer;
    expect(res.status).toBe(401);

    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - signalled).toBeLessThan(10_000);
    agent.destroy();
  }, 30_000);
});
