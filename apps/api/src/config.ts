import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: optionalText,
  DATA_DIR: optionalText,
  SESSION_SECRET: optionalText,
  ADMIN_EMAILS: z.string().default(''),
  PUBLIC_URL: optionalText,
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('T0 Terminal <no-reply@t0-terminal.local>'),
  SUPPORT_EMAIL: optionalText,
  EDUCATION_URL: z.string().default('https://www.babypips.com/learn/forex'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool.default(true),
  TRUST_PROXY: bool.default(false),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().positive().default(20),
  WEB_DIST: optionalText,
  // Payments (Stripe when all three are set; the local test-mode checkout otherwise)
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PRICE_MONTHLY: optionalText,
  STRIPE_PRICE_YEARLY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  // The local test-mode checkout grants subscriptions without payment: on by default outside production only.
  LOCAL_CHECKOUT: bool.optional(),
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
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string;
  adminEmails: string[];
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  educationUrl: string;
  logLevel: Env['LOG_LEVEL'];
  seedDemo: boolean;
  trustProxy: boolean;
  rateLimitAuthPerMinute: number;
  webDist: string;
  stripe: { secretKey: string; priceMonthly: string; priceYearly?: string | undefined; webhookSecret: string } | undefined;
  /** Whether the local test-mode checkout may be used when Stripe is not configured. */
  localCheckout: boolean;
  s3:
    | { bucket: string; endpoint?: string | undefined; region: string; accessKeyId?: string | undefined; secretAccessKey?: string | undefined; forcePathStyle: boolean }
    | undefined;
  priceFeed: { kind: Env['PRICE_FEED']; key?: string | undefined; url?: string | undefined; refreshMs: number };
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
  if (e.SESSION_SECRET && e.SESSION_SECRET.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters');
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const stripe =
    e.STRIPE_SECRET_KEY && e.STRIPE_PRICE_MONTHLY && e.STRIPE_WEBHOOK_SECRET
      ? { secretKey: e.STRIPE_SECRET_KEY, priceMonthly: e.STRIPE_PRICE_MONTHLY, priceYearly: e.STRIPE_PRICE_YEARLY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
      : undefined;
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    sessionSecret: e.SESSION_SECRET ?? generatedSecret(dataDir),
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
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist'),
    stripe,
    localCheckout: e.LOCAL_CHECKOUT ?? !isProduction,
    s3: e.S3_BUCKET
      ? { bucket: e.S3_BUCKET, endpoint: e.S3_ENDPOINT, region: e.S3_REGION, accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY, forcePathStyle: e.S3_FORCE_PATH_STYLE }
      : undefined,
    priceFeed: { kind: e.PRICE_FEED, key: e.PRICE_FEED_KEY, url: e.PRICE_FEED_URL, refreshMs: e.PRICE_REFRESH_MS },
  };
}
