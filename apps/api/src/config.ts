import type { KeyObject } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  INBOUND_ALERTS_PER_MINUTE_DEFAULT,
  PAST_DUE_GRACE_DAYS_DEFAULT,
  parsePriceSetting,
  type PlanPrice,
} from '@t0/contracts';
import { parseRecordKey } from '@t0/server';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root, found from this file whether it runs from src/ or dist/. */
export const REPO_ROOT = path.resolve(here, '../../..');

const bool = z.stringbool({ truthy: ['true', '1', 'yes'], falsy: ['false', '0', 'no'], case: 'sensitive' });
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));
/** A decimal price setting (kept as written; `settingsPlans` turns it into cents). */
const price = (message: string) =>
  optionalText.refine((v) => v === undefined || parsePriceSetting(v) !== undefined, message);

const VAPID_KEY = /^[A-Za-z0-9_-]+$/;
/** The length of a VAPID key in URL-safe base64 without "=" (0 when it is not such text). */
export const keyBytes = (key: string) => (VAPID_KEY.test(key) ? Buffer.from(key, 'base64url').length : 0);

/**
 * Which hops' `X-Forwarded-For` is believed (Fastify's `trustProxy`): none, every hop, the last n
 * hops, or hops from these addresses (CIDR allowed).
 */
export type TrustProxy = boolean | number | string[];

