// The specification's business constants and limits, named once and used by the server and the web app.

import { LANGUAGE_PATH_SEGMENTS, LANGUAGES, localizedPath, type Language } from '../languages/languages';

export const INSTRUMENTS = ['AUDUSD', 'GBPJPY', 'GBPUSD', 'US30'] as const;
export type Instrument = (typeof INSTRUMENTS)[number];
/** Analysis sections on the dashboard, in the spec's order. */
export const ANALYSIS_INSTRUMENTS = ['GBPJPY', 'GBPUSD', 'AUDUSD', 'US30'] as const;
export const PRICE_SYMBOLS = ['AUDUSD', 'GBPJPY', 'GBPUSD', 'US30', 'BTCUSD', 'XAUUSD'] as const;
export type PriceSymbol = (typeof PRICE_SYMBOLS)[number];

export const PLANS = ['monthly', 'yearly'] as const;
export type Plan = (typeof PLANS)[number];

// Accounts (password and e-mail rules, token and session lifetimes, profile defaults)
export const PASSWORD_MIN_LENGTH = 8;
export const EMAIL_MIN_LENGTH = 5;
export const PASSWORD_SPECIAL_CHARS = '!@#$%^&*(),.?":{}|<>';
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const WELCOME_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a link proving an ADMIN_EMAILS address works (once). */
export const ADMIN_EMAIL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** Links proving an ADMIN_EMAILS address an account may have mailed in an hour (registration's counts). */
export const ADMIN_EMAIL_LINKS_PER_HOUR = 3;
/**
 * A welcome e-mail claimed this long ago and neither sent nor given back was left by a process that
 * stopped mid-send; it may be claimed again. Well above the SMTP time limits (10 s + 10 s + 30 s).
 */
export const WELCOME_CLAIM_STALE_MS = 5 * 60 * 1000;
export const SESSION_IDLE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_TIMEOUT_MS = 30 * 24 * 60 * 60 * 1000;

export const TRADING_CONFIG_DEFAULTS = {
  positionSize: '2',
  riskTolerance: 'moderate',
  autoExecute: false,
  maxDailyTrades: '10',
  accountSize: null,
} as const;
/** The largest account size the risk calculator takes (USD). */
export const ACCOUNT_SIZE_MAX = 1_000_000_000;
export const NOTIFICATION_SETTINGS_DEFAULTS = {
  emailNotifications: true,
  smsAlerts: false,
  tradingSignals: true,
  priceAlerts: true,
} as const;

/** The public pages rendered at build time, by their English address and file name. */
const PRERENDERED_BASE = [
  { path: '/', name: 'landing' },
  { path: '/performance', name: 'performance' },
] as const;

export interface PrerenderedPage {
  /** The address (`/ar/performance`). */
  path: string;
  /** The built web app's file answering it (`performance.ar.html`). */
  file: string;
  /** The language the build draws it in. */
  language: Language;
  /** The same page's English address (`/performance`). */
  base: (typeof PRERENDERED_BASE)[number]['path'];
}

/**
 * Public pages whose markup is rendered at build time (apps/web/src/prerender.tsx), the landing page
 * and the record in every language (`/`, `/es/`, `/pt-br/`, `/ar/`; `/ar/performance` …): the server
 * sends each address its own file of the built web app; every other address gets index.html.
 */
export const PRERENDERED_PAGES: readonly PrerenderedPage[] = LANGUAGES.flatMap((language) =>
  PRERENDERED_BASE.map((page) => ({
    path: localizedPath(page.path, language),
    file: language === 'en' ? `${page.name}.html` : `${page.name}.${LANGUAGE_PATH_SEGMENTS[language]}.html`,
    language,
    base: page.path,
  })),
);

/** The pre-rendered page an address asks for, with or without a closing slash (`/ar` is `/ar/`). */
export function prerenderedPage(pathname: string): PrerenderedPage | undefined {
  const bare = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  return PRERENDERED_PAGES.find((page) => bare(page.path) === bare(pathname));
}

// Timings (redirects, the start-up loading screen, animations, toasts and tooltips)
export const REDIRECT_AFTER_LANDING_SUBMIT_MS = 500;
export const REDIRECT_AFTER_RESET_MS = 3000;
export const REDIRECT_AFTER_TEST_LOGIN_MS = 500;
export const STARTUP_LOADING_MS = 1500;
export const STARTUP_SIMULATED_LOAD_MS = 1200;
export const STATS_CAROUSEL_INTERVAL_MS = 3000;
export const FOOTER_CLOCK_INTERVAL_MS = 1000;
export const TYPEWRITER_STEP_MS = 25;
export const PROGRESS_STEP_MS = 30;
export const PROGRESS_STEP = 3;
export const LOADING_BAR_RESET_MS = 1500;
export const LOADING_STEPS = [
  { percent: 20, message: 'CONNECTING TO TRADING SERVERS' },
  { percent: 40, message: 'AUTHENTICATING INSTITUTIONAL ACCESS' },
  { percent: 60, message: 'LOADING MARKET DATA STREAMS' },
  { percent: 80, message: 'INITIALIZING SIGNAL ALGORITHMS' },
  { percent: 95, message: 'ESTABLISHING SECURE CONNECTIONS' },
  { percent: 100, message: 'TERMINAL READY' },
] as const;
export const LOADING_TICKERS = ['GBPJPY', 'US30', 'AUDUSD', 'EURUSD', 'XAUUSD'] as const;
export const MATRIX_SPEEDS_MS = [60, 40, 20] as const;

export const PRICE_FLASH_MS = 500;
export const COPY_FEEDBACK_MS = 2000;
export const DASHBOARD_SCROLL_DELAY_MS = 500;
export const CONFIDENCE_ANIMATION_MS = 1500;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

// Polling and caching (how often the terminal and the console refetch each list, how long data stays fresh)
export const POLL = {
  livePricesMs: 30_000,
  livePricesStaleMs: 25_000,
  livePricesGcMs: 30_000,
  signalsMs: 30_000,
  signalsDashboardMs: 45_000,
  signalsDashboardStaleMs: 20_000,
  notificationsMs: 30_000,
  unreadCountMs: 5_000,
  chartMemosStaleMs: 30_000,
  chartNotesStaleMs: 30_000,
  blogStaleMs: 60_000,
  resourcesStaleMs: 60_000,
  emailSummaryMs: 30_000,
  emailDeliveriesMs: 30_000,
  adminNotificationsMs: 30_000,
  notificationStatsMs: 60_000,
  adminUsersMs: 60_000,
  affectedUsersMs: 5 * 60_000,
  /** The console's TradingView drafts and sources (alerts arrive at any time). */
  signalDraftsMs: 15_000,
} as const;
export const QUERY_DEFAULTS = {
  gcTimeMs: 5 * 60_000,
  retryDelayBaseMs: 1000,
  retryDelayMaxMs: 30_000,
} as const;

// Lists and limits (items shown per list, e-mail batches, activity thresholds, field lengths)
export const POPOVER_NOTIFICATIONS = 10;
export const BADGE_CAP = 99;
export const PROCESSED_ALERTS_MAX = 10;
export const HEATMAP_SIGNALS = 3;
export const BLOG_PREVIEW_POSTS = 3;
export const BLOG_SKELETON_CARDS = 6;
export const SIGNAL_MEMO_CUT = 15;
export const BLOG_ADMIN_PREVIEW_CHARS = 200;
export const EMAIL_DELIVERIES_SHOWN = 20;
export const SIGNAL_EMAIL_BATCH_SIZE = 50;
export const SIGNAL_EMAIL_BATCH_DELAY_MS = 1000;
export const CONFIDENCE_DEFAULT = 75;
export const ACTIVITY_RECENT_MS = 24 * 60 * 60 * 1000;
export const ACTIVITY_WEEK_MS = 7 * 24 * 60 * 60 * 1000;
export const MEMO_IMAGES_MAX = 10;

export const NOTIFICATION_TITLE_MAX = 100;
export const NOTIFICATION_MESSAGE_MAX = 500;
export const BLOG_TITLE_MAX = 200;
export const BLOG_EXCERPT_MAX = 300;
export const BLOG_AUTHOR_MAX = 100;
export const MONTHLY_BIAS_MAX = 30;

// Uploads (largest size and allowed extensions per kind, resource categories)
export const UPLOAD_KINDS = {
  image: {
    maxBytes: 5 * 1024 * 1024,
    extensions: ['.jpg', '.jpeg', '.png', '.gif', '.webp'],
  },
  document: {
    maxBytes: 10 * 1024 * 1024,
    extensions: ['.pdf', '.doc', '.docx', '.txt'],
  },
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;

export const RESOURCE_CATEGORIES = [
  'general',
  'trading-guides',
  'market-analysis',
  'risk-management',
  'educational',
] as const;
