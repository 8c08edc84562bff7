import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config';
import {
  oneTestDbKind,
  signUpAdmin,
  startTestApp,
  until,
  VALID_SIGNAL,
  type TestApp,
  type TestClient,
} from '../harness';

const [kind] = await oneTestDbKind();
const TOKEN = 'metrics-test-token-0123456789abcdef';
const OPERATIONS_DOCS = path.join(REPO_ROOT, 'docs/operations');

/** Debian's `prometheus` package brings both; CI installs it (.ci/run), elsewhere the tests needing it are skipped. */
const installed = (cmd: string) => spawnSync(cmd, ['--version'], { stdio: 'ignore' }).status === 0;
const hasPromtool = installed('promtool');
const hasPrometheus = installed('prometheus');
const inCi = Boolean(process.env.CI);
if (!inCi && !(hasPromtool && hasPrometheus)) {
  console.warn(
    `metrics.int.test.ts: ${[!hasPromtool && 'promtool', !hasPrometheus && 'prometheus'].filter(Boolean).join(' and ')} ` +
      'not found: the tests that run them are skipped (apt-get install prometheus to run them; CI installs it)',
  );
}

interface Raw {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A plain GET (node:http): what a probe or a scraper sends. */
function get(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** `promtool <args>` with `input` on its standard input. */
function promtool(args: string[], input?: string): { status: number | null; output: string } {
  const r = spawnSync('promtool', args, { input, encoding: 'utf8', timeout: 30_000 });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

/** One sample's value from the exposition text (labels in the order written), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const m = /^([^{ ]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

/** A port no one listens on now. */
async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

describe('metrics and readiness without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind!);
  });
  afterAll(async () => t?.close());

  it('serves no metrics (404, as any unknown path) and keeps none', async () => {
    expect(t.app.metrics).toBeUndefined();
    const res = await get(`${t.url}/metrics`, { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('is ready once started, live at /api/health, and answers 503 from the moment its close begins', async () => {
    expect(await get(`${t.url}/api/health`)).toMatchObject({ status: 200 });
    const ready = await get(`${t.url}/api/ready`);
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: 'ready' });

    // A keep-alive connection made before the close: a request sent on it as the close begins is
    // still answered (the drain), with 503, so the load balancer sends nothing more.
    const { port } = new URL(t.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((r) => socket.once('connect', () => r()));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => (received += c));
    const ask = () => socket.write('GET /api/ready HTTP/1.1\r\nHost: t0.test\r\nConnection: keep-alive\r\n\r\n');
    ask();
    await until(
      () => received,
      (r) => r.includes('"status":"ready"'),
    );
    received = '';
    const closing = t.app.close({ drainMs: 3_000 });
    ask();
    await until(
      () => received,
      (r) => r.includes('"status":"draining"'),
    );
    expect(received).toMatch(/^HTTP\/1\.1 503 /);
    expect(received.toLowerCase()).toContain('connection: close');
    await closing;
    socket.destroy();
  });
});

describe('metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let admin: TestClient;
  let discord: { base: string; server: Server; hits: number };
  const DESK_HOOK = '/api/webhooks/999999999999/desk-token-abcdefghij';
  const scrape = async () => {
    const res = await get(`${t.url}/metrics`, { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    // The desk's Discord webhook: the first message gets a 429 with retry_after, the rest are taken.
    discord = { base: '', server: undefined as unknown as Server, hits: 0 };
    discord.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      req.resume();
      req.on('end', () => {
        discord.hits++;
        if (discord.hits === 1) {
          res.writeHead(429, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: 'You are being rate limited.', retry_after: 0.2, global: false }));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"id":"1"}');
      });
    });
    await new Promise<void>((r) => discord.server.listen(0, '127.0.0.1', r));
    discord.base = `http://127.0.0.1:${(discord.server.address() as AddressInfo).port}`;
    t = await startTestApp(kind!, {
      METRICS_TOKEN: TOKEN,
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      DISCORD_API_BASE: discord.base,
      DISCORD_DESK_WEBHOOK_URL: discord.base + DESK_HOOK,
      DELIVERY_RETRY_SCHEDULE_MS: '300,600',
      // Three attempts per account a minute: the fourth wrong password is refused by the limit.
      RATE_LIMIT_AUTH_ACCOUNT_PER_MINUTE: '3',
      LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
    });
    admin = (await signUpAdmin(t)).client;
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((r) => discord?.server.close(r));
  });

  it('answers 401 to a request without the right token, saying nothing more', async () => {
    const tries: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-0123456789abcdef' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: TOKEN },
    ];
    for (const headers of tries) {
      const res = await get(`${t.url}/metrics`, headers);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(JSON.parse(res.body)).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
    }
  });

  it('counts requests by route, deliveries, rate limits and sign-ins, and reads the rest at scrape time', async () => {
    for (let i = 0; i < 3; i++) expect((await admin.get('/api/health')).status).toBe(200);
    expect((await admin.get('/api/blog-posts/987654')).status).toBe(404);
    // A wrong password three times, then the account's limit refuses the fourth attempt.
    const stranger = t.client();
    const wrong = { email: 'victim@t0.test', password: 'Wrong!Pass1' };
    for (let i = 0; i < 3; i++) expect((await stranger.post('/api/auth/login', wrong)).status).toBe(401);
    expect((await stranger.post('/api/auth/login', wrong)).status).toBe(429);
    // A published signal: its desk delivery meets a 429 first, then goes.
    const published = await admin.post('/api/signals', VALID_SIGNAL);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    // Waits for the delivery held by the 429 itself: another Discord delivery may be sent first.
    let text = await until(
      scrape,
      (s) =>
        (sample(s, 't0_deliveries_total', { channel: 'discord', outcome: 'sent' }) ?? 0) >= 1 &&
        (sample(s, 't0_delivery_lag_seconds_sum', { channel: 'discord' }) ?? 0) > 0.2,
    );

    // A live stream open while scraping.
    const stream = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = request(`${t.url}/api/stream`, { headers: { cookie: admin.cookieHeader } }, resolve);
      req.on('error', reject);
      req.end();
    });
    expect(stream.statusCode).toBe(200);
    text = await until(scrape, (s) => sample(s, 't0_live_streams_open') === 1);
    stream.destroy();

    const count = (labels: Record<string, string>) => sample(text, 't0_http_request_duration_seconds_count', labels);
    expect(count({ method: 'GET', route: '/api/health', status: '200' })).toBeGreaterThanOrEqual(3);
    // The route's pattern, never the URL.
    expect(count({ method: 'GET', route: '/api/blog-posts/:id', status: '404' })).toBe(1);
    expect(text).not.toContain('987654');
    expect(count({ method: 'POST', route: '/api/signals', status: '200' })).toBe(1);

    expect(sample(text, 't0_deliveries_total', { channel: 'discord', outcome: 'retry' })).toBe(1);
    expect(sample(text, 't0_rate_limited_responses_total', { service: 'discord' })).toBe(1);
    const lagCount = sample(text, 't0_delivery_lag_seconds_count', { channel: 'discord' })!;
    const lagSum = sample(text, 't0_delivery_lag_seconds_sum', { channel: 'discord' })!;
    expect(lagCount).toBeGreaterThanOrEqual(1);
    // Published to delivered: the first delivery waited past the 0.2 s Discord asked for (the next,
    // held behind it, may take less from its own event), all well within a minute.
    expect(lagSum).toBeGreaterThan(0.2);
    expect(lagSum / lagCount).toBeLessThan(60);

    expect(sample(text, 't0_sign_in_failures_total', { kind: 'password' })).toBe(3);
    expect(sample(text, 't0_sign_in_limited_total', { attempt: 'sign_in' })).toBe(1);

    expect(sample(text, 't0_outbox_backlog')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 't0_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 't0_job_queue_depth', { queue: 'deliver' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 't0_job_queue_active', { queue: 'deliver' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 't0_metrics_read_failures_total', { read: 'outbox' })).toBe(0);
    // The signal's publication asked the feed for the live price of its instrument.
    const priceAge = sample(text, 't0_price_feed_age_seconds', { instrument: VALID_SIGNAL.instrument });
    expect(priceAge).toBeGreaterThanOrEqual(0);
    expect(priceAge).toBeLessThan(600);
    expect(sample(text, 't0_db_pool_connections', { database: kind! })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 't0_db_pool_max', { database: kind! })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 't0_db_pool_waiting', { database: kind! })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 't0_ready')).toBe(1);
    // Node's own figures.
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });

  it.skipIf(!hasPromtool && !inCi)('is accepted by promtool check metrics', async () => {
    const checked = promtool(['check', 'metrics'], await scrape());
    expect(checked.output).toBe('');
    expect(checked.status).toBe(0);
  });

  it.skipIf(!hasPromtool && !inCi)(
    'has alert rules that promtool accepts and tests, and a dashboard that names only metrics it serves',
    async () => {
      const rules = path.join(OPERATIONS_DOCS, 'alert-rules.yml');
      const checked = promtool(['check', 'rules', rules]);
      expect(checked.status, checked.output).toBe(0);
      const tested = promtool(['test', 'rules', path.join(OPERATIONS_DOCS, 'alert-rules.test.yml')]);
      expect(tested.status, tested.output).toBe(0);

      const served = new Set([...(await scrape()).matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));
      const dashboard = readFileSync(path.join(OPERATIONS_DOCS, 'grafana-dashboard.json'), 'utf8');
      JSON.parse(dashboard);
      for (const source of [dashboard, readFileSync(rules, 'utf8')]) {
        const named = new Set(
          [...source.matchAll(/\b((?:t0|process|nodejs)_[a-z0-9_]+)/g)].map((m) =>
            m[1]!.replace(/_(bucket|sum|count)$/, ''),
          ),
        );
        expect([...named].filter((n) => !served.has(n))).toEqual([]);
      }
    },
  );

  it.skipIf(!hasPrometheus && !inCi)('is scraped by a real Prometheus with the bearer token', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 't0-prometheus-'));
    const port = await freePort();
    const target = new URL(t.url).host;
    writeFileSync(
      path.join(dir, 'prometheus.yml'),
      [
        'global: { scrape_interval: 1s, scrape_timeout: 1s, evaluation_interval: 1s }',
        'scrape_configs:',
        '  - job_name: t0',
        '    metrics_path: /metrics',
        `    authorization: { type: Bearer, credentials: ${TOKEN} }`,
        `    static_configs: [{ targets: ['${target}'] }]`,
        '',
      ].join('\n'),
    );
    let prom: ChildProcess | undefined;
    let log = '';
    try {
      prom = spawn(
        'prometheus',
        [
          `--config.file=${path.join(dir, 'prometheus.yml')}`,
          `--storage.tsdb.path=${path.join(dir, 'data')}`,
          `--web.listen-address=127.0.0.1:${port}`,
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      prom.stdout!.on('data', (c: Buffer) => (log += c.toString()));
      prom.stderr!.on('data', (c: Buffer) => (log += c.toString()));
      const query = async (q: string) => {
        try {
          const res = await get(`http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent(q)}`);
          const body = JSON.parse(res.body) as { data?: { result?: Array<{ value: [number, string] }> } };
          return body.data?.result?.map((r) => Number(r.value[1])) ?? [];
        } catch {
          return [];
        }
      };
      const up = await until(
        () => query('up{job="t0"}'),
        (v) => v[0] === 1,
        30_000,
        250,
      ).catch((err: Error) => {
        throw new Error(`${err.message}\nprometheus said:\n${log.slice(-3000)}`);
      });
      expect(up).toEqual([1]);
      const sent = await until(
        () => query('t0_deliveries_total{channel="discord",outcome="sent"}'),
        (v) => (v[0] ?? 0) >= 1,
        30_000,
        250,
      );
      expect(sent[0]).toBeGreaterThanOrEqual(1);
    } finally {
      if (prom && prom.exitCode === null) {
        const exited = new Promise((r) => prom!.once('exit', r));
        prom.kill('SIGTERM');
        const kill = setTimeout(() => prom!.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(kill);
      }
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
