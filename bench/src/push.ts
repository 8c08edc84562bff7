// Push benchmark: N open live streams (GET /api/stream) on one API process on PostgreSQL, global
// broadcasts one after the other, and how long each takes to reach all of them; the API process's resident memory
// and CPU time before and after. Then, in the same run and with the same client, a bare Fastify
// SSE server (no auth, one route holding raw streams) writing the same bytes to as many streams:
// the reference for what the wire and the client take on this machine.
//   pnpm --filter @t0/bench push   (PUSH_STREAMS, default 10,000; PUSH_BROADCASTS, default 3; PUSH_TIMEOUT_S, default 60)
// Only against 127.0.0.1. The open-file limit is raised for all processes (one socket per stream).
import { createHmac } from 'node:crypto';
import { spawn, fork, type ChildProcess } from 'node:child_process';
import http, { type ServerResponse } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeHeapSnapshot } from 'node:v8';
import { proveAdminEmail } from './admin-proof';
import { grantDefaultPlan } from './bulk-grants';

const STREAMS = Number(process.env.PUSH_STREAMS ?? 10_000);
const TIMEOUT_MS = Number(process.env.PUSH_TIMEOUT_S ?? 60) * 1000;
const OPEN_CONCURRENCY = 200;
/**
 * Broadcasts measured one after the other (PUSH_BROADCASTS, default 3). The first one after start
 * also pays for compiling the code it runs for the first time; a server that has been up a while
 * is in the state of the later ones. Both are printed.
 */
const BROADCASTS = Math.max(1, Number(process.env.PUSH_BROADCASTS ?? 3));
const BETWEEN_MS = 3000;
/**
 * The idle process's CPU is measured this long before the broadcast (one round of the API's pings
 * and credential checks, LIVE_PING_MS), so the broadcast's own CPU can be told from it.
 */
const BACKGROUND_MS = 10_000;
/**
 * How long after a memory reading (a forced full collection, whose sweeping V8 finishes on helper
 * threads afterwards) a CPU window may start.
 */
const SETTLE_MS = 1000;
const SECRET = 'push-bench-secret-push-bench-secret-0000';
const ADMIN = 'push-admin@t0.bench';
const self = fileURLToPath(import.meta.url);

interface Stats {
  type: 'stats';
  rss: number;
  heapUsed: number;
  cpuUs: number;
  streams: number;
  /** When it was read (ms since the epoch). */
  at: number;
}
interface Ready {
  type: 'ready';
  url: string;
  streamPath: string;
  /** One request header set per stream to open (its session cookie, its client address). */
  streamHeaders: Record<string, string>[];
  broadcast: { path: string; headers: Record<string, string>; body: string };
  what: string;
}

/**
 * The process's figures, after a full collection (so the memory figures are what is live). The CPU
 * windows are read apart from these (`CpuReading`): the collection, and the sweeping V8 goes on with
 * on its helper threads after it, are the script's work, not the server's.
 */
interface CpuReading {
  type: 'cpu';
  cpuUs: number;
  at: number;
}
const cpuReading = (): CpuReading => {
  const u = process.cpuUsage();
  return { type: 'cpu', cpuUs: u.user + u.system, at: Date.now() };
};

function processStats(streams: number): Stats {
  const u = process.cpuUsage();
  (globalThis as { gc?: () => void }).gc?.();
  // PUSH_HEAP_SNAPSHOTS=<dir>: a heap snapshot at each reading (where a stream's memory goes).
  if (process.env.PUSH_HEAP_SNAPSHOTS)
    writeHeapSnapshot(path.join(process.env.PUSH_HEAP_SNAPSHOTS, `${process.argv[2]}-${streams}.heapsnapshot`));
  const m = process.memoryUsage();
  return { type: 'stats', rss: m.rss, heapUsed: m.heapUsed, cpuUs: u.user + u.system, streams, at: Date.now() };
}

/**
 * PUSH_PROFILE=<dir>: a CPU profile of the last broadcast's window (from the reading before it to
 * the one after it), written as `<role>.cpuprofile` (open it in Chrome's DevTools).
 */
let profiler: Session | undefined;
async function profile(action: 'start' | 'stop'): Promise<void> {
  const post = (method: string) =>
    new Promise<unknown>((res, rej) => profiler!.post(method, (e, r) => (e ? rej(e) : res(r))));
  if (action === 'start') {
    profiler = new Session();
    profiler.connect();
    await post('Profiler.enable');
    await post('Profiler.start');
  } else if (profiler) {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    writeFileSync(path.join(process.env.PUSH_PROFILE!, `${process.argv[2]}.cpuprofile`), JSON.stringify(profile));
    profiler.disconnect();
  }
}