const settingsSchema = z.object({
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
  // Several secrets, comma-separated, for rotation: the first signs, every one is accepted.
  SESSION_SECRET: optionalText.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const secrets = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (secrets.length === 0) ctx.addIssue({ code: 'custom', message: 'must name at least one secret' });
    else if (secrets.some((s) => s.length < 32))
      ctx.addIssue({ code: 'custom', message: 'every secret must be at least 32 characters' });
    return secrets;
  }),
  ADMIN_EMAILS: z.string().default(''),
  PUBLIC_URL: optionalText.refine(
    (v) => v === undefined || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)),
    'must be an http:// or https:// URL, such as https://t0.example',
  ),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('T0 Terminal <no-reply@t0-terminal.local>'),
  SUPPORT_EMAIL: optionalText,
  EDUCATION_URL: z.string().default('https://www.babypips.com/learn/forex'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // argon2id's cost: the library's recommended one, or its lowest for test runs (refused in production).
  PASSWORD_HASH_COST: z.enum(['standard', 'minimal']).default('standard'),
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
      const list = text
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
      const bad = list.find(
        (a) => !isIP(a.split('/')[0] ?? '') || (a.includes('/') && !/^\d{1,3}$/.test(a.split('/')[1] ?? '')),
      );
      if (bad !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `"${bad}" is not an address or address/bits: use false, true, a hop count or a comma-separated list of proxy addresses`,
        });
        return z.NEVER;
      }
      return list;
    }),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_AUTH_ACCOUNT_PER_MINUTE: z.coerce.number().int().positive().default(5),
  INBOUND_ALERTS_PER_MINUTE: z.coerce.number().int().positive().max(10_000).default(INBOUND_ALERTS_PER_MINUTE_DEFAULT),
  // Messages one subscriber may write to the desk in a day (docs/features/messages.md).
  MESSAGES_PER_DAY: z.coerce.number().int().positive().max(10_000).default(10),
  // How long a link to a desk thread's image is valid, in minutes (docs/features/messages.md).
  MESSAGE_IMAGE_LINK_MINUTES: z.coerce.number().int().positive().max(1440).default(10),
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
  // Whop memberships and payments (docs/features/whop.md): the webhook's signing secret
  WHOP_WEBHOOK_SECRET: optionalText,
  // Plans and price: Stripe's Price when Stripe is configured, else these (decimal, e.g. 49 or 49.90)
  PLAN_MONTHLY_PRICE: price('a price such as 49 or 49.90'),
  PLAN_YEARLY_PRICE: price('a price such as 490 or 490.00'),
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
  // `pnpm backup`: the passphrase backups are encrypted with (kept as given, spaces included)
  BACKUP_PASSPHRASE: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  // `pnpm backup` and `pnpm restore` on PostgreSQL: the folder of pg_dump and pg_restore (else from PATH)
  BACKUP_PG_BIN: optionalText,
  // A backup every this many hours to the S3 storage (PostgreSQL only); unset: none scheduled
  BACKUP_EVERY_HOURS: z.coerce
    .number({ error: 'must be a whole number of hours from 1 to 720' })
    .int('must be a whole number of hours from 1 to 720')
    .min(1, 'must be a whole number of hours from 1 to 720')
    .max(720, 'must be a whole number of hours from 1 to 720')
    .optional(),
  // How many scheduled backups the S3 storage keeps (the oldest beyond it are deleted)
  BACKUP_KEEP: z.coerce
    .number({ error: 'must be a whole number from 1 to 1000' })
    .int('must be a whole number from 1 to 1000')
    .min(1, 'must be a whole number from 1 to 1000')
    .max(1000, 'must be a whole number from 1 to 1000')
    .default(7),
  // GET /metrics (Prometheus) answers `Authorization: Bearer <METRICS_TOKEN>` only; unset: no metrics (404)
  METRICS_TOKEN: optionalText.pipe(
    z
      .string()
      .regex(/^\S{16,512}$/, 'must be 16 to 512 characters without spaces (a random secret)')
      .optional(),
  ),
  // Live streams (tRPC live.events and GET /api/stream) one process serves at most; past it 503
  LIVE_MAX_STREAMS: z.coerce.number().int().positive().default(20_000),
  // Live streams open from one client address at most (a 429 past it)
  LIVE_MAX_STREAMS_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  // Delivery channels: signed webhooks and Discord, on unless turned off
  WEBHOOKS_ENABLED: bool.default(true),
  // Webhook and Discord targets on private, loopback or link-local addresses (and plain http) allowed
  WEBHOOKS_ALLOW_PRIVATE: bool.default(false),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(5_000),
  // Waits between attempts of a failing delivery, comma-separated milliseconds (about a day in all)
  DELIVERY_RETRY_SCHEDULE_MS: z
    .string()
    .default('5000,30000,120000,600000,1800000,3600000,7200000,14400000,28800000,28800000')
    .transform((v, ctx) => {
      const list = v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
        .map(Number);
      if (list.some((n) => !Number.isInteger(n) || n < 0)) {
        ctx.addIssue({ code: 'custom', message: 'must be comma-separated whole milliseconds' });
        return z.NEVER;
      }
      return list;
    }),
  DISCORD_ENABLED: bool.default(true),
  // Where Discord webhook addresses must point (tests point it at a local fake)
  DISCORD_API_BASE: z.string().url().default('https://discord.com'),
  // The desk's own Discord channel: every signal event is posted there too
  DISCORD_DESK_WEBHOOK_URL: optionalText,
  // Telegram: a bot from @BotFather; without a token (and webhook secret) it is "not configured"
  TELEGRAM_BOT_TOKEN: optionalText,
  TELEGRAM_BOT_USERNAME: optionalText.pipe(
    z
      .string()
      .regex(/^@?\w{5,32}$/, "must be the bot's username, such as T0SignalsBot")
      .optional(),
  ),
  TELEGRAM_CHANNEL_ID: optionalText.pipe(
    z
      .string()
      .regex(/^(-?\d{1,20}|@\w{5,32})$/, 'must be a chat id such as -1001234567890 or a public @channelname')
      .optional(),
  ),
  TELEGRAM_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,256}$/, 'must be 16 to 256 characters of A-Z, a-z, 0-9, _ and -')
      .optional(),
  ),
  TELEGRAM_API_ROOT: z.string().url().default('https://api.telegram.org'),
  TELEGRAM_SET_WEBHOOK: bool.default(false),
  // Paid community (docs/features/community.md): the desk's private Telegram chat where the bot is an administrator
  TELEGRAM_PAID_CHAT_ID: optionalText.pipe(
    z
      .string()
      .regex(/^-?\d{1,20}$/, "must be the chat's numeric id, such as -1001234567890")
      .optional(),
  ),
  // … and a Discord bot, the server and the OAuth2 application (all four together), with the
  // subscriber role: the default room's role when the room has none of its own
  DISCORD_BOT_TOKEN: optionalText,
  DISCORD_GUILD_ID: optionalText.pipe(
    z
      .string()
      .regex(/^\d{5,25}$/, "must be the server's numeric id")
      .optional(),
  ),
  DISCORD_SUBSCRIBER_ROLE_ID: optionalText.pipe(
    z
      .string()
      .regex(/^\d{5,25}$/, "must be the role's numeric id")
      .optional(),
  ),
  DISCORD_CLIENT_ID: optionalText.pipe(
    z
      .string()
      .regex(/^\d{5,25}$/, "must be the application's numeric id")
      .optional(),
  ),
  DISCORD_CLIENT_SECRET: optionalText,
  // How often queued community actions are looked for, and the reconciliation's interval (daily)
  COMMUNITY_TASKS_EVERY_MS: z.coerce.number().int().min(500).default(5_000),
  COMMUNITY_SYNC_EVERY_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .default(24 * 60 * 60 * 1000),
  // Web push (VAPID): keys generated once under DATA_DIR when not set; WEB_PUSH=false turns it off
  WEB_PUSH: bool.default(true),
  // (their forms are checked only when web push is on: see RULES)
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: optionalText,
  // The record's Ed25519 key (PEM or base64 PKCS#8): signs checkpoints of the signal event chain.
  // Generated once under DATA_DIR (record-signing-key.pem, mode 0600) when not set.
  RECORD_SIGNING_KEY: optionalText.transform((v, ctx): KeyObject | undefined => {
    if (v === undefined) return undefined;
    try {
      return parseRecordKey(v);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message });
      return z.NEVER;
    }
  }),
});

