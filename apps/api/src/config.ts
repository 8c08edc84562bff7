import { randomBytes, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INBOUND_ALERTS_PER_MINUTE_DEFAULT, PAST_DUE_GRACE_DAYS_DEFAULT, parsePriceSetting, type PlanPrice } from '@t0/contracts';
import { newRecordKeyPem, parseRecordKey } from '@t0/contracts/server';
import webpush from 'web-push';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root, found from this file whether it runs from src/ or dist/. */
export const REPO_ROOT = path.resolve(here, '../../..');

const bool = z.stringbool({ truthy: ['true', '1', 'yes'], falsy: ['false', '0', 'no'], case: 'sensitive' });
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
  // The owner role's connection for migrations (the two-role set-up: packages/db/sql/app-role.sql);
  // DATABASE_URL when not set.
  MIGRATION_DATABASE_URL: optionalText,
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
  /** Demo content: on by default outside production; in production only when set to true explicitly. */
  SEED_DEMO: bool.optional(),
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
  INBOUND_ALERTS_PER_MINUTE: z.coerce.number().int().positive().max(10_000).default(INBOUND_ALERTS_PER_MINUTE_DEFAULT),
  // Per account across every address: after this many failed passwords (with no quiet spell of
  // AUTH_ACCOUNT_FAILURE_WINDOW_SECONDS between them), sign-ins of the account are refused but from
  // an address it signed in from before, for a delay starting at AUTH_ACCOUNT_DELAY_BASE_SECONDS and
  // doubling with each further failure up to AUTH_ACCOUNT_DELAY_MAX_SECONDS.
  AUTH_ACCOUNT_FAILURES: z.coerce.number().int().positive().default(10),
  AUTH_ACCOUNT_FAILURE_WINDOW_SECONDS: z.coerce.number().int().positive().max(604_800).default(3600),
  AUTH_ACCOUNT_DELAY_BASE_SECONDS: z.coerce.number().int().positive().default(1),
  AUTH_ACCOUNT_DELAY_MAX_SECONDS: z.coerce.number().int().positive().default(900),
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
  // Live streams open from one client address at most (a 429 past it)
  LIVE_MAX_STREAMS_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  // Delivery channels (issue 14): signed webhooks and Discord, on unless turned off
  WEBHOOKS_ENABLED: bool.default(true),
  // Webhook and Discord targets on private, loopback or link-local addresses (and plain http) allowed
  WEBHOOKS_ALLOW_PRIVATE: bool.default(false),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(5_000),
  // Waits between attempts of a failing delivery, comma-separated milliseconds (about a day in all)
  DELIVERY_RETRY_SCHEDULE_MS: z
    .string()
    .default('5000,30000,120000,600000,1800000,3600000,7200000,14400000,28800000,28800000')
    .transform((v, ctx) => {
      const list = v.split(',').map((x) => x.trim()).filter(Boolean).map(Number);
      if (list.some((n) => !Number.isInteger(n) || n < 0)) {
        ctx.addIssue({ code: 'custom', message: 'DELIVERY_RETRY_SCHEDULE_MS must be comma-separated whole milliseconds' });
        return z.NEVER;
      }
      return list;
    }),
  DISCORD_ENABLED: bool.default(true),
  // Where Discord webhook addresses must point (tests point it at a local fake)
  DISCORD_API_BASE: z.string().url().default('https://discord.com'),
  // The desk's own Discord channel: every signal event is posted there too
  DISCORD_DESK_WEBHOOK_URL: optionalText,
  // Telegram (issue 14): a bot from @BotFather; without a token (and webhook secret) it is "not configured"
  TELEGRAM_BOT_TOKEN: optionalText,
  TELEGRAM_BOT_USERNAME: optionalText.pipe(z.string().regex(/^@?\w{5,32}$/, 'must be the bot\'s username, such as T0SignalsBot').optional()),
  TELEGRAM_CHANNEL_ID: optionalText.pipe(z.string().regex(/^(-?\d{1,20}|@\w{5,32})$/, 'must be a chat id such as -1001234567890 or a public @channelname').optional()),
  TELEGRAM_WEBHOOK_SECRET: optionalText.pipe(z.string().regex(/^[A-Za-z0-9_-]{16,256}$/, 'must be 16 to 256 characters of A-Z, a-z, 0-9, _ and -').optional()),
  TELEGRAM_API_ROOT: z.string().url().default('https://api.telegram.org'),
  TELEGRAM_SET_WEBHOOK: bool.default(false),
  // Paid community (issue 27): the desk's private Telegram chat where the bot is an administrator
  TELEGRAM_PAID_CHAT_ID: optionalText.pipe(z.string().regex(/^-?\d{1,20}$/, 'must be the chat\'s numeric id, such as -1001234567890').optional()),
  // … and a Discord bot, the server, the subscriber role and the OAuth2 application (all five together)
  DISCORD_BOT_TOKEN: optionalText,
  DISCORD_GUILD_ID: optionalText.pipe(z.string().regex(/^\d{5,25}$/, 'must be the server\'s numeric id').optional()),
  DISCORD_SUBSCRIBER_ROLE_ID: optionalText.pipe(z.string().regex(/^\d{5,25}$/, 'must be the role\'s numeric id').optional()),
  DISCORD_CLIENT_ID: optionalText.pipe(z.string().regex(/^\d{5,25}$/, 'must be the application\'s numeric id').optional()),
  DISCORD_CLIENT_SECRET: optionalText,
  // How often queued community actions are looked for, and the reconciliation's interval (daily)
  COMMUNITY_TASKS_EVERY_MS: z.coerce.number().int().min(500).default(5_000),
  COMMUNITY_SYNC_EVERY_MS: z.coerce.number().int().min(60_000).default(24 * 60 * 60 * 1000),
  // Web push (VAPID): keys generated once under DATA_DIR when not set; WEB_PUSH=false turns it off
  WEB_PUSH: bool.default(true),
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: optionalText,
  // The record's Ed25519 key (PEM or base64 PKCS#8): signs checkpoints of the signal event chain.
  // Generated once under DATA_DIR (record-signing-key.pem, mode 0600) when not set.
  RECORD_SIGNING_KEY: optionalText,
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Where migrations run: MIGRATION_DATABASE_URL (the owner role), else DATABASE_URL. */
  migrationDatabaseUrl: string | undefined;
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
  /** TradingView alerts one alert source may post per minute (429 past it). */
  inboundAlertsPerMinute: number;
  /** Failed passwords per account from any address, and the growing delays past them. */
  authAccountBudget: { failures: number; windowSeconds: number; baseDelaySeconds: number; maxDelaySeconds: number };
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
  /** Open live streams per client address at most (a 429 past it). */
  liveMaxStreamsPerAddress: number;
  /**
   * Tests only (not read from the environment): how often the live hub checks its streams'
   * credentials (default LIVE_PING_MS) and how long a stream waits for a client that does not read.
   */
  liveCheckEveryMs?: number;
  liveDrainTimeoutMs?: number;
  delivery: {
    webhooksEnabled: boolean;
    allowPrivate: boolean;
    timeoutMs: number;
    retryScheduleMs: number[];
    discordEnabled: boolean;
    discordApiBase: string;
    deskDiscordUrl: string | undefined;
    /** Web push's VAPID keys and contact, or why the channel is off ("not configured"). */
    webPush: WebPushSettings;
  };
  /** Telegram, when TELEGRAM_BOT_TOKEN is set (it stays "not configured" without the webhook secret). */
  telegram: TelegramConfig | undefined;
  /** The paid Telegram chat and the Discord subscriber role (issue 27). */
  community: CommunityConfig;
  /** The record's Ed25519 signing key (RECORD_SIGNING_KEY, or generated under DATA_DIR). */
  /** `ephemeral`: DATA_DIR could not keep a generated key; checkpoints signed before a restart then name another key. */
  recordSigningKey: { key: KeyObject; source: 'setting' | 'generated' | 'kept' | 'ephemeral'; file?: string };
}