function answerRunner(stats: () => Stats, stop: () => Promise<void>): void {
  process.on('message', (m) => {
    if (m === 'stats') process.send!(stats());
    if (m === 'cpu') process.send!(cpuReading());
    // With PUSH_NODE_FLAGS (say --trace-gc), the window's own lines are told apart by these marks.
    if (m === 'mark-before' || m === 'mark-after') {
      if (process.env.PUSH_NODE_FLAGS)
        console.log(`-- ${process.argv[2]}: ${m === 'mark-before' ? 'before' : 'after'} the broadcast`);
      process.send!({ type: 'marked' });
    }
    if (m === 'profile-start' || m === 'profile-stop')
      void profile(m === 'profile-start' ? 'start' : 'stop').then(() => process.send!({ type: 'profiled' }));
    if (m === 'stop') void stop().then(() => process.exit(0));
  });
  process.on('disconnect', () => void stop().then(() => process.exit(0)));
}

/** A distinct client address per stream, as a proxy in front of the API reports it (X-Forwarded-For). */
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

// --- the API process ---------------------------------------------------------------------------

async function serveApi(): Promise<void> {
  const { createApp } = await import('@t0/api/src/app');
  const { loadConfig } = await import('@t0/api/src/config');
  const { sessionCookieName } = await import('@t0/api/src/session/plugin');
  const { createTestDb } = await import('@t0/db/testing');
  const db = await createTestDb('pg');
  const dataDir = mkdtempSync(path.join(tmpdir(), 't0-push-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    SESSION_SECRET: SECRET,
    ADMIN_EMAILS: ADMIN,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'true',
    PUBLIC_URL: 'https://t0.bench',
    // The bench administrator only broadcasts; a second factor measures nothing here.
    ADMIN_REQUIRE_2FA: 'false',
    LIVE_MAX_STREAMS: String(STREAMS + 100),
    // No price refreshes during the measurement (each would be one more event to every stream).
    PRICE_REFRESH_MS: String(24 * 3600 * 1000),
    // A machine shared with other work: PostgreSQL may be slow to answer; the bench measures the
    // fan-out, not the outage answers (503 after 1.5 s by default).
    DB_STATEMENT_TIMEOUT_MS: '30000',
    DB_CONNECT_TIMEOUT_MS: '10000',
  });
  const app = await createApp(config, { db, logger: false });
  const url = await app.server.listen({ port: 0, host: '127.0.0.1' });

  // One account registered normally (for a real password hash), then everyone else in bulk.
  const reg = await fetch(url + '/api/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
    body: JSON.stringify({ email: ADMIN, password: 'Push!Passw0rd', firstName: 'Push', lastName: 'Admin' }),
  });
  if (!reg.ok) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const now = Date.now();
  // Half of them subscribers, so both projections of an event are exercised.
  await db.executeSql(
    `insert into users (email, password, first_name, last_name, has_active_subscription, subscription_status)
     select 'push' || g || '@t0.bench', (select password from users where email = $1), 'Push', 'User' || g, g % 2 = 0, case when g % 2 = 0 then 'active' else 'inactive' end
     from generate_series(1, $2::int) g`,
    [ADMIN, STREAMS],
  );
  await grantDefaultPlan((sql) => db.executeSql(sql));
  await db.executeSql(
    `insert into sessions (sid, sess, expire)
     select 'push-' || id, json_build_object('userId', id, 'createdAt', $1::bigint, 'seenAt', $1::bigint), now() + interval '1 day'
     from users`,
    [now],
  );
  const rows = (await db.executeSql('select id, email from users order by id')) as {
    rows: { id: number; email: string }[];
  };
  // Signed as the session library signs (HMAC-SHA256, base64 without padding), with the production name.
  const signed = (sid: string) =>
    `${sid}.${createHmac('sha256', SECRET).update(sid).digest('base64').replace(/=+$/, '')}`;
  const cookie = (id: number) => `${sessionCookieName(true)}=${encodeURIComponent(signed(`push-${id}`))}`;
  const adminRow = rows.rows.find((r) => r.email === ADMIN)!;
  await proveAdminEmail(url, dataDir, ADMIN, cookie(adminRow.id));
  const ready: Ready = {
    type: 'ready',
    url,
    streamPath: '/api/stream',
    streamHeaders: rows.rows
      .filter((r) => r.email !== ADMIN)
      .map((r, i) => ({ cookie: cookie(r.id), 'x-forwarded-proto': 'https', 'x-forwarded-for': addressOf(i) })),
    broadcast: {
      path: '/api/notifications',
      headers: { 'content-type': 'application/json', cookie: cookie(adminRow.id), 'x-forwarded-proto': 'https' },
      body: JSON.stringify({
        title: 'Push bench',
        message: 'One broadcast to everyone',
        type: 'info',
        priority: 'low',
        isGlobal: true,
      }),
    },
    what: 'the API, GET /api/stream, PostgreSQL 127.0.0.1:5432 (a throw-away database)',
  };
  process.send!(ready);
  answerRunner(
    () => processStats(app.server.liveHub.size),
    async () => {
      await app.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  );
}

