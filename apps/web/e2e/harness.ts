// Browser-test harness: the built product (API process serving the built web app on an embedded
// database in a temporary DATA_DIR), Debian's Chromium through playwright-core, REST helpers to
// create users, named screenshots and an axe accessibility scan.
//
//   const e2e = setupE2E();                       // the run's shared product (default settings)
//   const sub = await e2e.user('subscriber');     // registered through REST, subscribed
//   const page = await e2e.open('/dashboard', { as: sub, viewport: 'mobile' });
//   await e2e.shot(page, 'dashboard-mobile');
//   await e2e.a11y(page);
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createHttpServer, type Server } from 'node:http';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Download, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { STARTUP_SEEN_KEY } from '../src/lib/startup';
import { prepareProductDatabase, productDatabase } from './product-database';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../../..');
export const API_MAIN = path.join(REPO_ROOT, 'apps/api/dist/main.js');
/** The built web app the product serves (T0_E2E_WEB_DIST points the tests at another build). */
export const WEB_DIST = process.env.T0_E2E_WEB_DIST
  ? path.resolve(process.env.T0_E2E_WEB_DIST)
  : path.join(REPO_ROOT, 'apps/web/dist');
export const SCREENSHOT_DIR = path.join(here, 'screenshots');
/** Debian's full Chromium: the browser people run (web push needs it). */
export const FULL_CHROMIUM = '/usr/bin/chromium';
/** Debian's headless shell of the same Chromium (package chromium-headless-shell). */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
/**
 * The Chromium the tests drive (T0_E2E_CHROMIUM names another binary): the headless shell when
 * installed, as Playwright itself runs headless tests. It renders with the same Blink and V8 as the
 * full browser without the browser's window and UI layers, and took a third less CPU over the suite
 * (Chromium's processes 1,050 s -> 730 s; bench/README.md). It has no Push API: a file that needs
 * the full browser asks for it (`setupE2E({ fullChromium: true })`).
 */
