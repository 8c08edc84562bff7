import { ACTIVITY_RECENT_MS, ACTIVITY_WEEK_MS, BLOG_ADMIN_PREVIEW_CHARS } from '../common/constants';
import { dateLocale } from '../common/format';
import type { Language } from '../languages/languages';
import { formatSignalPrice } from '../prices/prices';

// Pure rules of the administrator console (its tabs, form defaults, subscriber activity, validation and
// limits), tested beside this file.

// ── Subscriber monitoring ────────────────────────────────────────────────────────────────────

export type ActivityClass = 'recent' | 'week' | 'inactive' | 'never';

export const ACTIVITY_LABELS: Record<ActivityClass, string> = {
  recent: 'Online Recently',
  week: 'Active This Week',
  inactive: 'Inactive',
  never: 'No Login Data',
};

/** Within 24 hours: recent; within 7 days: week; older: inactive; no login at all: never. */
export function activityClass(lastLoginAt: string | Date | null | undefined, now: Date = new Date()): ActivityClass {
  if (lastLoginAt === null || lastLoginAt === undefined || lastLoginAt === '') return 'never';
  const at = new Date(lastLoginAt).getTime();
  if (Number.isNaN(at)) return 'never';
  const age = now.getTime() - at;
  if (age <= ACTIVITY_RECENT_MS) return 'recent';
  if (age <= ACTIVITY_WEEK_MS) return 'week';
  return 'inactive';
}

export interface MonitoredUser {
  hasActiveSubscription: boolean;
  isAdmin?: boolean;
  lastLoginAt: string | null;
  stripeCustomerId: string | null;
}

/**
 * Paying subscribers the monitoring table lists. An administrator counts as subscribed by role
 * alone; one is listed only when the account also holds an active subscription of its own.
 */
export function activePaidSubscribers<T extends MonitoredUser & { subscriptionStatus?: string | null }>(
  users: readonly T[],
): T[] {
  return users.filter((u) => u.hasActiveSubscription && (!u.isAdmin || isActiveStatus(u.subscriptionStatus)));
}

/** Login Rate: active subscribers who have logged in ÷ all active subscribers, as a whole percentage. */
export function loginRate(subscribers: readonly Pick<MonitoredUser, 'lastLoginAt'>[]): number {
  if (subscribers.length === 0) return 0;
  const logged = subscribers.filter((u) => activityClass(u.lastLoginAt) !== 'never').length;
  return Math.round((logged / subscribers.length) * 100);
}

export interface SubscriberSummary {
  total: number;
  activeToday: number;
  neverLogged: number;
  stripeConnected: number;
  /** Percentage, 0–100. */
  loginRate: number;
}

/** The summary tiles under the monitoring table: Active Today, Never Logged, Stripe Connected, Login Rate. */
export function subscriberSummary(subscribers: readonly MonitoredUser[], now: Date = new Date()): SubscriberSummary {
  const classes = subscribers.map((u) => activityClass(u.lastLoginAt, now));
  return {
    total: subscribers.length,
    activeToday: classes.filter((c) => c === 'recent').length,
    neverLogged: classes.filter((c) => c === 'never').length,
    stripeConnected: subscribers.filter((u) => Boolean(u.stripeCustomerId)).length,
    loginRate: loginRate(subscribers),
  };
}

/** Subscription status display: `active` is good (green), anything else is bad (red). */
export const isActiveStatus = (status: string | null | undefined) => String(status ?? '').toLowerCase() === 'active';

/** A delivery row: `sent` is shown as sent, any other value as failed. */
export const deliveryStatusLabel = (status: string | null | undefined): 'sent' | 'failed' =>
  String(status ?? '').toLowerCase() === 'sent' ? 'sent' : 'failed';

// ── Content previews ─────────────────────────────────────────────────────────────────────────

/** The blog list's content preview: the first 200 characters, followed by an ellipsis when cut. */
export function contentPreview(text: string | null | undefined, max: number = BLOG_ADMIN_PREVIEW_CHARS): string {
  const value = String(text ?? '');
  // Cut by code points so an emoji or accented letter is never split in half.
  const chars = Array.from(value);
  if (chars.length <= max) return value;
  return `${chars.slice(0, max).join('')}...`;
}

export interface AnalysisPreview {
  /** Length of the analysis text in characters. */
  characters: number;
  /** Non-empty lines of the key-levels field. */
  keyLevelLines: number;
  /** Risk parameters count as configured once the risk-management field has text. */
  riskParameters: 'configured' | 'pending';
}

/** The preview panel of the console's analysis tab. */
export function analysisPreview(memo: {
  memoText?: string | null;
  keyLevels?: string | null;
  riskManagement?: string | null;
}): AnalysisPreview {
  const text = memo.memoText ?? '';
  return {
    characters: Array.from(text).length,
    keyLevelLines: String(memo.keyLevels ?? '')
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '').length,
    riskParameters: String(memo.riskManagement ?? '').trim() === '' ? 'pending' : 'configured',
  };
}