// --- the bare Fastify SSE server -----------------------------------------------------------------

async function serveBare(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  const open = new Set<ServerResponse>();
  app.get('/stream', (req, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    res.write('retry: 2000\n\n');
    open.add(res);
    req.raw.on('close', () => open.delete(res));
  });
  // The body is the frame itself, written as one Buffer to every open stream.
  app.addContentTypeParser('text/event-stream', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.post('/broadcast', async (req) => {
    const frame = req.body as Buffer;
    for (const res of open) res.write(frame);
    return { streams: open.size };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const frame = process.env.PUSH_BARE_FRAME!;
  process.send!({
    type: 'ready',
    url,
    streamPath: '/stream',
    streamHeaders: Array.from({ length: STREAMS }, () => ({})),
    broadcast: { path: '/broadcast', headers: { 'content-type': 'text/event-stream' }, body: frame },
    what: 'a bare Fastify SSE server writing the same bytes',
  } satisfies Ready);
  answerRunner(
    () => processStats(open.size),
    () => app.close(),
  );
}

// --- the runner --------------------------------------------------------------------------------

function ask<T extends { type: string }>(child: ChildProcess, type: T['type'], send?: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: unknown) => {
      if ((m as { type?: string }).type !== type) return;
      child.off('message', on);
      resolve(m as T);
    };
    child.on('message', on);
    if (send) child.send(send);
  });
}

interface Client {
  req: http.ClientRequest;
  /** Arrival of the broadcast's notification.created and of the unread.changed after it. */
  notified?: number;
  counted?: number;
  /** What the first client received (the frame the bare server then writes). */
  text?: string;
}

/** Opens one stream; answers false on a 503 (the server was busy: the caller retries, as a client would). */
function openStream(
  base: URL,
  streamPath: string,
  headers: Record<string, string>,
  clients: Client[],
): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const c: Client = {} as Client;
    if (clients.length === 0) c.text = '';
    c.req = http.get(
      {
        host: base.hostname,
        port: base.port,
        path: streamPath,
        agent: false,
        headers: { ...headers, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          if (res.statusCode === 503) resolve(false);
          else reject(new Error(`stream: ${res.statusCode}`));
          return;
        }
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (c.notified === undefined && chunk.includes('event: notification.created')) c.notified = Date.now();
          if (c.counted === undefined && chunk.includes('event: unread.changed')) c.counted = Date.now();
          if (c.text !== undefined) c.text += chunk;
        });
        res.on('error', () => {});
        clients.push(c);
        resolve(true);
      },
    );
    c.req.on('error', reject);
  });
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/** One broadcast: when it reached each stream, and the process's readings on both sides of it. */
interface Round {
  postMs: number;
  notified: number[];
  counted: number[];
  before: Stats;
  after: Stats;
  /** The broadcast's CPU window: from just before the POST to when every stream had both frames. */
  from: CpuReading;
  to: CpuReading;
}

interface Result {
  what: string;
  streams: number;
  openMs: number;
  /** Opens answered 503 (busy) and retried. */
  retried: number;
  idle: Stats;
  /** With half the streams open. */
  half: Stats;
  /** With the streams open, before the first broadcast. */
  quiet: Stats;
  /** The idle process's CPU over BACKGROUND_MS (pings, credential checks), before the first broadcast. */
  idleFrom: CpuReading;
  idleTo: CpuReading;
  rounds: Round[];
  frame: string;
}

