import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, signUpSubscriber, startTestApp, type TestApp } from '../harness';

const examplesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../examples');

/** Runs the example script in its own process, the way a user would, against the started product. */
function runExample(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'print-active-signals.ts'], {
      cwd: examplesDir,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the example script with the typed client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('signs in and prints the active signals of a running product', async () => {
    const admin = await signUpAdmin(t);
    const base = { direction: 'long', monthlyBias: 'Bullish', memo: '' };
    const made = [
      await admin.client.post('/api/signals', {
        ...base,
        instrument: 'GBPJPY',
        entryPrice: 196.12,
        slPrice: 195.5,
        t0Price: 196.8,
        t1Price: 197.4,
        confidence: 88,
      }),
      await admin.client.post('/api/signals', {
        ...base,
        instrument: 'AUDUSD',
        direction: 'short',
        entryPrice: 0.65169,
        slPrice: 0.655,
        t0Price: 0.648,
        t1Price: 0.645,
      }),
      await admin.client.post('/api/signals', {
        ...base,
        instrument: 'US30',
        entryPrice: 42762,
        slPrice: 42500,
        t0Price: 43000,
        t1Price: 43200,
      }),
    ];
    expect(made.map((m) => m.status)).toEqual([200, 200, 200]);
    t.pinPrices({ US30: 42900 });
    expect((await admin.client.post(`/api/signals/${made[2]!.body.id}/close`, { exitPrice: 42900 })).status).toBe(200);
    const sub = await signUpSubscriber(t);

    const run = await runExample({ T0_URL: t.url, T0_EMAIL: sub.email, T0_PASSWORD: sub.password });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toBe(`2 active signals on ${t.url} (signed in as ${sub.email})`);
    expect(lines[1]).toMatch(/^INSTRUMENT\s+SIDE\s+ENTRY\s+STOP\s+T0\s+T1\s+CONF\s+BIAS\s+CREATED$/);
    expect(lines.slice(2).map((l) => l.split(/\s+/).slice(0, 3))).toEqual(
      expect.arrayContaining([
        ['GBPJPY', 'LONG', '196.12'],
        ['AUDUSD', 'SHORT', '0.65169'],
      ]),
    );
    expect(run.stdout).not.toContain('US30');
    // The script signed out at the end: its session is gone.
    const sessions = await sql<{
      n: number;
    }>`select count(*)::int as n from sessions where (sess::jsonb ->> 'userId')::int = ${sub.id}`.execute(t.db.db);
    expect(sessions.rows[0]!.n).toBe(1); // only the test's own sign-up session
  });

  it('prints the open signals of an account without a subscription with their levels locked', async () => {
    const user = await signUp(t);
    const run = await runExample({ T0_URL: t.url, T0_EMAIL: user.email, T0_PASSWORD: user.password });
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^\d+ active signals? on /);
    const rows = lines.slice(2, -1).map((l) => l.split(/\s+/));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.slice(2, 6)).toEqual(['LOCKED', 'LOCKED', 'LOCKED', 'LOCKED']);
    expect(lines.at(-1)).toBe(
      "Levels of open signals are for their rooms' members: this account does not hold those rooms.",
    );
  });

  it('reports a refused sign-in with the server message', async () => {
    const sub = await signUpSubscriber(t);
    const run = await runExample({ T0_URL: t.url, T0_EMAIL: sub.email, T0_PASSWORD: 'Wrong!Pass1' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe('401: Invalid email or password');
  });
});
