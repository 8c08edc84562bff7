// Chaos benchmark: three API processes on one throw-away PostgreSQL database, CHAOS_SUBSCRIBERS
// subscribers (default 100) each with a webhook endpoint (a local receiver) and an open
// GET /api/stream that resumes with Last-Event-ID when it drops, CHAOS_SIGNALS signals (default
// 50) published by CHAOS_PUBLISHERS concurrent publishers (default 5), while a random process is
// killed with SIGKILL every CHAOS_KILL_EVERY_S seconds (default 4) and started again.
// At the end: per subscriber, webhook events received vs expected, duplicates (same webhook-id),
// stream events missing or out of order, and the total lost (must be 0).
// Publishing is spread over CHAOS_PUBLISH_S seconds (default 40); stragglers are waited for
// CHAOS_SETTLE_S seconds (default 90), so a run stays within about three minutes.
//   pnpm --filter @t0/bench chaos      (the script raises the open-file limit first)
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDb } from '@t0/db/testing';
import { proveAdminEmail } from './admin-proof';
import { grantDefaultPlan } from './bulk-grants';

const SUBSCRIBERS = Number(process.env.CHAOS_SUBSCRIBERS ?? 100);
const SIGNALS = Number(process.env.CHAOS_SIGNALS ?? 50);
const PUBLISHERS = Number(process.env.CHAOS_PUBLISHERS ?? 5);
const KILL_EVERY_MS = Number(process.env.CHAOS_KILL_EVERY_S ?? 4) * 1000;
const SETTLE_MS = Number(process.env.CHAOS_SETTLE_S ?? 90) * 1000;
/** Publishing is spread over about this long, so the kills land while signals are being published. */
const PUBLISH_MS = Number(process.env.CHAOS_PUBLISH_S ?? 40) * 1000;
const PROCESSES = 3;
const SECRET = 'chaos-bench-secret-chaos-bench-secret-00';
const ADMIN = 'chaos-admin@t0.bench';
const PASSWORD = 'Chaos!Passw0rd';
const here = path.dirname(fileURLToPath(import.meta.url));
const MAIN = path.resolve(here, '../../apps/api/src/main.ts');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// --- the API processes ---------------------------------------------------------------------------

interface Api {
  port: number;
  child?: ChildProcess;
  up: boolean;
  starts: number;
}

function startApi(api: Api, env: Record<string, string>): Promise<void> {
  api.starts++;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, ...env, PORT: String(api.port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  api.child = child;
  let tail = '';
  child.stderr?.on('data', (c: Buffer) => (tail = (tail + c.toString()).slice(-2000)));
  child.on('exit', () => {
    if (api.child === child) api.up = false;
  });
  return (async () => {
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) throw new Error(`API process on ${api.port} exited at start: ${tail}`);
      try {
        const res = await fetch(`http://127.0.0.1:${api.port}/api/health`);
        if (res.status < 500) {
          api.up = true;
          return;
        }
      } catch {
        // not listening yet
      }
      await sleep(250);
    }
    throw new Error(`API process on ${api.port} did not start`);
  })();
}

/** A port nothing listens on now (the processes keep theirs across restarts). */
async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

// --- webhook receivers --------------------------------------------------------------------------

interface Hook {
  /** webhook-id → times received. */
  ids: Map<string, number>;
  /** Signal ids of `signal.published` received. */
  signals: Set<number>;
}