async function measure(role: 'api' | 'bare', env: Record<string, string> = {}): Promise<Result> {
  const child = fork(self, [role], {
    execArgv: [...process.execArgv, '--expose-gc', ...(process.env.PUSH_NODE_FLAGS ?? '').split(' ').filter(Boolean)],
    env: { ...process.env, ...env, PUSH_STREAMS: String(STREAMS) },
  });
  const ready = await ask<Ready>(child, 'ready');
  const base = new URL(ready.url);
  await new Promise((r) => setTimeout(r, 1000));
  const idle = await ask<Stats>(child, 'stats', 'stats');

  const clients: Client[] = [];
  const openedAt = Date.now();
  let next = 0;
  let retried = 0;
  const openUpTo = (end: number) =>
    Promise.all(
      Array.from({ length: OPEN_CONCURRENCY }, async () => {
        while (next < end) {
          const headers = ready.streamHeaders[next++]!;
          while (!(await openStream(base, ready.streamPath, headers, clients))) {
            retried++;
            await new Promise((r) => setTimeout(r, 500));
          }
        }
      }),
    );
  // Half the streams, a reading, then the rest: the second half's cost per stream is what one more
  // stream costs, without what the process grows once whatever the count (V8's young generation
  // reaching its size, code compiled on the way).
  await openUpTo(Math.floor(ready.streamHeaders.length / 2));
  await new Promise((r) => setTimeout(r, 1000));
  const half = await ask<Stats>(child, 'stats', 'stats');
  await openUpTo(ready.streamHeaders.length);
  const openMs = Date.now() - openedAt;
  await new Promise((r) => setTimeout(r, 2000));
  const quiet = await ask<Stats>(child, 'stats', 'stats');
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const idleFrom = await ask<CpuReading>(child, 'cpu', 'cpu');
  await new Promise((r) => setTimeout(r, BACKGROUND_MS));
  const idleTo = await ask<CpuReading>(child, 'cpu', 'cpu');

  const rounds: Round[] = [];
  for (let i = 0; i < BROADCASTS; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, BETWEEN_MS));
    for (const c of clients) c.notified = c.counted = undefined;
    const last = i === BROADCASTS - 1;
    const before = await ask<Stats>(child, 'stats', 'stats');
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    await ask(child, 'marked', 'mark-before');
    if (last && process.env.PUSH_PROFILE) await ask(child, 'profiled', 'profile-start');
    const from = await ask<CpuReading>(child, 'cpu', 'cpu');
    const t0 = Date.now();
    const res = await fetch(ready.url + ready.broadcast.path, {
      method: 'POST',
      headers: ready.broadcast.headers,
      body: ready.broadcast.body,
    });
    const postMs = Date.now() - t0;
    if (!res.ok) throw new Error(`broadcast: ${res.status} ${await res.text()}`);
    const deadline = t0 + TIMEOUT_MS;
    while (Date.now() < deadline && clients.some((c) => c.counted === undefined))
      await new Promise((r) => setTimeout(r, 20));
    const to = await ask<CpuReading>(child, 'cpu', 'cpu');
    await ask(child, 'marked', 'mark-after');
    if (last && process.env.PUSH_PROFILE) await ask(child, 'profiled', 'profile-stop');
    const after = await ask<Stats>(child, 'stats', 'stats');
    const arrivals = (k: 'notified' | 'counted') =>
      clients
        .filter((c) => c[k] !== undefined)
        .map((c) => c[k]! - t0)
        .sort((a, b) => a - b);
    rounds.push({ postMs, notified: arrivals('notified'), counted: arrivals('counted'), before, after, from, to });
  }

  const frame =
    /id: \d+\nevent: notification\.created\n[\s\S]*?event: unread\.changed\ndata: [^\n]*\n\n/.exec(
      clients[0]?.text ?? '',
    )?.[0] ?? '';
  for (const c of clients) c.req.destroy();
  child.send('stop');
  await new Promise((r) => child.once('exit', r));
  return {
    what: ready.what,
    streams: clients.length,
    openMs,
    retried,
    idle,
    half,
    quiet,
    idleFrom,
    idleTo,
    rounds,
    frame,
  };
}

/** CPU of one broadcast per stream, as measured and net of the idle rate (µs). */
function cpuOf(r: Result, round: Round): { gross: number; net: number } {
  const n = Math.max(1, round.before.streams);
  const cpu = round.to.cpuUs - round.from.cpuUs;
  const net = cpu - background(r) * (round.to.at - round.from.at);
  return { gross: cpu / n, net: net / n };
}

