// Broadcast benchmark: the time of one global broadcast (POST /api/notifications as an
// administrator, the product's whole path: HTTP, session, validation, the transaction that stores
// and delivers it, the live event) with 100,000 and then 1,000,000 users in PostgreSQL, and a check
// that the unread counts of a few users are exact afterwards, and after one of them marks read.
//   pnpm --filter @t0/bench broadcast        (BROADCAST_SIZES, default 100000,1000000; BROADCAST_RUNS, default 5)
// On PostgreSQL 127.0.0.1 only, in a throw-away database (dropped at the end). Users are inserted in
// bulk with generate_series; a few of them get a session to ask the API as they would.
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '@t0/api/src/app';
import { loadConfig } from '@t0/api/src/config';
import { deliverDueNotifications } from '@t0/server';
import { sessionCookieName } from '@t0/api/src/session/plugin';
import { createTestDb } from '@t0/db/testing';
import pg from 'pg';
import { proveAdminEmail } from './admin-proof';
import { grantDefaultPlan } from './bulk-grants';

const SIZES = (process.env.BROADCAST_SIZES ?? '100000,1000000').split(',').map(Number);
const RUNS = Number(process.env.BROADCAST_RUNS ?? 5);
const SECRET = 'broadcast-bench-secret-broadcast-bench-0';
const ADMIN = 'broadcast-admin@t0.bench';
/** The users whose counts are checked (by position among the bulk users). */
const SAMPLE = [1, 2, 3];

const db = await createTestDb('pg');
const dataDir = mkdtempSync(path.join(tmpdir(), 't0-broadcast-'));
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
  PRICE_REFRESH_MS: String(24 * 3600 * 1000),
});
const app = await createApp(config, { db, logger: false });
// The bulk setup runs on a connection of its own, without the product pool's statement timeout.
const bulk = new pg.Client({ connectionString: db.url });
await bulk.connect();
await bulk.query('set statement_timeout = 0');
const url = await app.server.listen({ port: 0, host: '127.0.0.1' });

const signed = (sid: string) =>
  `${sid}.${createHmac('sha256', SECRET).update(sid).digest('base64').replace(/=+$/, '')}`;
