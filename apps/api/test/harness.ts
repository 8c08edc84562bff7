import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MailMessage, Ports } from '@t0/server';
import { changeAccess, endUserGrants, findPlanByKey, insertGrant } from '@t0/server';
import type { DbKind } from '@t0/db';
import { createTestDb, oneTestDbKind, testDbKinds, type TestDb } from '@t0/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, vi } from 'vitest';
import { createApp, type App } from '../src/app';
import { LocalWritesPlugin } from '../src/changes/local-writes';
import { loadConfig, type Config } from '../src/config';
import { checkAnswersOf } from './contract';

export { oneTestDbKind, testDbKinds, type DbKind };

export const ADMIN_EMAIL = 'admin@t0.test';

/** A long AUDUSD signal with sensible levels, as the REST API takes it (strings and numbers mixed). */
export const VALID_SIGNAL = {
  instrument: 'AUDUSD',
  direction: 'long',
  entryPrice: '0.65169',
  slPrice: 0.649,
  t0Price: '0.6530',
  t1Price: 0.655,
  monthlyBias: 'Bullish',
  memo: 'Breakout above the weekly range',
};
export const STRONG_PASSWORD = 'Str0ng!Pass';

export interface TestApp {
  url: string;
  app: App;
  db: TestDb;
  config: Config;
  dataDir: string;
  client(): TestClient;
  /** Every .eml written by the file mailer so far, oldest first, as text. */
  mails(): string[];
  /**
   * Every e-mail the app handed to its mail transport (file or SMTP) so far, oldest first, whether
   * or not the mail server took it: what the tests read as a mailbox would (the links an owner follows).
   */
  mailed(): MailMessage[];
  /**
   * Pins live prices over whatever feed the app uses (a market signal must be published within a
   * few pips of the live price): later snapshots answer these prices for these symbols.
   */
  pinPrices(prices: Record<string, number>): void;
  /** Pins the live price of a signal's instrument at its entry (as a body the REST API takes). */
  pinAtEntry(body: { instrument?: unknown; entryPrice?: unknown }): void;
  close(): Promise<void>;
}