/** CPU µs per wall ms while nothing was broadcast (pings, credential checks), before the first broadcast. */
const background = (r: Result) => (r.idleTo.cpuUs - r.idleFrom.cpuUs) / (r.idleTo.at - r.idleFrom.at);

function report(r: Result): void {
  const first = r.rounds[0]!;
  const n = Math.max(1, first.before.streams);
  console.log(r.what);
  console.log(
    `  streams open           ${first.before.streams} (opened in ${r.openMs} ms, ${OPEN_CONCURRENCY} at a time, ${r.retried} retried after a 503)`,
  );
  console.log(
    `  RSS                    idle ${mb(r.idle.rss)}   with streams ${mb(first.before.rss)}   after the broadcasts ${mb(r.rounds.at(-1)!.after.rss)}`,
  );
  console.log(
    `  RSS per open stream    ${((first.before.rss - r.idle.rss) / 1024 / n).toFixed(1)} KB (heap ${((first.before.heapUsed - r.idle.heapUsed) / 1024 / n).toFixed(1)} KB)`,
  );
  const added = Math.max(1, first.before.streams - r.half.streams);
  console.log(
    `  RSS per added stream   ${((first.before.rss - r.half.rss) / 1024 / added).toFixed(1)} KB (heap ${((first.before.heapUsed - r.half.heapUsed) / 1024 / added).toFixed(1)} KB), the second half's ${added} streams`,
  );
  console.log(
    `  CPU                    opening the streams ${((r.quiet.cpuUs - r.idle.cpuUs) / 1000).toFixed(0)} ms   idle with the streams ${background(r).toFixed(0)} ms/s`,
  );
  r.rounds.forEach((round, i) => {
    const { gross, net } = cpuOf(r, round);
    const reached = (xs: number[]) =>
      `${xs.length}/${r.streams} p50 ${pct(xs, 50)} / p95 ${pct(xs, 95)} / max ${xs.at(-1)} ms`;
    console.log(
      `  broadcast ${i + 1}${i === 0 ? ' (first)' : '        '}  POST ${round.postMs} ms   notification.created ${reached(round.notified)}   unread.changed ${reached(round.counted)}`,
    );
    console.log(
      `                         CPU ${gross.toFixed(1)} µs per stream, net of the idle rate ${net.toFixed(1)} µs`,
    );
  });
}

async function run(): Promise<void> {
  console.log(`push benchmark: ${STREAMS} streams, ${BROADCASTS} broadcasts, load average ${load()}`);
  const api = await measure('api');
  report(api);
  if (!api.frame) throw new Error('the broadcast frame was not received whole by the first stream');
  const bare = await measure('bare', { PUSH_BARE_FRAME: api.frame });
  report(bare);
  const p95 = (r: Result, i: number) => pct(r.rounds[i]!.counted, 95);
  const ratios = api.rounds.map((_, i) => `${(p95(api, i) / Math.max(1, p95(bare, i))).toFixed(2)}×`).join(', ');
  const cpu = (r: Result, pick: (round: Round) => boolean) => {
    const rs = r.rounds.filter(pick).map((round) => cpuOf(r, round).net);
    return rs.length ? `${(rs.reduce((a, b) => a + b, 0) / rs.length).toFixed(1)} µs` : '—';
  };
  console.log(`API / bare p95 (both frames), broadcast by broadcast  ${ratios}   load average ${load()}`);
  console.log(
    `CPU per stream net of the idle rate, API / bare: first broadcast ${cpu(api, (x) => x === api.rounds[0])} / ${cpu(bare, (x) => x === bare.rounds[0])}; ` +
      `later ones (mean) ${cpu(api, (x) => x !== api.rounds[0])} / ${cpu(bare, (x) => x !== bare.rounds[0])}`,
  );
}

// --- entry: raise the open-file limit first (one socket per stream, in every process) -----------

if (process.argv[2] === 'api') {
  await serveApi();
} else if (process.argv[2] === 'bare') {
  await serveBare();
} else if (!process.env.PUSH_FD_RAISED) {
  // `ulimit -n 65536` where allowed, else as high as the hard limit goes.
  const sh = spawn(
    'sh',
    [
      '-c',
      'ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"',
      process.execPath,
      ...process.execArgv,
      self,
    ],
    {
      stdio: 'inherit',
      env: { ...process.env, PUSH_FD_RAISED: '1' },
    },
  );
  sh.on('exit', (code) => process.exit(code ?? 1));
} else {
  await run();
}
