import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAST_DUE_GRACE_DAYS_DEFAULT, parsePriceSetting, type PlanPrice } from '@t0/contracts';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root, found from this file whether it runs from src/ or dist/. */
export const REPO_ROOT = path.resolve(here, '../../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

/**
 * Which hops' `X-Forwarded-For` is believed (Fastify's `trustProxy`): none, every hop, the last n
 * hops, or hops from these addresses (CIDR allowed).
 */
export type TrustProxy = boolean | number | string[];

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: optionalText,
  DATABASE_URL: optionalText,
  DATA_DIR: optionalText,
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(1_500),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(1_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  SESSION_SECRET: optionalText,
  ADMIN_EMAILS: z.string().default(''),
  PUBLIC_URL: optionalText,
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('T0 Terminal <no-reply@t0-terminal.local>'),
  SUPPORT_EMAIL: optionalText,
  EDUCATION_URL: z.string().default('https://www.babypips.com/learn/forex'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool.default(true),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx): TrustProxy => {
      const text = v.trim().toLowerCase();
      if (text === 'false' || text === 'no' || text === '') return false;
      if (text === 'true' || text === 'yes') return true;
      if (/^\d+$/.test(text)) return Number(text);
      const list = text.split(',').map((a) => a.trim()).filter(Boolean);
      const bad = list.find((a) => !isIP(a.split('/')[0] ?? '') || (a.includes('/') && !/^\d{1,3}$/.test(a.split('/')[1] ?? '')));
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: `"${bad}" is not an address or address/bits: use false, true, a hop count or a comma-separated list of proxy addresses` });
        return z.NEVER;
      }
      return list;
    }),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_AUTH_ACCOUNT_PER_MINUTE: z.coerce.number().int().positive().default(5),
  WEB_DIST: optionalText,
  // Payments (Stripe when all three are set; the local test-mode checkout otherwise)
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PRICE_MONTHLY: optionalText,
  STRIPE_PRICE_YEARLY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  // Plans and price: Stripe's Price when Stripe is configured, else these (decimal, e.g. 49 or 49.90)
  PLAN_MONTHLY_PRICE: optionalText,
  PLAN_YEARLY_PRICE: optionalText,
  PLAN_CURRENCY: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'must be a three-letter currency code such as USD')
    .default('USD')
    .transform((v) => v.toUpperCase()),
  // A failed renewal (past_due) keeps access this many days, then access ends
  PAST_DUE_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(PAST_DUE_GRACE_DAYS_DEFAULT),
  // The local test-mode checkout grants subscriptions without payment: on by default outside production only.
  LOCAL_CHECKOUT: bool.optional(),
  // Administrators must enrol in two-factor authentication before using the console: on by default in production only.
  ADMIN_REQUIRE_2FA: bool.optional(),
  // Storage (S3-compatible when S3_BUCKET is set; DATA_DIR/objects otherwise)
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: bool.default(true),
  // Price feed (simulated unless a vendor is named)
  PRICE_FEED: z.enum(['simulated', 'twelvedata']).default('simulated'),
  PRICE_FEED_KEY: optionalText,
  PRICE_FEED_URL: optionalText,
  PRICE_REFRESH_MS: z.coerce.number().int().positive().default(5_000),
  // Fill the charts' history on a first start (the simulated feed's own past, a vendor's time series)
  PRICE_HISTORY: bool.default(true),
  // Live streams (tRPC live.events and GET /api/stream) one process serves at most; past it 503
  LIVE_MAX_STREAMS: z.coerce.number().int().positive().default(20_000),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** PostgreSQL: longest statement and longest connection set-up before a 503. */
  dbStatementTimeoutMs: number;
  dbConnectTimeoutMs: number;
  /** Longest a request (with its body) may take to arrive before its connection is dropped. */
  requestTimeoutMs: number;
  /** SESSION_SECRET: the first signs new session cookies; all of them are accepted (rotation). */
  sessionSecrets: string[];
  adminEmails: string[];
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  educationUrl: string;
  logLevel: Env['LOG_LEVEL'];
  seedDemo: boolean;
  trustProxy: TrustProxy;
  /** Sign-in, registration and reset attempts per client address (IPv6: per /64) per minute. */
  rateLimitAuthPerMinute: number;
  /** The same attempts per account from one client address per minute. */
  rateLimitAuthAccountPerMinute: number;
  webDist: string;
  stripe: { secretKey: string; priceMonthly: string; priceYearly?: string | undefined; webhookSecret: string } | undefined;
  /** Prices from the settings (Stripe's Price wins when configured) and the past-due grace period. */
  billing: { plans: PlanPrice[]; pastDueGraceDays: number };
  /** Whether the local test-mode checkout may be used when Stripe is not configured. */
  localCheckout: boolean;
  /** Administrators without a second factor are sent to enrolment before the console (ADMIN_REQUIRE_2FA). */
  adminRequire2fa: boolean;
  s3:
    | { bucket: string; endpoint?: string | undefined; region: string; accessKeyId?: string | undefined; secretAccessKey?: string | undefined; forcePathStyle: boolean }
    | undefined;
  priceFeed: { kind: Env['PRICE_FEED']; key?: string | undefined; url?: string | undefined; refreshMs: number; history: boolean };
  /** Open live streams per process at most (a 503 past it). */
  liveMaxStreams: number;
}