/** The whole product on a fresh database, listening on a free local port. */
export async function startTestApp(
  kind: DbKind,
  env: Record<string, string> = {},
  opts: {
    ports?: Partial<Ports>;
    config?: Partial<Config>;
    pinMarketEntries?: boolean;
    /** A database of the test's own (of `kind`) to start on, instead of a copy of the migrated one; dropped at close. */
    db?: TestDb;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 't0-test-'));
  // A copy of the run's migrated database: the app's own migration step finds nothing to do.
  const db = opts.db ?? (await createTestDb(kind));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0000',
    ADMIN_EMAILS: ADMIN_EMAIL,
    SEED_DEMO: 'false',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_AUTH_ACCOUNT_PER_MINUTE: '100000',
    AUTH_ACCOUNT_FAILURES: '100000',
    PUBLIC_URL: 'http://t0.test',
    LOG_LEVEL: 'silent',
    // The charts' first-start history is thousands of rows: only the tests about it fill it.
    PRICE_HISTORY: 'false',
    // argon2id at its lowest cost: the recommended one is half a second of CPU per sign-up or
    // sign-in on a busy 2-core machine, and the tests make thousands (login-timing uses it, and
    // production refuses the minimal one).
    PASSWORD_HASH_COST: env.NODE_ENV === 'production' ? 'standard' : 'minimal',
    ...env,
  });
  Object.assign(config, opts.config);
  const app = await createApp(config, { db, logger: false, ports: opts.ports });
  const mailed: MailMessage[] = [];
  const mailer = app.ports.mailer;
  const sendMail = mailer.send.bind(mailer);
  mailer.send = async (message) => {
    mailed.push(message);
    await sendMail(message);
  };
  const pins: Record<string, number> = {};
  // A market signal is refused unless its entry is near the live price. An app on the simulated
  // walk (no feed of the test's own) has the feed pinned at each market signal's entry as it is
  // published through a test client; a test with its own feed moves its prices itself.
  const autoPin = opts.pinMarketEntries ?? !opts.ports?.prices;
  const pinMarketEntry = (method: string, p: string, body: unknown) => {
    if (method !== 'POST' || !body || typeof body !== 'object') return;
    if (p !== '/api/signals' && p !== '/trpc/signals.create') return;
    const b = body as Record<string, unknown>;
    if (b.status === 'limit' || b.entryPrice === undefined || !Number.isFinite(Number(b.entryPrice))) return;
    pins[String(b.instrument ?? VALID_SIGNAL.instrument)] = Number(b.entryPrice);
  };
  const feed = app.ports.prices;
  const latest = feed.latest.bind(feed);
  feed.latest = async () => {
    const snap = await latest();
    return Object.keys(pins).length ? { ...snap, prices: { ...snap.prices, ...pins } } : snap;
  };
  const address = await app.server.listen({ port: 0, host: '127.0.0.1' });
  // Every answer under /api/ is checked against the document this app serves (contract.ts).
  checkAnswersOf(address);
  const mailDir = path.join(dataDir, 'mail');
  return {
    url: address,
    app,
    db,
    config,
    dataDir,
    client: () => new TestClient(address, autoPin ? pinMarketEntry : undefined),
    pinPrices(prices) {
      Object.assign(pins, prices);
    },
    pinAtEntry(body) {
      pins[String(body.instrument ?? VALID_SIGNAL.instrument)] = Number(body.entryPrice ?? VALID_SIGNAL.entryPrice);
    },
    mailed: () => [...mailed],
    mails() {
      let files: string[] = [];
      try {
        files = readdirSync(mailDir)
          .filter((f) => f.endsWith('.eml'))
          .sort();
      } catch {
        return [];
      }
      return files.map((f) => decodeMail(readFileSync(path.join(mailDir, f), 'utf8')));
    },
    async close() {
      await app.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Undo quoted-printable soft breaks so links can be read from the raw message. */
function decodeMail(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A fetch client with its own cookie jar, talking REST like an external script would. */
export class TestClient {
  private cookies = new Map<string, string>();
  constructor(
    readonly base: string,
    /** Sees each request before it is sent (the app pins the feed at a market signal's entry). */
    private readonly beforeRequest?: (method: string, path: string, body: unknown) => void,
  ) {
    checkAnswersOf(base);
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = any>(
    method: string,
    p: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    this.beforeRequest?.(method, p, body);
    const init: RequestInit = { method, headers: { ...headers }, redirect: 'manual' };
    if (this.cookies.size) (init.headers as Record<string, string>).cookie = this.cookieHeader;
    if (body !== undefined) {
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
      init.body = typeof body === 'string' || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body);
    }
    const res = await fetch(this.base + p, init);
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = any>(p: string) {
    return this.request<T>('GET', p);
  }
  post<T = any>(p: string, body?: unknown) {
    return this.request<T>('POST', p, body);
  }
  put<T = any>(p: string, body?: unknown) {
    return this.request<T>('PUT', p, body);
  }
  patch<T = any>(p: string, body?: unknown) {
    return this.request<T>('PATCH', p, body);
  }
  delete<T = any>(p: string) {
    return this.request<T>('DELETE', p);
  }
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}${Date.now().toString(36)}${counter++}@t0.test`;

/** Registers (and so signs in) a new account through the REST path. */
export async function signUp(t: TestApp, email = uniqueEmail(), password = STRONG_PASSWORD) {
  const client = t.client();
  const res = await client.post('/api/register', { email, password, firstName: 'Test', lastName: 'Trader' });
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, email, password, id: res.body.id as number };
}

/** A signed-in user with an active subscription (a grant of `plan`, the default monthly plan). */
export async function signUpSubscriber(t: TestApp, email = uniqueEmail('sub'), plan = 'monthly') {
  const u = await signUp(t, email);
  await grantPlan(t, u.id, plan);
  return u;
}

/**
 * Gives the user a grant of a plan (no end) the way the product does: the grant, then the folded
 * access (`access_rooms`, `has_active_subscription`) and the account's change event, in one transaction.
 */
/**
 * The database as the app's own writes reach it: its caches forget what a write through this changes
 * as the write runs, not when the change notice comes (a notice can come after the next request).
 */
export function appWrites(t: TestApp) {
  const caches = t.app.server.caches;
  return t.db.db.withPlugin(new LocalWritesPlugin(caches.tables, (write) => caches.written(write)));
}

export async function grantPlan(t: TestApp, userId: number, plan = 'monthly', endsAt: Date | null = null) {
  const found = await findPlanByKey(t.db.db, plan);
  if (!found) throw new Error(`no plan ${plan}`);
  await appWrites(t)
    .transaction()
    .execute((trx) =>
      changeAccess(trx, userId, async (tx) => {
        await insertGrant(tx, { userId, planId: found.id, source: 'test', endsAt });
        await tx.updateTable('users').set({ subscriptionStatus: 'active' }).where('id', '=', userId).execute();
      }),
    );
}

/** Ends every grant the user holds now (as an administrator's "end access" does), in one transaction. */
export async function endAllAccess(t: TestApp, userId: number) {
  await appWrites(t)
    .transaction()
    .execute((trx) =>
      changeAccess(trx, userId, async (tx) => {
        await endUserGrants(tx, userId);
        await tx.updateTable('users').set({ subscriptionStatus: 'canceled' }).where('id', '=', userId).execute();
      }),
    );
}

/**
 * A signed-in administrator: its address is in ADMIN_EMAILS, proven as its owner would prove it, by
 * following (signed in) the link registration mailed to it.
 */
export async function signUpAdmin(t: TestApp) {
  const existing = await t.db.db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', ADMIN_EMAIL)
    .executeTakeFirst();
  if (existing) {
    const client = t.client();
    const res = await client.post('/api/auth/login', { email: ADMIN_EMAIL, password: STRONG_PASSWORD });
    if (res.status !== 200) throw new Error('admin login failed');
    if (res.body.adminEmailPending) await proveAdminEmail(t, client, ADMIN_EMAIL);
    return { client, email: ADMIN_EMAIL, password: STRONG_PASSWORD, id: existing.id };
  }
  const admin = await signUp(t, ADMIN_EMAIL);
  await proveAdminEmail(t, admin.client, ADMIN_EMAIL);
  return admin;
}

/** Follows the newest link mailed to prove the ADMIN_EMAILS address `email`, as `client` (signed in to its account). */
export async function proveAdminEmail(t: TestApp, client: TestClient, email: string) {
  const token = t
    .mailed()
    .filter((m) => m.kind === 'admin_email' && m.to === email)
    .map((m) => /\/confirm-admin\?token=([0-9a-f]{64})/.exec(m.text)?.[1])
    .at(-1);
  if (!token) throw new Error(`no link proving ${email} was mailed`);
  const res = await client.post('/api/auth/admin-email/confirm', { token });
  if (res.status !== 200) throw new Error(`proving ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/**
 * For one describe block: the product on a fresh database with a signed-in administrator, user
 * and subscriber (filled in before the block's tests run), closed after them.
 */
export function appWithRoles(kind: DbKind) {
  const roles = {} as { t: TestApp; admin: TestClient; adminId: number; user: TestClient; subscriber: TestClient };
  beforeAll(async () => {
    roles.t = await startTestApp(kind);
    const a = await signUpAdmin(roles.t);
    roles.admin = a.client;
    roles.adminId = a.id;
    roles.user = (await signUp(roles.t)).client;
    roles.subscriber = (await signUpSubscriber(roles.t)).client;
  });
  afterAll(async () => roles.t?.close());
  return roles;
}

/**
 * Waits until the app's first run of these periodic jobs has ended. Each is queued as the app
 * starts, but a busy machine can run it seconds later, in the middle of what a test does next (a
 * record checkpoint signed, prices judged): a test that must not share its moments with them waits.
 */
export async function firstRunsEnded(t: TestApp, jobs: readonly string[], timeoutMs = 30_000): Promise<void> {
  await until(
    async () =>
      (
        await t.db.executeSql(
          `select count(*)::int as n from pgboss.job where name = any($1) and state in ('created', 'retry', 'active')`,
          [jobs],
        )
      ).rows[0] as { n: number },
    (r) => r.n === 0,
    timeoutMs,
    100,
  );
}

/**
 * The value of `probe` once `ok` holds for it, polled with `vi.waitFor` (which fails the test
 * with the last value's check when `timeoutMs` passes).
 */
export function until<T>(
  probe: () => Promise<T> | T,
  ok: (v: T) => boolean,
  timeoutMs = 20_000,
  intervalMs = 200,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await probe();
      if (!ok(value)) throw new Error(`still waiting: ${JSON.stringify(value)?.slice(0, 300)}`);
      return value;
    },
    { timeout: timeoutMs, interval: intervalMs },
  );
}