export interface CommunityConfig {
  /** TELEGRAM_PAID_CHAT_ID: needs the Telegram bot (token and webhook secret). */
  telegramPaidChatId: string | undefined;
  discord: DiscordCommunityConfig | undefined;
  tasksEveryMs: number;
  syncEveryMs: number;
}

export interface DiscordCommunityConfig {
  botToken: string;
  guildId: string;
  roleId: string;
  clientId: string;
  clientSecret: string;
  /** DISCORD_API_BASE: the REST API is under `/api`, the authorisation page under `/oauth2`. */
  apiBase: string;
}

const DISCORD_COMMUNITY_KEYS = ['DISCORD_BOT_TOKEN', 'DISCORD_GUILD_ID', 'DISCORD_SUBSCRIBER_ROLE_ID', 'DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET'] as const;

function communityConfig(e: Env): CommunityConfig {
  const set = DISCORD_COMMUNITY_KEYS.filter((k) => e[k] !== undefined);
  if (set.length > 0 && set.length < DISCORD_COMMUNITY_KEYS.length) {
    const missing = DISCORD_COMMUNITY_KEYS.filter((k) => e[k] === undefined);
    throw new Error(`Invalid setting ${missing[0]}: the paid Discord access needs ${DISCORD_COMMUNITY_KEYS.join(', ')} together (missing ${missing.join(', ')})`);
  }
  if (e.TELEGRAM_PAID_CHAT_ID && !(e.TELEGRAM_BOT_TOKEN && e.TELEGRAM_WEBHOOK_SECRET)) {
    throw new Error('Invalid setting TELEGRAM_PAID_CHAT_ID: the paid chat needs the Telegram bot (TELEGRAM_BOT_TOKEN and TELEGRAM_WEBHOOK_SECRET)');
  }
  return {
    telegramPaidChatId: e.TELEGRAM_PAID_CHAT_ID,
    discord:
      set.length > 0
        ? {
            botToken: e.DISCORD_BOT_TOKEN!,
            guildId: e.DISCORD_GUILD_ID!,
            roleId: e.DISCORD_SUBSCRIBER_ROLE_ID!,
            clientId: e.DISCORD_CLIENT_ID!,
            clientSecret: e.DISCORD_CLIENT_SECRET!,
            apiBase: e.DISCORD_API_BASE.replace(/\/$/, ''),
          }
        : undefined,
    tasksEveryMs: e.COMMUNITY_TASKS_EVERY_MS,
    syncEveryMs: e.COMMUNITY_SYNC_EVERY_MS,
  };
}