/** Keeps a generated secret under DATA_DIR so sessions survive restarts outside production. */
function generatedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The plans priced by the settings. Without Stripe the monthly plan costs 49 unless
 * PLAN_MONTHLY_PRICE says otherwise; with Stripe only prices set explicitly serve as the fallback.
 */
function settingsPlans(e: Env, hasStripe: boolean): PlanPrice[] {
  const monthly = parsePriceSetting(e.PLAN_MONTHLY_PRICE ?? (hasStripe ? undefined : '49'));
  const yearly = parsePriceSetting(e.PLAN_YEARLY_PRICE);
  if (e.PLAN_MONTHLY_PRICE !== undefined && monthly === undefined) throw new Error('Invalid setting PLAN_MONTHLY_PRICE: a price such as 49 or 49.90');
  if (e.PLAN_YEARLY_PRICE !== undefined && yearly === undefined) throw new Error('Invalid setting PLAN_YEARLY_PRICE: a price such as 490 or 490.00');
  const plans: PlanPrice[] = [];
  if (monthly !== undefined) plans.push({ plan: 'monthly', amountCents: monthly, currency: e.PLAN_CURRENCY, interval: 'month' });
  if (yearly !== undefined) plans.push({ plan: 'yearly', amountCents: yearly, currency: e.PLAN_CURRENCY, interval: 'year' });
  return plans;
}

/** Every setting, read once. `process.env` is read nowhere else. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Invalid setting ${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  // Relative to where the command runs; by default the repository's data/ folder.
  const dataDir = e.DATA_DIR ? path.resolve(e.DATA_DIR) : path.join(REPO_ROOT, 'data');
  if (isProduction && !e.SESSION_SECRET) throw new Error('SESSION_SECRET is required in production');
  // Several secrets, comma-separated, for rotation: the first signs, every one is accepted.
  const secrets = (e.SESSION_SECRET ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (e.SESSION_SECRET && secrets.length === 0) throw new Error('SESSION_SECRET must name at least one secret');
  if (secrets.some((s) => s.length < 32)) throw new Error('SESSION_SECRET: every secret must be at least 32 characters');
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const stripe =
    e.STRIPE_SECRET_KEY && e.STRIPE_PRICE_MONTHLY && e.STRIPE_WEBHOOK_SECRET
      ? { secretKey: e.STRIPE_SECRET_KEY, priceMonthly: e.STRIPE_PRICE_MONTHLY, priceYearly: e.STRIPE_PRICE_YEARLY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
      : undefined;
  return {
    billing: { plans: settingsPlans(e, stripe !== undefined), pastDueGraceDays: e.PAST_DUE_GRACE_DAYS },
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    // Outside production the server is for this machine only (test helpers grant subscriptions).
    host: e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    sessionSecrets: secrets.length ? secrets : [generatedSecret(dataDir)],
    adminEmails: e.ADMIN_EMAILS.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean),
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL ?? `support@${new URL(publicUrl).hostname}`,
    educationUrl: e.EDUCATION_URL,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY,
    rateLimitAuthPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
    rateLimitAuthAccountPerMinute: e.RATE_LIMIT_AUTH_ACCOUNT_PER_MINUTE,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist'),
    stripe,
    localCheckout: e.LOCAL_CHECKOUT ?? !isProduction,
    adminRequire2fa: e.ADMIN_REQUIRE_2FA ?? isProduction,
    s3: e.S3_BUCKET
      ? { bucket: e.S3_BUCKET, endpoint: e.S3_ENDPOINT, region: e.S3_REGION, accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY, forcePathStyle: e.S3_FORCE_PATH_STYLE }
      : undefined,
    priceFeed: { kind: e.PRICE_FEED, key: e.PRICE_FEED_KEY, url: e.PRICE_FEED_URL, refreshMs: e.PRICE_REFRESH_MS, history: e.PRICE_HISTORY },
    liveMaxStreams: e.LIVE_MAX_STREAMS,
  };
}