// ── Signal form ──────────────────────────────────────────────────────────────────────────────

export const SIGNAL_PRICE_FIELDS = ['entryPrice', 'slPrice', 't0Price', 't1Price'] as const;
export type SignalPriceField = (typeof SIGNAL_PRICE_FIELDS)[number];
/** The console signal form's price inputs step by 0.00001 (prices are stored with 5 decimals). */
export const SIGNAL_PRICE_STEP = 0.00001;

/**
 * Prices as the console sends them: AUDUSD and GBPUSD formatted to 5 decimals, the others as typed.
 * Empty fields stay empty so the server answers with the field's "is required" message.
 */
export function formatSignalPrices<T extends Partial<Record<SignalPriceField, string | number>>>(
  instrument: string,
  values: T,
): T {
  const out: Record<string, unknown> = { ...values };
  for (const field of SIGNAL_PRICE_FIELDS) {
    const v = values[field];
    if (v === undefined || v === null || String(v).trim() === '') continue;
    out[field] = formatSignalPrice(instrument, typeof v === 'string' ? v.trim() : v);
  }
  return out as T;
}

// ── Notifications (history tab) ──────────────────────────────────────────────────────────────

/** The history tab's filter: free text over title and message (case-insensitive), and an exact type. */
export function filterNotifications<T extends { title: string; message: string; type: string }>(
  list: readonly T[],
  search: string,
  type: string | 'all',
): T[] {
  const needle = search.trim().toLowerCase();
  return list.filter((n) => {
    if (type !== 'all' && n.type !== type) return false;
    if (!needle) return true;
    return n.title.toLowerCase().includes(needle) || n.message.toLowerCase().includes(needle);
  });
}

// ── Upload dialog ────────────────────────────────────────────────────────────────────────────

/**
 * A stored file's address in the `/objects/{path}` form the console saves after an upload: a full or
 * signed storage URL is cut to its `/objects/...` path; a bare path gets the prefix.
 */
export function toObjectPath(url: string): string {
  let pathname = url;
  try {
    pathname = new URL(url, 'http://local.invalid').pathname;
  } catch {
    pathname = url.split('?')[0] ?? url;
  }
  const objects = pathname.indexOf('/objects/');
  if (objects >= 0) return pathname.slice(objects);
  return `/objects/${pathname.replace(/^\/+/, '')}`;
}

// ── Resources tab ────────────────────────────────────────────────────────────────────────────

/** What the resource form still needs (title, category, uploaded file) before its save button appears. */
export function resourceMissing(form: { title: string; category: string; hasFile: boolean }): string[] {
  const missing: string[] = [];
  if (!form.title.trim()) missing.push('enter a title');
  if (!form.category.trim()) missing.push('select a category');
  if (!form.hasFile) missing.push('upload a file');
  return missing;
}

// ── Relative time ────────────────────────────────────────────────────────────────────────────

/**
 * `5 minutes ago`, `in 2 hours`, `just now`; null or invalid dates answer null. In another language,
 * its own words (`hace 5 minutos`, `قبل 5 دقائق`: Latin digits, as dates have).
 */
export function relativeTime(
  value: string | Date | null | undefined,
  now: Date = new Date(),
  language: Language = 'en',
): string | null {
  if (value === null || value === undefined || value === '') return null;
  const at = new Date(value).getTime();
  if (Number.isNaN(at)) return null;
  const diff = at - now.getTime();
  const abs = Math.abs(diff);
  const fmt = new Intl.RelativeTimeFormat(language === 'en' ? 'en' : dateLocale(language), { numeric: 'auto' });
  if (abs < 45_000) return language === 'en' ? 'just now' : fmt.format(0, 'second');
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 365 * 24 * 3600_000],
    ['month', 30 * 24 * 3600_000],
    ['week', 7 * 24 * 3600_000],
    ['day', 24 * 3600_000],
    ['hour', 3600_000],
    ['minute', 60_000],
  ];
  for (const [unit, ms] of units) {
    if (abs >= ms) return fmt.format(Math.round(diff / ms), unit);
  }
  return fmt.format(Math.round(diff / 60_000), 'minute');
}

// ── Date inputs ──────────────────────────────────────────────────────────────────────────────

/** A date as the value of an `<input type="datetime-local">` in the browser's zone: `2025-06-10T14:03`. */
export function toDateTimeLocal(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The instant a `datetime-local` value names in the browser's zone, as ISO text; '' stays undefined. */
export function fromDateTimeLocal(value: string): string | undefined {
  if (!value.trim()) return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}