export interface TelegramConfig {
  token: string;
  /** Without "@"; read once with getMe when not set. */
  username: string | undefined;
  /** The desk's own channel, or undefined. */
  channelId: string | undefined;
  /** Telegram sends it as X-Telegram-Bot-Api-Secret-Token with every update. */
  webhookSecret: string | undefined;
  apiRoot: string;
  /** Call setWebhook at start-up with PUBLIC_URL. */
  setWebhook: boolean;
}

export type WebPushSettings =
  | { enabled: true; publicKey: string; privateKey: string; subject: string; generated: boolean }
  | { enabled: false; reason: string };

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
 * The record's signing key: RECORD_SIGNING_KEY when set, otherwise the one kept under DATA_DIR
 * (`record-signing-key.pem`, mode 0600), generated on first start.
 */
function recordSigningKey(setting: string | undefined, dataDir: string): Config['recordSigningKey'] {
  if (setting) return { key: parseRecordKey(setting), source: 'setting' };
  const file = path.join(dataDir, 'record-signing-key.pem');
  if (existsSync(file)) return { key: parseRecordKey(readFileSync(file, 'utf8'), file), source: 'kept', file };
  const pem = newRecordKeyPem();
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, pem, { mode: 0o600 });
  } catch {
    // Not kept: this process signs with a key of its own (the start-up log says so).
    return { key: parseRecordKey(pem), source: 'ephemeral', file };
  }
  return { key: parseRecordKey(pem, file), source: 'generated', file };
}

const VAPID_KEY = /^[A-Za-z0-9_-]+$/;
const keyBytes = (key: string) => (VAPID_KEY.test(key) ? Buffer.from(key, 'base64url').length : 0);

/** Keeps a generated VAPID key pair under DATA_DIR (`vapid-keys.json`, mode 0600); null when it cannot. */
function generatedVapidKeys(dataDir: string): { publicKey: string; privateKey: string } | null {
  const file = path.join(dataDir, 'vapid-keys.json');
  const read = () => {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    const ok = typeof kept.publicKey === 'string' && typeof kept.privateKey === 'string' && keyBytes(kept.publicKey) === 65 && keyBytes(kept.privateKey) === 32;
    return ok ? { publicKey: kept.publicKey as string, privateKey: kept.privateKey as string } : null;
  };
  try {
    if (existsSync(file)) return read();
    mkdirSync(dataDir, { recursive: true });
    // P-256: public uncompressed (65 bytes), private 32 bytes, both base64url.
    const keys = webpush.generateVAPIDKeys();
    try {
      // `wx`: two processes starting at once do not overwrite each other's pair.
      writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return read();
      throw err;
    }
    return keys;
  } catch {
    return null;
  }
}

/** The address inside `Name <address>` (or the text itself when it is one). */
const addressOf = (from: string) => /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? (/^[^<>\s]+@[^<>\s]+$/.test(from.trim()) ? from.trim() : undefined);

/**
 * Web push settings: the given VAPID keys (both, or neither), else a pair generated once under
 * DATA_DIR. A DATA_DIR that cannot be written leaves the channel "not configured", never an error.
 */