type Settings = z.output<typeof settingsSchema>;
type SettingName = keyof Settings;

/**
 * Rules between settings. Each runs when the settings it names are valid on their own, so one
 * start reports every invalid setting at once, a rule's problem under the first setting it names.
 */
const DISCORD_COMMUNITY_KEYS = [
  'DISCORD_BOT_TOKEN',
  'DISCORD_GUILD_ID',
  'DISCORD_CLIENT_ID',
  'DISCORD_CLIENT_SECRET',
] as const;

const RULES: { names: SettingName[]; check: (e: Settings) => { name: SettingName; message: string } | undefined }[] = [
  {
    names: ['BACKUP_EVERY_HOURS', 'DATABASE_URL', 'S3_BUCKET', 'BACKUP_PASSPHRASE'],
    check: (e) =>
      e.BACKUP_EVERY_HOURS === undefined
        ? undefined
        : !e.DATABASE_URL
          ? {
              name: 'BACKUP_EVERY_HOURS',
              message:
                'needs DATABASE_URL: the embedded database is backed up with the server stopped (run pnpm backup then)',
            }
          : !e.S3_BUCKET
            ? { name: 'BACKUP_EVERY_HOURS', message: 'needs S3_BUCKET: scheduled backups are kept in the S3 storage' }
            : !e.BACKUP_PASSPHRASE
              ? {
                  name: 'BACKUP_EVERY_HOURS',
                  message: 'needs BACKUP_PASSPHRASE: a scheduled backup is always encrypted',
                }
              : undefined,
  },
  {
    names: ['NODE_ENV', 'SESSION_SECRET'],
    check: (e) =>
      e.NODE_ENV === 'production' && !e.SESSION_SECRET
        ? { name: 'SESSION_SECRET', message: 'is required in production' }
        : undefined,
  },
  {
    names: ['NODE_ENV', 'PASSWORD_HASH_COST'],
    check: (e) =>
      e.NODE_ENV === 'production' && e.PASSWORD_HASH_COST !== 'standard'
        ? { name: 'PASSWORD_HASH_COST', message: 'only standard is allowed in production' }
        : undefined,
  },
  {
    names: ['WEB_PUSH', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'],
    check: (e) =>
      e.WEB_PUSH && Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)
        ? {
            name: e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY',
            message: 'set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together (npx web-push generate-vapid-keys)',
          }
        : undefined,
  },
  {
    names: ['WEB_PUSH', 'VAPID_PUBLIC_KEY'],
    check: (e) =>
      e.WEB_PUSH && e.VAPID_PUBLIC_KEY && keyBytes(e.VAPID_PUBLIC_KEY) !== 65
        ? { name: 'VAPID_PUBLIC_KEY', message: 'a P-256 public key, 65 bytes in URL-safe base64 without "="' }
        : undefined,
  },
  {
    names: ['WEB_PUSH', 'VAPID_PRIVATE_KEY'],
    check: (e) =>
      e.WEB_PUSH && e.VAPID_PRIVATE_KEY && keyBytes(e.VAPID_PRIVATE_KEY) !== 32
        ? { name: 'VAPID_PRIVATE_KEY', message: 'a P-256 private key, 32 bytes in URL-safe base64 without "="' }
        : undefined,
  },
  {
    names: ['WEB_PUSH', 'VAPID_SUBJECT'],
    check: (e) =>
      e.WEB_PUSH &&
      e.VAPID_SUBJECT &&
      !/^mailto:[^\s@]+@[^\s@]+$/.test(e.VAPID_SUBJECT) &&
      !/^https:\/\/[^\s]+$/.test(e.VAPID_SUBJECT)
        ? { name: 'VAPID_SUBJECT', message: 'a mailto: address or an https:// URL' }
        : undefined,
  },
  {
    names: [...DISCORD_COMMUNITY_KEYS],
    check: (e) => {
      const missing = DISCORD_COMMUNITY_KEYS.filter((k) => e[k] === undefined);
      if (missing.length === 0 || missing.length === DISCORD_COMMUNITY_KEYS.length) return undefined;
      return {
        name: missing[0]!,
        message: `the paid Discord access needs ${DISCORD_COMMUNITY_KEYS.join(', ')} together (missing ${missing.join(', ')})`,
      };
    },
  },
  {
    names: ['DISCORD_SUBSCRIBER_ROLE_ID', 'DISCORD_BOT_TOKEN'],
    check: (e) =>
      e.DISCORD_SUBSCRIBER_ROLE_ID && !e.DISCORD_BOT_TOKEN
        ? {
            name: 'DISCORD_SUBSCRIBER_ROLE_ID',
            message: `the subscriber role needs the paid Discord access (${DISCORD_COMMUNITY_KEYS.join(', ')})`,
          }
        : undefined,
  },
  {
    names: ['TELEGRAM_PAID_CHAT_ID', 'TELEGRAM_BOT_TOKEN', 'TELEGRAM_WEBHOOK_SECRET'],
    check: (e) =>
      e.TELEGRAM_PAID_CHAT_ID && !(e.TELEGRAM_BOT_TOKEN && e.TELEGRAM_WEBHOOK_SECRET)
        ? {
            name: 'TELEGRAM_PAID_CHAT_ID',
            message: 'the paid chat needs the Telegram bot (TELEGRAM_BOT_TOKEN and TELEGRAM_WEBHOOK_SECRET)',
          }
        : undefined,
  },
];