async function receivers(n: number) {
  const hooks: Hook[] = Array.from({ length: n }, () => ({ ids: new Map(), signals: new Set() }));
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const i = Number((req.url ?? '').split('/')[2]);
      const hook = hooks[i];
      if (hook) {
        const id = String(req.headers['webhook-id'] ?? '');
        hook.ids.set(id, (hook.ids.get(id) ?? 0) + 1);
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            type?: string;
            data?: { signal?: { id?: number } };
          };
          if (body.type === 'signal.published' && body.data?.signal?.id !== undefined)
            hook.signals.add(body.data.signal.id);
        } catch {
          // not JSON: counted by id only
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    hooks,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

// --- streams that resume --------------------------------------------------------------------------

interface Stream {
  cookie: string;
  lastId?: string;
  /** Ids of `signal.created` frames, in arrival order, and every frame id in order. */
  created: number[];
  ids: number[];
  outOfOrder: number;
  /** Frames whose id this stream had already received (a replay overlapping what it saw). */
  duplicates: number;
  /** Event type of each frame received twice. */
  duplicateTypes: Map<string, number>;
  seen: Set<number>;
  resumes: number;
  resyncs: number;
  req?: http.ClientRequest;
  stopped: boolean;
}

function runStream(s: Stream, apis: Api[]): void {
  if (s.stopped) return;
  const live = apis.filter((a) => a.up);
  const api = live[Math.floor(Math.random() * live.length)] ?? apis[0]!;
  let over = false;
  const again = () => {
    // A killed process ends the response with 'close' or 'error', not always 'end': resume once.
    if (s.stopped || over) return;
    over = true;
    s.resumes++;
    setTimeout(() => runStream(s, apis), 200 + Math.random() * 300);
  };
  const headers: Record<string, string> = {
    cookie: s.cookie,
    accept: 'text/event-stream',
    'x-forwarded-proto': 'https',
  };
  if (s.lastId) headers['last-event-id'] = s.lastId;
  const req = http.get({ host: '127.0.0.1', port: api.port, path: '/api/stream', agent: false, headers }, (res) => {
    if (res.statusCode !== 200) {
      res.resume();
      again();
      return;
    }
    res.setEncoding('utf8');
    let text = '';
    res.on('data', (chunk: string) => {
      text += chunk;
      let i: number;
      while ((i = text.indexOf('\n\n')) >= 0) {
        const block = text.slice(0, i);
        text = text.slice(i + 2);
        let id: string | undefined;
        let event: string | undefined;
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith('id: ')) id = line.slice(4);
          else if (line.startsWith('event: ')) event = line.slice(7);
          else if (line.startsWith('data: ')) data += line.slice(6);
        }
        if (event === 'resync') s.resyncs++;
        if (id === undefined) continue;
        const n = Number(id);
        // unread.changed rides on its notification's id: the same id twice is one resume point.
        const prev = s.ids[s.ids.length - 1];
        if (prev === undefined || n !== prev) {
          if (s.seen.has(n)) {
            s.duplicates++;
            s.duplicateTypes.set(event ?? 'message', (s.duplicateTypes.get(event ?? 'message') ?? 0) + 1);
          } else if (prev !== undefined && n < prev) s.outOfOrder++;
          s.seen.add(n);
          s.ids.push(n);
        }
        s.lastId = id;
        if (event === 'signal.created') {
          try {
            s.created.push((JSON.parse(data) as { id: number }).id);
          } catch {
            // a frame without a signal
          }
        }
      }
    });
    res.on('end', again);
    res.on('error', again);
    res.on('close', again);
  });
  req.on('error', again);
  s.req = req;
}