function webPushSettings(e: Env, dataDir: string, publicUrl: string): WebPushSettings {
  if (!e.WEB_PUSH) return { enabled: false, reason: 'WEB_PUSH=false' };
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) throw new Error('Invalid setting VAPID_PUBLIC_KEY: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together (npx web-push generate-vapid-keys)');
  if (e.VAPID_PUBLIC_KEY && keyBytes(e.VAPID_PUBLIC_KEY) !== 65) throw new Error('Invalid setting VAPID_PUBLIC_KEY: a P-256 public key, 65 bytes in URL-safe base64 without "="');
  if (e.VAPID_PRIVATE_KEY && keyBytes(e.VAPID_PRIVATE_KEY) !== 32) throw new Error('Invalid setting VAPID_PRIVATE_KEY: a P-256 private key, 32 bytes in URL-safe base64 without "="');
  let subject = e.VAPID_SUBJECT;
  if (subject && !/^mailto:[^\s@]+@[^\s@]+$/.test(subject) && !/^https:\/\/[^\s]+$/.test(subject)) {
    throw new Error('Invalid setting VAPID_SUBJECT: a mailto: address or an https:// URL');
  }
  const contact = addressOf(e.SUPPORT_EMAIL ?? '') ?? addressOf(e.MAIL_FROM);
  subject ??= contact ? `mailto:${contact}` : publicUrl.startsWith('https://') ? publicUrl : `mailto:support@${new URL(publicUrl).hostname}`;
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY) return { enabled: true, publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject, generated: false };
  const kept = generatedVapidKeys(dataDir);
  if (!kept) return { enabled: false, reason: `no VAPID keys set and none can be kept in ${path.join(dataDir, 'vapid-keys.json')}` };
  return { enabled: true, ...kept, subject, generated: true };
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
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL ?? e.DATABASE_URL,
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
    seedDemo: e.SEED_DEMO ?? !isProduction,
    trustProxy: e.TRUST_PROXY,
    rateLimitAuthPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
    rateLimitAuthAccountPerMinute: e.RATE_LIMIT_AUTH_ACCOUNT_PER_MINUTE,
    inboundAlertsPerMinute: e.INBOUND_ALERTS_PER_MINUTE,
    authAccountBudget: {
      failures: e.AUTH_ACCOUNT_FAILURES,
      windowSeconds: e.AUTH_ACCOUNT_FAILURE_WINDOW_SECONDS,
      baseDelaySeconds: e.AUTH_ACCOUNT_DELAY_BASE_SECONDS,
      maxDelaySeconds: Math.max(e.AUTH_ACCOUNT_DELAY_MAX_SECONDS, e.AUTH_ACCOUNT_DELAY_BASE_SECONDS),
    },
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist'),
    stripe,
    localCheckout: e.LOCAL_CHECKOUT ?? !isProduction,
    adminRequire2fa: e.ADMIN_REQUIRE_2FA ?? isProduction,
    s3: e.S3_BUCKET
      ? { bucket: e.S3_BUCKET, endpoint: e.S3_ENDPOINT, region: e.S3_REGION, accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY, forcePathStyle: e.S3_FORCE_PATH_STYLE }
      : undefined,
    priceFeed: { kind: e.PRICE_FEED, key: e.PRICE_FEED_KEY, url: e.PRICE_FEED_URL, refreshMs: e.PRICE_REFRESH_MS, history: e.PRICE_HISTORY },
    liveMaxStreams: e.LIVE_MAX_STREAMS,
    liveMaxStreamsPerAddress: e.LIVE_MAX_STREAMS_PER_ADDRESS,
    delivery: {
      webhooksEnabled: e.WEBHOOKS_ENABLED,
      allowPrivate: e.WEBHOOKS_ALLOW_PRIVATE,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      retryScheduleMs: e.DELIVERY_RETRY_SCHEDULE_MS,
      discordEnabled: e.DISCORD_ENABLED,
      discordApiBase: e.DISCORD_API_BASE.replace(/\/$/, ''),
      deskDiscordUrl: e.DISCORD_DESK_WEBHOOK_URL,
      webPush: webPushSettings(e, dataDir, publicUrl),
    },
    telegram: e.TELEGRAM_BOT_TOKEN
      ? {
          token: e.TELEGRAM_BOT_TOKEN,
          username: e.TELEGRAM_BOT_USERNAME?.replace(/^@/, ''),
          channelId: e.TELEGRAM_CHANNEL_ID,
          webhookSecret: e.TELEGRAM_WEBHOOK_SECRET,
          apiRoot: e.TELEGRAM_API_ROOT.replace(/\/$/, ''),
          setWebhook: e.TELEGRAM_SET_WEBHOOK,
        }
      : undefined,
    community: communityConfig(e),
    recordSigningKey: recordSigningKey(e.RECORD_SIGNING_KEY, dataDir),
  };
}