const checkedSettings = RULES.reduce<z.ZodType<Settings, unknown>>(
  (schema, rule) =>
    schema.superRefine(
      (e, ctx) => {
        const problem = rule.check(e);
        if (problem) ctx.addIssue({ code: 'custom', path: [problem.name], message: problem.message });
      },
      // Only when the settings it reads are valid (their own problems are reported instead).
      { when: (payload) => !payload.issues.some((i) => rule.names.includes(i.path?.[0] as SettingName)) },
    ),
  settingsSchema,
);

/** The address inside `Name <address>` (or the text itself when it is one). */
const addressOf = (from: string) =>
  /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? (/^[^<>\s]+@[^<>\s]+$/.test(from.trim()) ? from.trim() : undefined);

/**
 * Web push as the settings give it: off, or on with the settings' keys or (`keys` undefined) a
 * pair kept under DATA_DIR, made by `ensureKeyFiles` at start-up.
 */
function webPushSetting(e: Settings, publicUrl: string) {
  if (!e.WEB_PUSH) return { enabled: false as const, reason: 'WEB_PUSH=false' };
  const contact = addressOf(e.SUPPORT_EMAIL ?? '') ?? addressOf(e.MAIL_FROM);
  const subject =
    e.VAPID_SUBJECT ??
    (contact
      ? `mailto:${contact}`
      : publicUrl.startsWith('https://')
        ? publicUrl
        : `mailto:support@${new URL(publicUrl).hostname}`);
  const keys =
    e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
      ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
      : undefined;
  return { enabled: true as const, subject, keys };
}