// --- the run --------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const runStart = Date.now();
  const db = await createTestDb('pg');
  const dataDir = mkdtempSync(path.join(tmpdir(), 't0-chaos-'));
  const recv = await receivers(SUBSCRIBERS);
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: db.url!,
    DATA_DIR: dataDir,
    SESSION_SECRET: SECRET,
    ADMIN_EMAILS: ADMIN,
    ADMIN_REQUIRE_2FA: 'false',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    PUBLIC_URL: 'https://t0.bench',
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    PRICE_REFRESH_MS: String(24 * 3600 * 1000),
    PRICE_HISTORY: 'false',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_AUTH_ACCOUNT_PER_MINUTE: '100000',
    LIVE_MAX_STREAMS_PER_ADDRESS: '100000',
  };
  const apis: Api[] = [];
  for (let i = 0; i < PROCESSES; i++) apis.push({ port: await freePort(), up: false, starts: 0 });
  // Migrations run once, then the other two start on the migrated database.
  await startApi(apis[0]!, env);
  await Promise.all(apis.slice(1).map((a) => startApi(a, env)));
  const url = (a: Api) => `http://127.0.0.1:${a.port}`;

  // The desk's administrator, registered normally; subscribers and their sessions in bulk.
  const reg = await fetch(url(apis[0]!) + '/api/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
    body: JSON.stringify({ email: ADMIN, password: PASSWORD, firstName: 'Chaos', lastName: 'Admin' }),
  });
  if (!reg.ok) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const now = Date.now();
  await db.executeSql(
    `insert into users (email, password, first_name, last_name, has_active_subscription, subscription_status)
     select 'chaos' || g || '@t0.bench', (select password from users where email = $1), 'Chaos', 'Sub' || g, true, 'active'
     from generate_series(1, $2::int) g`,
    [ADMIN, SUBSCRIBERS],
  );
  await grantDefaultPlan((sql) => db.executeSql(sql));
  await db.executeSql(
    `insert into sessions (sid, sess, expire)
     select 'chaos-' || id, json_build_object('userId', id, 'createdAt', $1::bigint, 'seenAt', $1::bigint), now() + interval '1 day' from users`,
    [now],
  );
  const { sessionCookieName } = await import('@t0/api/src/session/plugin');
  const signed = (sid: string) =>
    `${sid}.${createHmac('sha256', SECRET).update(sid).digest('base64').replace(/=+$/, '')}`;
  const cookieOf = (id: number) => `${sessionCookieName(true)}=${encodeURIComponent(signed(`chaos-${id}`))}`;
  const users = (
    (await db.executeSql('select id, email from users order by id')) as { rows: { id: number; email: string }[] }
  ).rows;
  const adminRow = users.find((u) => u.email === ADMIN)!;
  const subs = users.filter((u) => u.email !== ADMIN);
  const adminCookie = cookieOf(adminRow.id);
  await proveAdminEmail(url(apis[0]!), dataDir, ADMIN, adminCookie);

  // Each subscriber adds its endpoint through the API (the secret is the product's own).
  for (const [i, u] of subs.entries()) {
    const res = await fetch(url(apis[i % PROCESSES]!) + '/api/user/webhooks', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: cookieOf(u.id),
        'x-forwarded-proto': 'https',
        origin: 'https://t0.bench',
      },
      body: JSON.stringify({ url: `${recv.base}/hook/${i}`, description: 'chaos' }),
    });
    if (!res.ok) throw new Error(`webhook ${i}: ${res.status} ${await res.text()}`);
  }
  const streams: Stream[] = subs.map((u) => ({
    cookie: cookieOf(u.id),
    created: [],
    ids: [],
    outOfOrder: 0,
    duplicates: 0,
    duplicateTypes: new Map(),
    seen: new Set(),
    resumes: 0,
    resyncs: 0,
    stopped: false,
  }));
  streams.forEach((s) => runStream(s, apis));
  await sleep(2000);
  console.log(
    `chaos: ${PROCESSES} API processes, ${SUBSCRIBERS} subscribers (webhook + resuming stream), ${SIGNALS} signals by ${PUBLISHERS} publishers, SIGKILL every ${KILL_EVERY_MS / 1000} s`,
  );

  // The killer: a random process, SIGKILL, started again a second later.
  let kills = 0;
  const restarts: Promise<void>[] = [];
  let chaos = true;
  const killer = (async () => {
    while (chaos) {
      await sleep(KILL_EVERY_MS);
      if (!chaos) break;
      const up = apis.filter((a) => a.up);
      if (up.length < 2) continue;
      const victim = up[Math.floor(Math.random() * up.length)]!;
      victim.up = false;
      victim.child?.kill('SIGKILL');
      kills++;
      // Started again a second later, in the background: the next kill does not wait for it (a
      // start takes several seconds on a loaded machine), only for two processes to be up.
      restarts.push(
        sleep(1000)
          .then(() => startApi(victim, env))
          .catch((err: unknown) => console.error(String(err))),
      );
    }
  })();

  // Publishers: limit orders (no feed price needed); a request cut by a kill is sent again elsewhere.
  let published = 0;
  let attempts = 0;
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: PUBLISHERS }, async () => {
      while (next < SIGNALS) {
        const n = next++;
        for (;;) {
          const up = apis.filter((a) => a.up);
          const api = up[Math.floor(Math.random() * up.length)] ?? apis[0]!;
          attempts++;
          try {
            const res = await fetch(url(api) + '/api/signals', {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                cookie: adminCookie,
                'x-forwarded-proto': 'https',
                origin: 'https://t0.bench',
              },
              body: JSON.stringify({
                instrument: 'GBPJPY',
                direction: 'long',
                entryPrice: 150 + n / 100,
                slPrice: 149,
                t0Price: 152,
                t1Price: 153,
                monthlyBias: 'Bullish',
                status: 'limit',
                memo: `chaos ${n}`,
              }),
            });
            if (res.ok) {
              published++;
              break;
            }
            await res.text();
          } catch {
            // the process died under the request
          }
          await sleep(300);
        }
        // Each publisher's share spread over PUBLISH_MS, with jitter so publishers overlap.
        await sleep(((PUBLISH_MS * PUBLISHERS) / SIGNALS) * (0.5 + Math.random()));
      }
    }),
  );
  const publishMs = Date.now() - started;
  chaos = false;
  await killer;
  await Promise.all(restarts);
  for (const a of apis) if (!a.up && a.child?.exitCode !== null) await startApi(a, env);

  // Everything stored is expected everywhere.
  const stored = ((await db.executeSql('select id from signals order by id')) as { rows: { id: number }[] }).rows.map(
    (r) => Number(r.id),
  );
  const complete = () =>
    recv.hooks.every((h) => stored.every((id) => h.signals.has(id))) &&
    streams.every((s) => stored.every((id) => s.created.includes(id)));
  const settleStart = Date.now();
  while (!complete() && Date.now() - settleStart < SETTLE_MS) await sleep(500);
  const settleMs = Date.now() - settleStart;
  await sleep(2000);

  let hookMissing = 0;
  let duplicates = 0;
  let streamMissing = 0;
  let outOfOrder = 0;
  let worstHook = { i: -1, got: Infinity };
  recv.hooks.forEach((h, i) => {
    const got = stored.filter((id) => h.signals.has(id)).length;
    hookMissing += stored.length - got;
    if (got < worstHook.got) worstHook = { i, got };
    for (const n of h.ids.values()) if (n > 1) duplicates += n - 1;
  });
  for (const s of streams) {
    streamMissing += stored.filter((id) => !s.created.includes(id)).length;
    outOfOrder += s.outOfOrder;
  }
  const resumes = streams.reduce((a, s) => a + s.resumes, 0);
  const resyncs = streams.reduce((a, s) => a + s.resyncs, 0);
  const perSub = recv.hooks.map((h) => stored.filter((id) => h.signals.has(id)).length);
  const perStream = streams.map((s) => stored.filter((id) => s.created.includes(id)).length);
  const streamDuplicates = streams.reduce((a, s) => a + s.duplicates, 0);
  const dupTypes = new Map<string, number>();
  for (const s of streams) for (const [k, n] of s.duplicateTypes) dupTypes.set(k, (dupTypes.get(k) ?? 0) + n);
  console.log(
    `signals stored: ${stored.length} (publish requests ${attempts}, answered 200: ${published}) in ${(publishMs / 1000).toFixed(1)} s; processes killed: ${kills}`,
  );
  console.log(`settled ${(settleMs / 1000).toFixed(1)} s after the last publish`);
  console.log(
    `webhooks: expected ${stored.length} per subscriber; received min ${Math.min(...perSub)}, max ${Math.max(...perSub)} (subscriber ${worstHook.i} lowest); missing ${hookMissing} of ${stored.length * SUBSCRIBERS}`,
  );
  console.log(`webhook duplicates (same webhook-id received again): ${duplicates}`);
  console.log(
    `streams: expected ${stored.length} signal.created per stream; received min ${Math.min(...perStream)}, max ${Math.max(...perStream)}; missing ${streamMissing} of ${stored.length * SUBSCRIBERS}`,
  );
  console.log(
    `streams: ${resumes} drops resumed with Last-Event-ID, ${resyncs} resyncs; frames out of id order ${outOfOrder}; frames received twice ${streamDuplicates}${dupTypes.size ? ` (${[...dupTypes].map(([k, n]) => `${n} ${k}`).join(', ')})` : ''}`,
  );
  console.log(`total lost: ${hookMissing + streamMissing}; run time ${((Date.now() - runStart) / 1000).toFixed(1)} s`);

  // Why a webhook is missing: the state of its delivery row (none: never fanned out).
  if (hookMissing > 0) {
    const endpoints = (
      (await db.executeSql('select id, url from webhook_endpoints')) as { rows: { id: number; url: string }[] }
    ).rows;
    const hookOf = new Map(endpoints.map((e) => [Number(e.id), Number(e.url.split('/').pop())]));
    const rows = (
      (await db.executeSql(
        `select signal_id, endpoint_id, status, attempts, error, claimed_at, created_at from deliveries where channel = 'webhook' and event = 'signal.published'`,
      )) as {
        rows: {
          signal_id: number;
          endpoint_id: number;
          status: string;
          attempts: number;
          error: string | null;
          claimed_at: Date | null;
          created_at: Date;
        }[];
      }
    ).rows;
    const states = new Map<string, number>();
    recv.hooks.forEach((h, i) => {
      for (const id of stored) {
        if (h.signals.has(id)) continue;
        const row = rows.find((r) => Number(r.signal_id) === id && hookOf.get(Number(r.endpoint_id)) === i);
        const key = row
          ? `${row.status} (attempts ${row.attempts}${row.error ? `, ${row.error}` : ''})`
          : 'no delivery row';
        states.set(key, (states.get(key) ?? 0) + 1);
      }
    });
    for (const [k, n] of states) console.log(`  missing webhook: ${n} × ${k}`);
    const outbox = (await db.executeSql(
      `select job, count(*)::int as n from outbox where relayed_at is null group by job`,
    )) as { rows: { job: string; n: number }[] };
    for (const r of outbox.rows) console.log(`  outbox not relayed: ${r.n} × ${r.job}`);
    const jobs = (await db.executeSql(
      `select name, state, count(*)::int as n from pgboss.job where name in ('delivery-fanout', 'deliver') and state <> 'completed' group by 1, 2`,
    )) as { rows: { name: string; state: string; n: number }[] };
    for (const r of jobs.rows) console.log(`  job ${r.name} ${r.state}: ${r.n}`);
  }

  for (const s of streams) {
    s.stopped = true;
    s.req?.destroy();
  }
  for (const a of apis) a.child?.kill('SIGTERM');
  await sleep(3000);
  for (const a of apis) if (a.child && a.child.exitCode === null) a.child.kill('SIGKILL');
  await recv.close();
  await db.drop();
  rmSync(dataDir, { recursive: true, force: true });
  // stdout may be a pipe: let the report reach it before exiting.
  await new Promise<void>((r) => process.stdout.write('', () => r()));
  process.exit(hookMissing + streamMissing + outOfOrder === 0 ? 0 : 1);
}

await main();