const cookieOf = (id: number) => `${sessionCookieName(true)}=${encodeURIComponent(signed(`bench-${id}`))}`;
const ask = async (method: string, p: string, cookie: string, body?: unknown) => {
  const res = await fetch(url + p, {
    method,
    headers: { cookie, 'x-forwarded-proto': 'https', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
};
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** The unread count as the schema defines it, straight from the tables (independent of the API's query). */
async function expectedUnread(userId: number): Promise<number> {
  const { rows } = await db.executeSql(
    `select (select count(*) from user_notifications where user_id = $1 and not is_read)::int
          + (select count(*) from notifications n where n.item_id is not null
               and not exists (select 1 from notification_reads r where r.notification_id = n.id and r.user_id = $1))::int as count`,
    [userId],
  );
  return (rows[0] as { count: number }).count;
}

try {
  // One administrator registered normally, signed in through a session row like everyone else.
  const reg = await fetch(url + '/api/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
    body: JSON.stringify({ email: ADMIN, password: 'Bench!Passw0rd', firstName: 'Bench', lastName: 'Admin' }),
  });
  if (!reg.ok) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const adminId = ((await db.executeSql('select id from users where email = $1', [ADMIN])).rows[0] as { id: number })
    .id;
  const now = Date.now();
  const openSession = (id: number) =>
    db.executeSql(
      `insert into sessions (sid, sess, expire) values ('bench-' || $1::int, json_build_object('userId', $1::int, 'createdAt', $2::bigint, 'seenAt', $2::bigint), now() + interval '1 day')
       on conflict (sid) do nothing`,
      [id, now],
    );
  await openSession(adminId);
  const adminCookie = cookieOf(adminId);
  await proveAdminEmail(url, dataDir, ADMIN, adminCookie);

  console.log(`broadcast benchmark: PostgreSQL 127.0.0.1:5432 (a throw-away database), ${RUNS} broadcasts per size`);
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  let users = 0;
  let sample: number[] = [];
  for (const size of SIZES) {
    const t0 = performance.now();
    // Half of them subscribers, like a real audience.
    await bulk.query(
      `insert into users (email, password, first_name, last_name, has_active_subscription, subscription_status)
       select 'bench' || g || '@t0.bench', '', 'Bench', 'User' || g, g % 2 = 0, case when g % 2 = 0 then 'active' else 'inactive' end
       from generate_series($1::int + 1, $2::int) g`,
      [users, size],
    );
    await grantDefaultPlan((sql) => bulk.query(sql));
    await bulk.query('analyze users');
    users = size;
    const insertMs = performance.now() - t0;
    if (sample.length === 0) {
      const { rows } = await db.executeSql(`select id from users where email = any($1::text[]) order by id`, [
        SAMPLE.map((i) => `bench${i}@t0.bench`),
      ]);
      sample = (rows as Array<{ id: number }>).map((r) => r.id);
      for (const id of sample) await openSession(id);
    }
    const total = ((await db.executeSql('select count(*)::int as n from users')).rows[0] as { n: number }).n;

    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await ask('POST', '/api/notifications', adminCookie, {
        title: `Bench ${size} #${i + 1}`,
        message: 'One broadcast to everyone',
        isGlobal: true,
      });
      times.push(performance.now() - started);
    }
    // The delivery alone, as the scheduled-delivery job runs it (the statement the POST runs too):
    // a notification due now, delivered by the product's function in its own transaction.
    const delivery: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await db.executeSql(
        `insert into notifications (title, message, is_global, scheduled_for, created_by) values ($1, 'Scheduled to everyone', true, now(), $2)`,
        [`Bench ${size} scheduled #${i + 1}`, adminId],
      );
      const started = performance.now();
      await db.db
        .transaction()
        .execute((trx) =>
          deliverDueNotifications({ db: trx, settings: { adminEmails: [ADMIN] } as never, log: console }),
        );
      delivery.push(performance.now() - started);
    }
    const rowsWritten = (
      (await db.executeSql('select count(*)::int as n from user_notifications')).rows[0] as { n: number }
    ).n;

    // Exact counts: the API's (cached per user) against the tables', then after one marks read.
    const check = async () => {
      const out: string[] = [];
      for (const id of sample) {
        const got = (await ask('GET', '/api/user/notifications/unread-count', cookieOf(id))).count as number;
        const want = await expectedUnread(id);
        if (got !== want) throw new Error(`user ${id}: the API counts ${got} unread, the tables say ${want}`);
        out.push(String(got));
      }
      return out.join(', ');
    };
    const countsAfter = await check();
    const reader = sample[0]!;
    const items = (await (
      await fetch(url + '/api/user/notifications', {
        headers: { cookie: cookieOf(reader), 'x-forwarded-proto': 'https' },
      })
    ).json()) as Array<{ id: number; isRead: boolean }>;
    const first = items.find((it) => !it.isRead)!;
    await ask('PUT', `/api/user/notifications/${first.id}/read`, cookieOf(reader));
    const countsRead = await check();
    await ask('PUT', '/api/user/notifications/read-all', cookieOf(reader));
    const countsAllRead = await check();

    // The cheapest signed-in request (a kept count): what HTTP and the session cost alone here.
    const cached: number[] = [];
    for (let i = 0; i < 20; i++) {
      const s = performance.now();
      await ask('GET', '/api/user/notifications/unread-count', cookieOf(sample[1]!));
      cached.push(performance.now() - s);
    }
    // The hot read with nothing kept: the per-user cache is emptied before each GET.
    const reads: number[] = [];
    for (let i = 0; i < 20; i++) {
      app.server.hotReads.forgetUnread();
      const s = performance.now();
      await ask('GET', '/api/user/notifications/unread-count', cookieOf(sample[1]!));
      reads.push(performance.now() - s);
    }

    console.log(
      `\n${total.toLocaleString('en')} users (${Math.round(total / 2).toLocaleString('en')} subscribers; inserted in ${(insertMs / 1000).toFixed(1)} s)`,
    );
    console.log(
      `  broadcast POST         p50 ${ms(pct(times, 50))}   max ${ms(Math.max(...times))}   (${times.map((x) => x.toFixed(1)).join(', ')} ms)`,
    );
    console.log(
      `  delivery alone         p50 ${ms(pct(delivery, 50))}   max ${ms(Math.max(...delivery))}   (the delivery statement and its live event, in one transaction)`,
    );
    console.log(`  per-user rows written  ${rowsWritten} (a broadcast is one notifications row)`);
    console.log(
      `  unread counts exact    after the broadcasts: ${countsAfter}   one read by the first: ${countsRead}   all read by the first: ${countsAllRead}`,
    );
    console.log(
      `  unread count uncached  p50 ${ms(pct(reads, 50))}   max ${ms(Math.max(...reads))} (GET /api/user/notifications/unread-count, per-user cache emptied first)`,
    );
    console.log(
      `  unread count cached    p50 ${ms(pct(cached, 50))}   max ${ms(Math.max(...cached))} (the same GET answered from the cache: HTTP and session alone)`,
    );
  }
} finally {
  await bulk.end();
  await app.close();
  await db.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