/**
 * The plans priced by the settings. Without Stripe the monthly plan costs 49 unless
 * PLAN_MONTHLY_PRICE says otherwise; with Stripe only prices set explicitly serve as the fallback.
 */
function settingsPlans(e: Settings, hasStripe: boolean): PlanPrice[] {
  const monthly = parsePriceSetting(e.PLAN_MONTHLY_PRICE ?? (hasStripe ? undefined : '49'));
  const yearly = parsePriceSetting(e.PLAN_YEARLY_PRICE);
  const plans: PlanPrice[] = [];
  if (monthly !== undefined)
    plans.push({ plan: 'monthly', amountCents: monthly, currency: e.PLAN_CURRENCY, interval: 'month' });
  if (yearly !== undefined)
    plans.push({ plan: 'yearly', amountCents: yearly, currency: e.PLAN_CURRENCY, interval: 'year' });
  return plans;
}

function communityConfig(e: Settings) {
  const discord = e.DISCORD_BOT_TOKEN
    ? {
        botToken: e.DISCORD_BOT_TOKEN,
        guildId: e.DISCORD_GUILD_ID!,
        /** DISCORD_SUBSCRIBER_ROLE_ID: the default room's role when it has none of its own (rooms set theirs in the console). */
        roleId: e.DISCORD_SUBSCRIBER_ROLE_ID ?? null,
        clientId: e.DISCORD_CLIENT_ID!,
        clientSecret: e.DISCORD_CLIENT_SECRET!,
        /** DISCORD_API_BASE: the REST API is under `/api`, the authorisation page under `/oauth2`. */
        apiBase: e.DISCORD_API_BASE.replace(/\/$/, ''),
      }
    : undefined;
  return {
    /** TELEGRAM_PAID_CHAT_ID: the default room's chat when it has none of its own; needs the Telegram bot (token and webhook secret). */
    telegramPaidChatId: e.TELEGRAM_PAID_CHAT_ID,
    discord,
    tasksEveryMs: e.COMMUNITY_TASKS_EVERY_MS,
    syncEveryMs: e.COMMUNITY_SYNC_EVERY_MS,
  };
}

