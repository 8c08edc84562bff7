import type { Database } from '@t0/db';
import type { Kysely } from 'kysely';
import type { ApiTokenScope } from '@t0/contracts/domain/api-tokens/api-tokens';
import { PAST_DUE_GRACE_DAYS_DEFAULT, type PlanPrice } from '@t0/contracts/domain/billing/billing';
import type { User } from '@t0/contracts/schemas/auth/auth';
import { readThrough, type HotReads, type LiveStreams, type Ports, type SessionControl } from '../ports';

/** Attempts allowed per minute: per client address, and per account from one client address. */
export interface AuthLimits {
  perAddress: number;
  perAccount: number;
}

/**
 * Failed passwords per account from any address: past `failures` (with no quiet spell of
 * `windowSeconds` between them) the account's sign-ins are refused with 429 for a delay of
 * `baseDelaySeconds` doubling with each further failure, at most `maxDelaySeconds`, except from
 * an address the account signed in from before (so the owner is never locked out).
 */
export interface AccountBudget {
  failures: number;
  windowSeconds: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
}

/** Settings the procedures need (a narrow view of the server's config). */
export interface AppSettings {
  publicUrl: string;
  adminEmails: string[];
  isProduction: boolean;
  supportEmail: string;
  /** The dashboard's Education Portal link (EDUCATION_URL). */
  educationUrl?: string;
  /** Seeded demo signals count in the track record (SEED_DEMO); default true. */
  includeDemo?: boolean;
  /** Budgets of sign-in, registration and reset attempts (none: not limited, as in jobs and unit tests). */
  authLimits?: AuthLimits;
  /** Failed passwords per account from any address, with growing delays (none: not limited). */
  accountBudget?: AccountBudget;
  /** Plans and billing (absent: no price configured, the default grace period). */
  billing?: BillingSettings;
  /** ADMIN_REQUIRE_2FA: an administrator without a second factor must enrol before using the console. */
  adminRequire2fa?: boolean;
  /** MESSAGES_PER_DAY: messages one subscriber may write to the desk in a day (none: 10). */
  messagesPerDay?: number;
  /** WHOP_WEBHOOK_SECRET is set: Whop's webhook is answered (the console says so). */
  whopWebhook?: boolean;
}

export interface BillingSettings {
  /** Prices from the server's settings (PLAN_MONTHLY_PRICE …): the price without Stripe, the fallback when Stripe does not answer. */
  plans: PlanPrice[];
  /** PAST_DUE_GRACE_DAYS: how long a failed renewal keeps access. */
  pastDueGraceDays: number;
}

export const graceDaysOf = (settings: AppSettings): number =>
  settings.billing?.pastDueGraceDays ?? PAST_DUE_GRACE_DAYS_DEFAULT;

export interface RequestInfo {
  ip: string;
  userAgent: string;
}

export interface Logger {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
}

/** A caller who came with a personal API token (`Authorization: Bearer t0_pat_…`) instead of a session. */
export interface ApiCredential {
  kind: 'token';
  tokenId: number;
  scope: ApiTokenScope;
  /** The owner is an administrator but the token was minted before the second factor was turned on: it acts without the role. */
  adminWithheld?: boolean;
}

export interface Context {
  db: Kysely<Database>;
  /** The signed-in user with effective role facts, or null. */
  user: User | null;
  /** Set when `user` comes from an API token rather than the session (the scope limits what it may call). */
  credential?: ApiCredential;
  ports: Ports;
  settings: AppSettings;
  session: SessionControl;
  request: RequestInfo;
  log: Logger;
  /** The polled reads, kept between changes by the server (read through elsewhere). */
  reads: HotReads;
  /** The process's live streams (absent outside the HTTP server: no subscription then). */
  live?: LiveStreams;
}

const noSession: SessionControl = {
  login: async () => undefined,
  logout: async () => undefined,
  currentId: () => undefined,
  passSecondFactor: async () => undefined,
};
const silent: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The context without HTTP: for tests and jobs. */
export function createInnerContext(
  opts: Pick<Context, 'db' | 'ports' | 'settings'> & Partial<Omit<Context, 'db' | 'ports' | 'settings'>>,
): Context {
  return {
    user: null,
    session: noSession,
    request: { ip: '127.0.0.1', userAgent: 'internal' },
    log: silent,
    reads: readThrough,
    ...opts,
  };
}