export const CHROMIUM = process.env.T0_E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
export const ADMIN_EMAIL = 'admin@t0.test';
export const PASSWORD = 'Str0ng!Pass';
export const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  mobile: { width: 390, height: 844 },
} as const;
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** How every Chromium of the tests is started (the shared one, a file's own, the full browser). */
const launchOptions = (executablePath: string) => ({ executablePath, headless: true, args: CHROMIUM_ARGS });

const inCI = Boolean(process.env.CI);
export const chromiumAvailable = existsSync(CHROMIUM);

/**
 * `describe` for browser tests: skipped with a notice when Chromium is missing on a developer
 * machine, an error in CI (where `.ci/run` installs it).
 */
export function describeE2E(name: string, fn: () => void) {
  if (!chromiumAvailable) {
    if (inCI)
      throw new Error(
        `${CHROMIUM} is missing: browser tests cannot run in CI without it (install the chromium package).`,
      );
    console.warn(`[e2e] skipping "${name}": ${CHROMIUM} is not installed (apt-get install chromium).`);
    describe.skip(name, fn);
    return;
  }
  describe(name, fn);
}

/** Fails clearly when the product was not built first. */
export function assertBuilt() {
  const missing = [API_MAIN, path.join(WEB_DIST, 'index.html')].filter((f) => !existsSync(f));
  if (missing.length) {
    throw new Error(
      `Build first (pnpm --filter @t0/api build && pnpm --filter @t0/web build); missing: ${missing.join(', ')}`,
    );
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface Mail {
  file: string;
  to: string;
  subject: string;
  /** The whole message with quoted-printable soft breaks undone. */
  text: string;
}

export interface Product {
  url: string;
  dataDir: string;
  /** Every message written by the file mailer so far, oldest first. */
  mails(): Mail[];
  /** The newest message to an address, waiting up to `timeoutMs` for it. */
  waitForMail(to: string, opts?: { subject?: RegExp; timeoutMs?: number }): Promise<Mail>;
  /** What the API process printed (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function header(raw: string, name: string): string {
  const m = raw.match(new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im'));
  return m ? m[1]!.replace(/\r?\n[ \t]+/g, ' ').trim() : '';
}

export interface StartOptions {
  /** Seed the demo content (default false: each test creates what it needs). */
  seedDemo?: boolean;
  env?: Record<string, string>;
  /** Also append what the API process prints to this file (the shared product's, read by the files using it). */
  logFile?: string;
}

/** Our symbols as the market-data vendor (Twelve Data) names them. */
const VENDOR_SYMBOLS: Record<string, string> = {
  AUDUSD: 'AUD/USD',
  GBPJPY: 'GBP/JPY',
  GBPUSD: 'GBP/USD',
  US30: 'DJI',
  BTCUSD: 'BTC/USD',
  XAUUSD: 'XAU/USD',
  // Not in the catalogue: the instruments test adds it in the console with this feed symbol.
  NAS100: 'NDX',
};

/**
 * A local stand-in for the market-data vendor answering the prices a test sets, so a market signal
 * can be published (and closed) at the exact prices the test names: the server refuses a market
 * entry or a typed exit away from the live price.
 */
export interface ScriptedFeed {
  /** The product's environment to use this feed (refreshed every second). */
  env: Record<string, string>;
  /** Sets an instrument's price (our symbol: 'GBPJPY', 'US30', ...). */
  set(instrument: string, price: number): void;
  close(): Promise<void>;
}

export async function startScriptedFeed(initial: Record<string, number>): Promise<ScriptedFeed> {
  const prices = new Map<string, number>();
  const set = (instrument: string, price: number) => {
    const vendor = VENDOR_SYMBOLS[instrument.toUpperCase()];
    if (!vendor) throw new Error(`No vendor symbol for ${instrument}`);
    prices.set(vendor, price);
  };
  for (const [instrument, price] of Object.entries(initial)) set(instrument, price);
  const server = createHttpServer((req, res) => {
    const symbols = new URL(req.url ?? '/', 'http://x').searchParams.get('symbol')?.split(',') ?? [];
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify(
        Object.fromEntries(symbols.filter((s) => prices.has(s)).map((s) => [s, { price: String(prices.get(s)) }])),
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    env: {
      PRICE_FEED: 'twelvedata',
      PRICE_FEED_KEY: 'e2e-key',
      PRICE_FEED_URL: `http://127.0.0.1:${port}`,
      PRICE_REFRESH_MS: '1000',
    },
    set,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The product's live price of an instrument (GET /api/live-prices). */
export async function livePrice(product: Pick<Product, 'url'>, instrument: string): Promise<number> {
  const res = await fetch(`${product.url}/api/live-prices`);
  const body = (await res.json()) as Record<string, unknown>;
  const price = body[instrument.toUpperCase()];
  if (!res.ok || typeof price !== 'number')
    throw new Error(`No live price for ${instrument}: ${res.status} ${JSON.stringify(body)}`);
  return price;
}

/** Waits until the product's live price of an instrument is `price` (after a ScriptedFeed.set). */
export async function waitForLivePrice(
  product: Pick<Product, 'url'>,
  instrument: string,
  price: number,
  timeoutMs = 20_000,
) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const now = await livePrice(product, instrument).catch(() => undefined);
    if (now === price) return;
    if (Date.now() > end)
      throw new Error(`The live price of ${instrument} is ${now}, not ${price}, after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Once per run (the e2e globalSetup): the migrated database every product starts from
 * (e2e/product-database.ts). Answers the teardown that removes it.
 */
export function prepareDatabase(): Promise<() => Promise<void>> {
  if (!existsSync(API_MAIN)) return Promise.resolve(async () => undefined);
  return prepareProductDatabase(API_MAIN, REPO_ROOT);
}

/** The messages the product's file mailer wrote under its DATA_DIR. */
function mailbox(dataDir: string): Pick<Product, 'mails' | 'waitForMail'> {
  const mailDir = path.join(dataDir, 'mail');
  const mails = (): Mail[] => {
    let files: string[] = [];
    try {
      files = readdirSync(mailDir)
        .filter((f) => f.endsWith('.eml'))
        .sort();
    } catch {
      return [];
    }
    return files.map((file) => {
      const raw = readFileSync(path.join(mailDir, file), 'utf8');
      return { file, to: header(raw, 'To'), subject: header(raw, 'Subject'), text: decodeQuotedPrintable(raw) };
    });
  };
  return {
    mails,
    async waitForMail(to, { subject, timeoutMs = 15_000 } = {}) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const found = mails()
          .filter((m) => m.to.toLowerCase().includes(to.toLowerCase()) && (!subject || subject.test(m.subject)))
          .at(-1);
        if (found) return found;
        if (Date.now() > end)
          throw new Error(`No mail to ${to}${subject ? ` matching ${subject}` : ''} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
  };
}

/** Starts the built product on a free port with a fresh embedded database (a copy of the run's migrated one, if made). */
export async function startProduct(opts: StartOptions = {}): Promise<Product> {
  assertBuilt();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 't0-e2e-'));
  const database = await productDatabase(dataDir);
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  delete env.STRIPE_SECRET_KEY;
  delete env.S3_BUCKET;
  Object.assign(env, {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-000000',
    ADMIN_EMAILS: ADMIN_EMAIL,
    SEED_DEMO: opts.seedDemo ? 'true' : 'false',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_AUTH_ACCOUNT_PER_MINUTE: '100000',
    AUTH_ACCOUNT_FAILURES: '100000',
    LOG_LEVEL: 'warn',
    // argon2id at its lowest cost: every test signs users up and in (production refuses it).
    PASSWORD_HASH_COST: opts.env?.NODE_ENV === 'production' ? 'standard' : 'minimal',
    PRICE_FEED: 'simulated',
    WEB_DIST,
    ...database.env,
    ...opts.env,
  });
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [API_MAIN], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const printed = (d: Buffer) => {
    output += d.toString();
    if (opts.logFile) appendFileSync(opts.logFile, d);
  };
  child.stdout?.on('data', printed);
  child.stderr?.on('data', printed);
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited) {
      await database.drop().catch(() => undefined);
      throw new Error(`The product exited while starting:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await database.drop().catch(() => undefined);
      throw new Error(`The product did not become healthy in 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    dataDir,
    ...mailbox(dataDir),
    output: () => output,
    async stop() {
      if (!exited) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exit;
        clearTimeout(killer);
      }
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Where the run's shared product is handed out (see serveSharedProduct). */
const SHARED_PRODUCT_ENV = 'T0_E2E_SHARED_PRODUCT';
/**
 * How long the shared product stays up once no spec file holds it: long enough for the next file
 * that uses it to start (the run puts those files together, see vitest.e2e.config.ts), short
 * enough that it does not idle through the other files (an idle product uses about 7% of a core).
 */
const SHARED_PRODUCT_GRACE_MS = 20_000;

interface SharedProductAddress {
  url: string;
  dataDir: string;
  logFile: string;
}

/**
 * Once per run (the e2e globalSetup): one product with the default settings for every spec file
 * that asks for no other (`setupE2E()`), instead of a product per file (a start is several seconds
 * of a busy 2-core machine). It is started when a file first asks for it, and stopped once no file
 * has held it for SHARED_PRODUCT_GRACE_MS (started again if another asks later). Files reach it
 * through a small local server (on a free port, named by an environment variable the files
 * inherit): `POST /acquire` answers where the product is, `POST /release` gives it back.
 * Answers the teardown that stops both.
 */
export async function serveSharedProduct(): Promise<() => Promise<void>> {
  if (process.env[SHARED_PRODUCT_ENV] || !chromiumAvailable || !existsSync(API_MAIN)) return async () => undefined;
  let current: { product: Promise<Product>; logDir: string } | undefined;
  let holders = 0;
  let idle: NodeJS.Timeout | undefined;
  const stop = async () => {
    const was = current;
    current = undefined;
    if (!was) return;
    await (await was.product.catch(() => undefined))?.stop();
    rmSync(was.logDir, { recursive: true, force: true });
  };
  const healthy = async (product: Product) =>
    fetch(`${product.url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
  const acquire = async (): Promise<SharedProductAddress> => {
    clearTimeout(idle);
    holders += 1;
    // A product that has died (a crash shows in the file that was using it) is replaced.
    if (current && !(await current.product.then(healthy, () => false))) await stop();
    if (!current) {
      const logDir = mkdtempSync(path.join(tmpdir(), 't0-e2e-shared-'));
      const logFile = path.join(logDir, 'product.log');
      writeFileSync(logFile, '');
      current = { product: startProduct({ logFile }), logDir };
    }
    const product = await current.product;
    return { url: product.url, dataDir: product.dataDir, logFile: path.join(current.logDir, 'product.log') };
  };
  const release = () => {
    holders = Math.max(0, holders - 1);
    if (holders === 0) {
      clearTimeout(idle);
      idle = setTimeout(() => void stop(), SHARED_PRODUCT_GRACE_MS);
    }
  };
  const server: Server = createHttpServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && req.url === '/acquire')
      acquire().then(
        (address) => answer(200, address),
        (err: Error) => {
          // The file that asked fails with the reason; the next one tries a new start.
          void stop();
          release();
          answer(500, { error: err.message });
        },
      );
    else if (req.method === 'POST' && req.url === '/release') {
      release();
      answer(200, {});
    } else answer(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  process.env[SHARED_PRODUCT_ENV] = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return async () => {
    delete process.env[SHARED_PRODUCT_ENV];
    clearTimeout(idle);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await stop();
  };
}

/**
 * The run's shared product (see serveSharedProduct), held until `stop()`; a product of the file's
 * own when the run has none (a file run by another configuration).
 */
export async function sharedProduct(): Promise<Product> {
  const broker = process.env[SHARED_PRODUCT_ENV];
  if (!broker) return startProduct();
  const res = await fetch(`${broker}/acquire`, { method: 'POST' });
  const body = (await res.json()) as SharedProductAddress & { error?: string };
  if (!res.ok) throw new Error(`The shared product did not start: ${body.error}`);
  let held = true;
  return {
    url: body.url,
    dataDir: body.dataDir,
    ...mailbox(body.dataDir),
    output: () => {
      try {
        return readFileSync(body.logFile, 'utf8');
      } catch {
        return '(the shared product has stopped)';
      }
    },
    async stop() {
      if (!held) return;
      held = false;
      await fetch(`${broker}/release`, { method: 'POST' }).catch(() => undefined);
    },
  };
}

/** A REST client with its own cookie jar, like an external script. */
export class ApiClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  async request<T = any>(method: string, p: string, body?: unknown): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(this.base + p, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
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
    return { status: res.status, body: parsed as T };
  }
  get<T = any>(p: string) {
    return this.request<T>('GET', p);
  }
  post<T = any>(p: string, body?: unknown) {
    return this.request<T>('POST', p, body);
  }
}

export type Role = 'user' | 'subscriber' | 'admin';

export interface TestUser {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** Signed in as this user. */
  api: ApiClient;
}

let counter = 0;
/** An address no other test of the run uses (files running at once on the shared product included). */
export const uniqueEmail = (prefix = 'trader') =>
  `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}.${process.pid.toString(36)}@t0.test`;

/**
 * Registers an account through `POST /api/register` (which signs it in). A subscriber is then
 * activated through the development-only `POST /api/test/activate-subscription`; an admin uses
 * the address in ADMIN_EMAILS (signed in again when it already exists), proven as its owner would:
 * the link registration mailed to it, followed signed in.
 */
export async function createUser(
  product: Pick<Product, 'url' | 'waitForMail'>,
  role: Role = 'user',
  opts: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
): Promise<TestUser> {
  const api = new ApiClient(product.url);
  const email = role === 'admin' ? ADMIN_EMAIL : (opts.email ?? uniqueEmail(role === 'subscriber' ? 'sub' : 'user'));
  const password = opts.password ?? PASSWORD;
  const firstName = opts.firstName ?? 'Ada';
  const lastName = opts.lastName ?? 'Trader';
  let res = await api.post('/api/register', { email, password, firstName, lastName });
  if (res.status !== 200 && role === 'admin') res = await api.post('/api/auth/login', { email, password });
  if (res.status !== 200)
    throw new Error(`Could not create ${role} ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  const id = res.body.id as number;
  if (role === 'subscriber') {
    const act = await api.post('/api/test/activate-subscription', { email, plan: 'monthly' });
    if (act.status !== 200) throw new Error(`Could not activate ${email}: ${act.status} ${JSON.stringify(act.body)}`);
  }
  const me = await api.get('/api/auth/user');
  if (me.status !== 200) throw new Error(`New ${role} ${email} is not signed in: ${me.status}`);
  if (role === 'admin' && me.body.adminEmailPending) {
    const mail = await product.waitForMail(email, { subject: /administrator address/i });
    const token = /\/confirm-admin\?token=([0-9a-f]{64})/.exec(mail.text)?.[1];
    const proof = await api.post('/api/auth/admin-email/confirm', { token });
    if (proof.status !== 200)
      throw new Error(`Could not prove ${email}: ${proof.status} ${JSON.stringify(proof.body)}`);
  }
  return { id, email, password, firstName, lastName, role, api };
}

/** Where the run's shared Chromium listens (see launchSharedBrowser). */
const BROWSER_WS_ENV = 'T0_E2E_BROWSER_WS';

/**
 * Once per run (the e2e globalSetup): one Chromium that every spec file connects to instead of
 * starting its own (a start is 1 to 2 s of a busy 2-core machine, per file). Each file still gets
 * its own connection, and each test its own contexts, so files share no cookies, storage or pages.
 * Answers the teardown that stops it.
 */
export async function launchSharedBrowser(): Promise<() => Promise<void>> {
  if (process.env[BROWSER_WS_ENV] || !chromiumAvailable) return async () => undefined;
  const server = await chromium.launchServer(launchOptions(CHROMIUM));
  process.env[BROWSER_WS_ENV] = server.wsEndpoint();
  return async () => {
    delete process.env[BROWSER_WS_ENV];
    await server.close();
  };
}

/**
 * A connection to the run's shared Chromium, or a Chromium of this file's own when there is none
 * (or it has gone). `full` starts the full browser for this file (see CHROMIUM).
 */
export async function launchBrowser(full = false): Promise<Browser> {
  if (full && CHROMIUM !== FULL_CHROMIUM) return chromium.launch(launchOptions(FULL_CHROMIUM));
  const ws = process.env[BROWSER_WS_ENV];
  if (ws) {
    try {
      return await chromium.connect(ws, { timeout: 15_000 });
    } catch (err) {
      console.warn(`[e2e] the shared Chromium did not answer (${(err as Error).message}); starting one for this file`);
    }
  }
  return chromium.launch(launchOptions(CHROMIUM));
}

/** The bytes of a finished download (read through Playwright, so it works on a shared, connected browser too). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface OpenOptions {
  /** Signed in as this user (its session cookie is copied into the browser). */
  as?: TestUser;
  viewport?: keyof typeof VIEWPORTS | { width: number; height: number };
  colorScheme?: 'dark' | 'light';
  /** The browser's language (`navigator.languages`, `Accept-Language`), e.g. 'ar' or 'es-ES'. */
  locale?: string;
  /** Wait until the start-up screen has gone (default true). */
  waitForApp?: boolean;
  /**
   * Play the start-up screen, as on a browser session's first visit (default false: the context's
   * session has seen it, as on every later visit, and the page shows at once; about 1.5 s saved on
   * each of the suite's 150-odd pages). The specs of the screen itself ask for it.
   */
  startup?: boolean;
  /** Ask for reduced motion, as a visitor's system setting may (`prefers-reduced-motion: reduce`). */
  reducedMotion?: boolean;
  /**
   * Give the page Playwright's fake clock (installed before the first document; it runs at real
   * speed until the test moves it), so a test can move the page's timers on by a poll's interval
   * (`page.clock.fastForward`) instead of waiting for it.
   */
  clock?: boolean;
  /** When the navigation counts as done (default 'load'; 'commit' to watch the page from its first byte). */
  waitUntil?: 'load' | 'domcontentloaded' | 'commit';
  /**
   * Hold back the app's scripts (`/assets/*.js`): the pre-rendered page alone, as a visitor sees it
   * before any of them has run, and for as long as the test looks (its styles still apply).
   */
  withoutApp?: boolean;
}

export interface Opened {
  page: Page;
  context: BrowserContext;
  /** Uncaught errors thrown in the page. */
  errors: string[];
}

/** A new browser context (own cookies and storage) with one page at `path`. */
export async function openPage(
  browser: Browser,
  product: Pick<Product, 'url'>,
  p: string,
  opts: OpenOptions = {},
): Promise<Opened> {
  const viewport = typeof opts.viewport === 'object' ? opts.viewport : VIEWPORTS[opts.viewport ?? 'desktop'];
  const context = await browser.newContext({
    viewport,
    colorScheme: opts.colorScheme ?? 'dark',
    baseURL: product.url,
    ...(opts.locale ? { locale: opts.locale } : {}),
    ...(opts.reducedMotion ? { reducedMotion: 'reduce' as const } : {}),
  });
  const origin = new URL(product.url).origin;
  // Nothing outside this machine: third-party widgets and fonts fail fast instead of hanging.
  await context.route(
    (url) => url.origin !== origin && url.protocol.startsWith('http'),
    (route) => route.abort('blockedbyclient'),
  );
  if (opts.withoutApp) {
    await context.route(
      (url) => url.origin === origin && url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
      (route) => route.abort('blockedbyclient'),
    );
  }
  if (opts.as) {
    await context.addCookies(
      [...opts.as.api.cookies].map(([name, value]) => ({
        name,
        value,
        url: product.url,
        httpOnly: true,
        sameSite: 'Lax' as const,
      })),
    );
  }
  if (!opts.startup) {
    await context.addInitScript((key) => {
      try {
        sessionStorage.setItem(key, '1');
      } catch {
        /* storage refused: the screen plays */
      }
    }, STARTUP_SEEN_KEY);
  }
  if (opts.clock) await context.clock.install();
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(p, { waitUntil: opts.waitUntil ?? 'load' });
  if (opts.waitForApp !== false) await waitForApp(page);
  return { page, context, errors };
}

/**
 * Waits until the app has mounted and the start-up screen (about 1.5 s) has gone. The app draws
 * inside a transition, so right after the page's load event it may not have drawn the screen yet:
 * `html.t0-idle` is set once it has mounted (App.tsx), and the screen is removed when it is done.
 * A page the server draws on its own (the test-mode checkout) has no app root: nothing to wait for.
 */
export async function waitForApp(page: Page) {
  await page.waitForFunction(
    () =>
      !document.getElementById('root') ||
      (document.documentElement.classList.contains('t0-idle') &&
        !document.querySelector('[data-testid="startup-screen"]')),
    null,
    { timeout: 20_000 },
  );
}

/**
 * Screenshots are for people to look at (no test compares them): `E2E_SCREENSHOTS=off` (CI, which
 * looks at none) takes none, and saves the time of drawing and encoding a few hundred pages.
 */
const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS !== 'off';

/** A PNG under e2e/screenshots/<name>.png: the whole page, or only what the window shows. */
export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  if (!TAKE_SCREENSHOTS) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: opts.fullPage ?? true, animations: 'disabled' });
}

/** A PNG of one element under e2e/screenshots/<name>.png (none with `E2E_SCREENSHOTS=off`). */
export async function screenshotOf(element: Locator, name: string) {
  if (!TAKE_SCREENSHOTS) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await element.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

export interface A11yOptions {
  /** CSS selectors left out of the scan (for example a third-party iframe). */
  exclude?: string[];
  /** axe rule ids switched off, each with a reason in the calling test. */
  disableRules?: string[];
  /** Scan while the start-up screen shows (by default the scan waits until it has gone). */
  includeStartup?: boolean;
}

export interface A11yFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Runs axe-core in the page; throws when it finds serious or critical problems. */
export async function checkA11y(page: Page, opts: A11yOptions = {}): Promise<A11yFinding[]> {
  // The scan is of the screen, not of the start-up animation in front of it.
  if (!opts.includeStartup) await waitForApp(page);
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated over the DevTools protocol, so the page's script policy does not block it.
  await page.evaluate(axeSource);
  const findings = await page.evaluate(
    async ({ exclude, disableRules }) => {
      const axe = (window as any).axe;
      const rules = Object.fromEntries(disableRules.map((id: string) => [id, { enabled: false }]));
      const context = exclude.length ? { include: [document], exclude: exclude.map((s: string) => [s]) } : document;
      const result = await axe.run(context, { resultTypes: ['violations'], rules });
      return result.violations.map((v: any) => ({
        id: v.id,
        impact: v.impact ?? 'unknown',
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n: any) => `${n.target.join(' ')}  ${String(n.html ?? '').slice(0, 160)}`),
      }));
    },
    { exclude: opts.exclude ?? [], disableRules: opts.disableRules ?? [] },
  );
  const serious = findings.filter((f: A11yFinding) => f.impact === 'serious' || f.impact === 'critical');
  if (serious.length) {
    const lines = serious.map(
      (f: A11yFinding) => `- [${f.impact}] ${f.id}: ${f.help}\n    ${f.targets.join('\n    ')}`,
    );
    throw new Error(`Accessibility problems on ${page.url()}:\n${lines.join('\n')}`);
  }
  return findings;
}

/** True when the page scrolls sideways (it must not, at any width). */
export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

export interface E2EOptions extends StartOptions {
  /** Prices from a scripted stand-in for the vendor (see ScriptedFeed) instead of the simulated feed. */
  feed?: Record<string, number>;
  /**
   * A product of the file's own even with the default settings, for a file whose tests count what
   * the whole product holds (every signal) or change what every visitor sees (the site settings).
   */
  ownProduct?: boolean;
  /** The full Chromium for this file instead of the run's headless shell (for the Push API). */
  fullChromium?: boolean;
}

export interface E2E {
  readonly product: Product;
  /** The scripted feed (only with `setupE2E({ feed })`). */
  readonly feed: ScriptedFeed;
  /**
   * Moves the scripted feed to `price` and waits until the product's live price is there (for a
   * close at market at a typed exit, or a market signal published at a new price).
   */
  movePrice(instrument: string, price: number): Promise<void>;
  readonly browser: Browser;
  user(role?: Role, opts?: Parameters<typeof createUser>[2]): Promise<TestUser>;
  open(path: string, opts?: OpenOptions): Promise<Page>;
  /** Like `open`, with the context and the page's uncaught errors. */
  openWith(path: string, opts?: OpenOptions): Promise<Opened>;
  shot(page: Page, name: string, opts?: { fullPage?: boolean }): Promise<void>;
  a11y(page: Page, opts?: A11yOptions): Promise<A11yFinding[]>;
}

/**
 * The product and a browser connection for a spec file (beforeAll to afterAll); every `open` gets a
 * fresh browser context, closed after each test. With no options the file uses the run's shared
 * product (see serveSharedProduct), where other files' users and data are too: it makes its own
 * users and data and looks only at those. Any option (settings, demo content, a scripted feed,
 * `ownProduct`) starts a product of the file's own.
 */
export function setupE2E(opts: E2EOptions = {}): E2E {
  let product: Product | undefined;
  let browser: Browser | undefined;
  let feed: ScriptedFeed | undefined;
  let contexts: BrowserContext[] = [];
  beforeAll(async () => {
    const { feed: prices, ownProduct, fullChromium, ...start } = opts;
    const shared = !prices && !ownProduct && !start.seedDemo && !start.logFile && !Object.keys(start.env ?? {}).length;
    if (prices) feed = await startScriptedFeed(prices);
    const env = { ...feed?.env, ...start.env };
    const [started, connected] = await Promise.allSettled([
      shared ? sharedProduct() : startProduct({ ...start, env }),
      launchBrowser(fullChromium),
    ]);
    // Whichever came up is kept for afterAll to close, even when the other failed.
    if (started.status === 'fulfilled') product = started.value;
    if (connected.status === 'fulfilled') browser = connected.value;
    if (started.status === 'rejected') throw started.reason;
    if (connected.status === 'rejected') throw connected.reason;
    // Every scripted price is live before the first test publishes at it.
    if (prices)
      for (const [instrument, price] of Object.entries(prices))
        await waitForLivePrice(started.value, instrument, price, 30_000);
  }, 180_000);
  afterEach(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    contexts = [];
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await feed?.close();
  }, 60_000);
  const need = () => {
    if (!product || !browser) throw new Error('The product is not running (setupE2E beforeAll failed)');
    return { product, browser };
  };
  const openWith = async (p: string, o?: OpenOptions) => {
    const { product: pr, browser: b } = need();
    const opened = await openPage(b, pr, p, o);
    contexts.push(opened.context);
    return opened;
  };
  return {
    get product() {
      return need().product;
    },
    get browser() {
      return need().browser;
    },
    get feed() {
      if (!feed) throw new Error('No scripted feed: pass setupE2E({ feed: { ... } })');
      return feed;
    },
    async movePrice(instrument, price) {
      if (!feed) throw new Error('No scripted feed: pass setupE2E({ feed: { ... } })');
      feed.set(instrument, price);
      await waitForLivePrice(need().product, instrument, price);
    },
    user: (role, o) => createUser(need().product, role, o),
    openWith,
    open: async (p, o) => (await openWith(p, o)).page,
    shot: screenshot,
    a11y: checkA11y,
  };
}