/** What the settings say, shaped for the code that reads them. The `Config` type is its output. */
const configSchema = checkedSettings.transform((e) => {
  const isProduction = e.NODE_ENV === 'production';
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const stripe =
    e.STRIPE_SECRET_KEY && e.STRIPE_PRICE_MONTHLY && e.STRIPE_WEBHOOK_SECRET
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          priceMonthly: e.STRIPE_PRICE_MONTHLY,
          priceYearly: e.STRIPE_PRICE_YEARLY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
        }
      : undefined;
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    // Outside production the server is for this machine only (test helpers grant subscriptions).
    host: e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl: e.DATABASE_URL,
    /** Where migrations run: MIGRATION_DATABASE_URL (the owner role), else DATABASE_URL. */
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL ?? e.DATABASE_URL,
    // Relative to where the command runs; by default the repository's data/ folder.
    dataDir: e.DATA_DIR ? path.resolve(e.DATA_DIR) : path.join(REPO_ROOT, 'data'),
    /** PostgreSQL: longest statement and longest connection set-up before a 503. */
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    /** Longest a request (with its body) may take to arrive before its connection is dropped. */
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    /**
     * SESSION_SECRET: the first signs new session cookies; all of them are accepted (rotation).
     * Empty when not set: `ensureKeyFiles` keeps one under DATA_DIR (`keys.sessionSecrets`).
     */
    sessionSecrets: e.SESSION_SECRET ?? [],
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL ?? `support@${new URL(publicUrl).hostname}`,
    educationUrl: e.EDUCATION_URL,
    logLevel: e.LOG_LEVEL,
    /** argon2id at the recommended cost, or at its lowest (tests only; refused in production). */
    passwordHashCost: e.PASSWORD_HASH_COST,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    trustProxy: e.TRUST_PROXY,
    /** Sign-in, registration and reset attempts per client address (IPv6: per /64) per minute. */
    rateLimitAuthPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
    /** The same attempts per account from one client address per minute. */
    rateLimitAuthAccountPerMinute: e.RATE_LIMIT_AUTH_ACCOUNT_PER_MINUTE,
    /** TradingView alerts one alert source may post per minute (429 past it). */
    inboundAlertsPerMinute: e.INBOUND_ALERTS_PER_MINUTE,
    /** Messages one subscriber may write to the desk per day (429 past it). */
    messagesPerDay: e.MESSAGES_PER_DAY,
    /** Minutes a link to a desk thread's image, bound to its viewer, is valid. */
    messageImageLinkMinutes: e.MESSAGE_IMAGE_LINK_MINUTES,
    /** Failed passwords per account from any address, and the growing delays past them. */
    authAccountBudget: {
      failures: e.AUTH_ACCOUNT_FAILURES,
      windowSeconds: e.AUTH_ACCOUNT_FAILURE_WINDOW_SECONDS,
      baseDelaySeconds: e.AUTH_ACCOUNT_DELAY_BASE_SECONDS,
      maxDelaySeconds: Math.max(e.AUTH_ACCOUNT_DELAY_MAX_SECONDS, e.AUTH_ACCOUNT_DELAY_BASE_SECONDS),
    },
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist'),
    stripe,
    /** WHOP_WEBHOOK_SECRET: Whop's memberships and payments through `POST /api/webhooks/whop` (docs/features/whop.md). */
    whop: e.WHOP_WEBHOOK_SECRET ? { webhookSecret: e.WHOP_WEBHOOK_SECRET } : undefined,
    /** Prices from the settings (Stripe's Price wins when configured) and the past-due grace period. */
    billing: { plans: settingsPlans(e, stripe !== undefined), pastDueGraceDays: e.PAST_DUE_GRACE_DAYS },
    /** Whether the local test-mode checkout may be used when Stripe is not configured. */
    localCheckout: e.LOCAL_CHECKOUT ?? !isProduction,
    /** Administrators without a second factor are sent to enrolment before the console (ADMIN_REQUIRE_2FA). */
    adminRequire2fa: e.ADMIN_REQUIRE_2FA ?? isProduction,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    priceFeed: {
      kind: e.PRICE_FEED,
      key: e.PRICE_FEED_KEY,
      url: e.PRICE_FEED_URL,
      refreshMs: e.PRICE_REFRESH_MS,
      history: e.PRICE_HISTORY,
    },
    /** METRICS_TOKEN: `GET /metrics` for this bearer token; undefined: no metrics are kept or served. */
    metricsToken: e.METRICS_TOKEN,
    /** BACKUP_PASSPHRASE: `pnpm backup` encrypts with it (AES-256-GCM, key through scrypt); `pnpm restore` decrypts. */
    backupPassphrase: e.BACKUP_PASSPHRASE,
    /** BACKUP_PG_BIN: where pg_dump and pg_restore are (of the server's major version or newer); unset: PATH. */
    backupPgBin: e.BACKUP_PG_BIN,
    /** BACKUP_EVERY_HOURS and BACKUP_KEEP: scheduled backups to the S3 storage (PostgreSQL), or null. */
    scheduledBackups:
      e.BACKUP_EVERY_HOURS === undefined ? null : { everyHours: e.BACKUP_EVERY_HOURS, keep: e.BACKUP_KEEP },
    /** Open live streams per process at most (a 503 past it). */
    liveMaxStreams: e.LIVE_MAX_STREAMS,
    /** Open live streams per client address at most (a 429 past it). */
    liveMaxStreamsPerAddress: e.LIVE_MAX_STREAMS_PER_ADDRESS,
    delivery: {
      webhooksEnabled: e.WEBHOOKS_ENABLED,
      allowPrivate: e.WEBHOOKS_ALLOW_PRIVATE,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      retryScheduleMs: e.DELIVERY_RETRY_SCHEDULE_MS,
      discordEnabled: e.DISCORD_ENABLED,
      discordApiBase: e.DISCORD_API_BASE.replace(/\/$/, ''),
      deskDiscordUrl: e.DISCORD_DESK_WEBHOOK_URL,
      /** Web push: off, or on with its contact and the settings' VAPID keys (or none: kept under DATA_DIR). */
      webPush: webPushSetting(e, publicUrl),
    },
    /** Telegram, when TELEGRAM_BOT_TOKEN is set (it stays "not configured" without the webhook secret). */
    telegram: e.TELEGRAM_BOT_TOKEN
      ? {
          token: e.TELEGRAM_BOT_TOKEN,
          /** Without "@"; read once with getMe when not set. */
          username: e.TELEGRAM_BOT_USERNAME?.replace(/^@/, ''),
          /** The desk's own channel, or undefined. */
          channelId: e.TELEGRAM_CHANNEL_ID,
          /** Telegram sends it as X-Telegram-Bot-Api-Secret-Token with every update. */
          webhookSecret: e.TELEGRAM_WEBHOOK_SECRET,
          apiRoot: e.TELEGRAM_API_ROOT.replace(/\/$/, ''),
          /** Call setWebhook at start-up with PUBLIC_URL. */
          setWebhook: e.TELEGRAM_SET_WEBHOOK,
        }
      : undefined,
    /** The paid Telegram chat and the Discord subscriber role (docs/features/community.md). */
    community: communityConfig(e),
    /** RECORD_SIGNING_KEY, parsed; undefined: `ensureKeyFiles` keeps one under DATA_DIR. */
    recordSigningKey: e.RECORD_SIGNING_KEY,
  };
});

/**
 * Tests only (not read from the environment): how often the live hub checks its streams'
 * credentials (default LIVE_PING_MS) and how long a stream waits for a client that does not read.
 */
interface TestTimings {
  liveCheckEveryMs?: number;
  liveDrainTimeoutMs?: number;
}

/** Every setting, as the code reads it (the schema's output: there is no second description of it). */
export type Config = z.output<typeof configSchema> & TestTimings;
export type TelegramConfig = NonNullable<Config['telegram']>;
export type CommunityConfig = Config['community'];
export type DiscordCommunityConfig = NonNullable<CommunityConfig['discord']>;

/** One or more invalid settings: `problems` names each one, the message lists them all. */
export class ConfigError extends Error {
  constructor(readonly problems: { setting: string; message: string }[]) {
    super(problems.map((p) => `Invalid setting ${p.setting}: ${p.message}`).join('\n'));
    this.name = 'ConfigError';
  }
}

/**
 * Every setting, read once, from `source` alone: no file is read or written (the keys kept under
 * DATA_DIR are the start-up's business, `ensureKeyFiles`). `process.env` is read nowhere else.
 * Throws a `ConfigError` listing every invalid setting.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => ({
        setting: (i.path ?? []).map(String).join('.') || '(settings)',
        message: i.message,
      })),
    );
  }
  return parsed.data;
}
