import { outboxBacklog, type DeliveryAttempt, type PriceFeed } from '@t0/server';
import type { DbHandle, PoolUse } from '@t0/db';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { BoundHistogram, type HistogramChild } from './bound-histogram';
import { jobQueueFigures } from './metrics.queries';

/** The longest a scrape waits for a figure read from the database; past it the figure is NaN. */
export const SCRAPE_READ_TIMEOUT_MS = 500;

/** Seconds: where the answer times of the HTTP server fall. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds from a publication to its delivery: a few hundred milliseconds to an hour of retries. */
const LAG_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600];

/** The outside services whose rate-limit answers (429) are counted. */
export type RateLimitedService = 'telegram' | 'discord';

/** Who counts rate-limit answers: the Telegram and Discord adapters, when metrics are on. */
export interface RateLimitCounter {
  rateLimited(service: RateLimitedService): void;
}

/** The sign-in attempts the limiter refuses, by door. */
export type SignInAttempt = 'sign_in' | 'register' | 'password_reset' | 'second_factor' | 'api_token';
/** What a failed sign-in failed on. */
export type SignInFailure = 'password' | 'second_factor' | 'api_token';

/** The procedures behind the sign-in limits (`authAttemptProcedure`), by door. */
const LIMITED_PROCEDURES = new Map<string, SignInAttempt>([
  ['auth.login', 'sign_in'],
  ['auth.loginAlias', 'sign_in'],
  ['auth.register', 'register'],
  ['auth.forgotPassword', 'password_reset'],
  ['auth.forgotPasswordAlias', 'password_reset'],
  ['auth.resetPassword', 'password_reset'],
]);
/** How a wrong second-factor code is answered (second-factor.handler.ts). */
const WRONG_CODE = 'That code is not valid';

/**
 * Gauges of Node's default metrics named like counters (`_total`), which Prometheus's linter
 * refuses: each is the sum of its by-type gauge (`nodejs_active_handles` …), which stays.
 */
const MISNAMED_DEFAULTS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

/**
 * Node's process figures (CPU, memory, event loop, garbage collection) are the process's, whatever
 * the number of apps in it: collected once, in a registry of their own, and written before each
 * app's own figures.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
    for (const name of MISNAMED_DEFAULTS) processRegistry.removeSingleMetric(name);
  }
  return processRegistry;
}

/**
 * One app's metrics, in a registry of its own (tests run several apps in one process). Counters
 * and histograms are counted as things happen; what lives in the database (the outbox, the job
 * queues) and what is read off running parts (live streams, the pool, the price feed) is read at
 * scrape time, the database reads with a short timeout.
 */
export class AppMetrics implements RateLimitCounter {
  readonly registry = new Registry();
  private readonly requestSeconds: BoundHistogram;
  private readonly deliveries: Counter<'channel' | 'outcome'>;
  private readonly deliveryLag: Histogram<'channel'>;
  private readonly rateLimits: Counter<'service'>;
  private readonly signInFailures: Counter<'kind'>;
  private readonly signInLimited: Counter<'attempt'>;
  private readonly readFailures: Counter<'read'>;
  private readonly outboxBacklog: Gauge;
  private readonly outboxOldest: Gauge;
  private readonly queueDepth: Gauge<'queue'>;
  private readonly queueActive: Gauge<'queue'>;
  private readonly queueOldest: Gauge<'queue'>;
  private readonly priceAge: Gauge<'instrument'>;
  /** Observers of the request histogram by method, route and status: labels bound once. */
  private readonly requestObservers = new Map<string, Map<string | undefined, Map<number, HistogramChild>>>();
  /** When each instrument last came in a price snapshot (ms). */
  private readonly pricesSeen = new Map<string, number>();
  private lastSnapshot: unknown;
  private liveStreams: () => number = () => 0;
  private ready: () => boolean = () => false;
  private jobsSchema: string | undefined;
  private readonly inflight = new Map<string, Promise<(() => void) | undefined>>();
  /** The job queues of the last read (marked unknown when a read fails). */
  private queues: string[] = [];

  constructor(
    private readonly db: DbHandle,
    private readonly opts: { readTimeoutMs?: number } = {},
  ) {
    const registers = [this.registry];
    this.requestSeconds = new BoundHistogram(
      't0_http_request_duration_seconds',
      'Time to answer an HTTP request, by method, route pattern and status',
      REQUEST_BUCKETS,
      this.registry,
    );
    const liveStreams: Gauge = new Gauge({
      name: 't0_live_streams_open',
      help: 'Live streams (GET /api/stream and the tRPC subscription) open on this process',
      registers,
      collect: () => liveStreams.set(this.liveStreams()),
    });
    const ready: Gauge = new Gauge({
      name: 't0_ready',
      help: 'Whether this process answers GET /api/ready with 200 (1) or 503 (0)',
      registers,
      collect: () => ready.set(this.ready() ? 1 : 0),
    });
    this.outboxBacklog = new Gauge({
      name: 't0_outbox_backlog',
      help: 'Outbox rows (jobs of committed changes) not yet relayed to the job queue; NaN when not read',
      registers,
    });
    this.outboxOldest = new Gauge({
      name: 't0_outbox_oldest_age_seconds',
      help: 'Age of the oldest outbox row not yet relayed (0 when none); NaN when not read',
      registers,
    });
    this.deliveryLag = new Histogram({
      name: 't0_delivery_lag_seconds',
      help: 'From a signal event or broadcast being published (or its quiet-hours hold ending) to its delivery succeeding, by channel',
      labelNames: ['channel'],
      buckets: LAG_BUCKETS,
      registers,
    });
    this.deliveries = new Counter({
      name: 't0_deliveries_total',
      help: 'Delivery attempts by channel and outcome (sent, retry, failed, skipped)',
      labelNames: ['channel', 'outcome'],
      registers,
    });
    this.rateLimits = new Counter({
      name: 't0_rate_limited_responses_total',
      help: 'Rate-limit answers (429) from Telegram and Discord, by service',
      labelNames: ['service'],
      registers,
    });
    this.queueDepth = new Gauge({
      name: 't0_job_queue_depth',
      help: 'Jobs due and waiting for a worker, by queue; NaN when not read',
      labelNames: ['queue'],
      registers,
    });
    this.queueActive = new Gauge({
      name: 't0_job_queue_active',
      help: 'Jobs being worked on, by queue; NaN when not read',
      labelNames: ['queue'],
      registers,
    });
    this.queueOldest = new Gauge({
      name: 't0_job_queue_oldest_age_seconds',
      help: 'How long the oldest due job has waited for a worker (0 when none), by queue; NaN when not read',
      labelNames: ['queue'],
      registers,
    });
    this.priceAge = new Gauge({
      name: 't0_price_feed_age_seconds',
      help: 'Age of the newest price this process has for each instrument',
      labelNames: ['instrument'],
      registers,
      collect: () => {
        const now = Date.now();
        for (const [instrument, at] of this.pricesSeen) this.priceAge.set({ instrument }, Math.max(0, now - at) / 1000);
      },
    });
    this.signInFailures = new Counter({
      name: 't0_sign_in_failures_total',
      help: 'Failed sign-ins by kind: a wrong password, a wrong second-factor code, an unknown or revoked API token',
      labelNames: ['kind'],
      registers,
    });
    this.signInLimited = new Counter({
      name: 't0_sign_in_limited_total',
      help: 'Attempts refused by the sign-in limits (429), by door',
      labelNames: ['attempt'],
      registers,
    });
    this.readFailures = new Counter({
      name: 't0_metrics_read_failures_total',
      help: 'Scrape-time database reads that failed or ran out of time, by read',
      labelNames: ['read'],
      registers,
    });
    const pool = (name: string, help: string, pick: (u: PoolUse) => number) => {
      const gauge: Gauge<'database'> = new Gauge({
        name,
        help,
        labelNames: ['database'],
        registers,
        collect: () => {
          const use = this.db.poolUse?.();
          if (use) gauge.set({ database: this.db.kind }, pick(use));
        },
      });
    };
    pool('t0_db_pool_connections', 'Open database connections (PGlite: its single connection)', (u) => u.total);
    pool('t0_db_pool_idle', 'Open database connections not in use', (u) => u.idle);
    pool('t0_db_pool_waiting', 'Queries waiting for a database connection', (u) => u.waiting);
    pool('t0_db_pool_max', 'Most database connections the pool opens', (u) => u.max);
    for (const read of ['outbox', 'job_queues']) this.readFailures.inc({ read }, 0);
  }

  /** One answered request (the `onResponse` hook): `route` is the route's pattern, undefined when none matched. */
  observeRequest(method: string, route: string | undefined, status: number, seconds: number): void {
    let byRoute = this.requestObservers.get(method);
    if (!byRoute) this.requestObservers.set(method, (byRoute = new Map()));
    let byStatus = byRoute.get(route);
    if (!byStatus) byRoute.set(route, (byStatus = new Map()));
    let observer = byStatus.get(status);
    if (!observer) {
      observer = this.requestSeconds.child({ method, route: routeLabel(route), status: String(status) });
      byStatus.set(status, observer);
    }
    observer.observe(seconds);
  }

  /** One delivery attempt's outcome (the `deliver` job). */
  deliveryAttempt = (a: DeliveryAttempt): void => {
    this.deliveries.inc({ channel: a.channel, outcome: a.outcome });
    if (a.dueSince)
      this.deliveryLag.observe({ channel: a.channel }, Math.max(0, Date.now() - a.dueSince.getTime()) / 1000);
  };

  rateLimited(service: RateLimitedService): void {
    this.rateLimits.inc({ service });
  }

  signInFailed(kind: SignInFailure): void {
    this.signInFailures.inc({ kind });
  }

  signInRefused(attempt: SignInAttempt): void {
    this.signInLimited.inc({ attempt });
  }

  /**
   * A procedure that failed (tRPC or REST): a wrong password or second-factor code is a failed
   * sign-in, a 429 of a sign-in, registration, reset or code procedure a refusal of the limits.
   */
  procedureFailed(path: string | undefined, code: string, message: string): void {
    if (path === undefined) return;
    if (code === 'TOO_MANY_REQUESTS') {
      const attempt = path.startsWith('secondFactor.') ? 'second_factor' : LIMITED_PROCEDURES.get(path);
      if (attempt) this.signInRefused(attempt);
    } else if (code === 'UNAUTHORIZED' && (path === 'auth.login' || path === 'auth.loginAlias')) {
      this.signInFailed('password');
    } else if (code === 'BAD_REQUEST' && path.startsWith('secondFactor.') && message.startsWith(WRONG_CODE)) {
      this.signInFailed('second_factor');
    }
  }

  /** The live streams open now (the hub is made after the metrics). */
  watchLiveStreams(count: () => number): void {
    this.liveStreams = count;
  }

  /** Whether the process is ready (the readiness route's answer). */
  watchReadiness(ready: () => boolean): void {
    this.ready = ready;
  }

  /** The job runner started, with its tables in this schema: its queues are read at scrape time. */
  watchJobQueues(schema: string): void {
    this.jobsSchema = schema;
  }

  /**
   * The price feed, watched: each snapshot it answers (to whoever asked) dates the instruments it
   * holds. A snapshot answered again dates nothing (its `updatedAt` is when it was fetched).
   */
  watchPrices(feed: PriceFeed): PriceFeed {
    const latest = feed.latest.bind(feed);
    feed.latest = async () => {
      const snapshot = await latest();
      if (snapshot !== this.lastSnapshot) {
        this.lastSnapshot = snapshot;
        const at = snapshot.updatedAt.getTime();
        for (const [instrument, price] of Object.entries(snapshot.prices)) {
          if (price !== undefined && at > (this.pricesSeen.get(instrument) ?? 0)) this.pricesSeen.set(instrument, at);
        }
      }
      return snapshot;
    };
    return feed;
  }

  /** The exposition text: the process's figures, then the app's, with the database's read now. */
  async text(): Promise<string> {
    const schema = this.jobsSchema;
    await Promise.all([
      this.read(
        'outbox',
        async () => {
          const b = await outboxBacklog(this.db.db);
          return () => {
            this.outboxBacklog.set(b.pending);
            this.outboxOldest.set((b.oldestAgeMs ?? 0) / 1000);
          };
        },
        () => {
          this.outboxBacklog.set(NaN);
          this.outboxOldest.set(NaN);
        },
      ),
      schema === undefined
        ? undefined
        : this.read(
            'job_queues',
            async () => {
              const rows = await jobQueueFigures(this.db.db, schema);
              return () => {
                for (const g of [this.queueDepth, this.queueActive, this.queueOldest]) g.reset();
                this.queues = rows.map((r) => r.queue);
                for (const r of rows) {
                  this.queueDepth.set({ queue: r.queue }, r.waiting);
                  this.queueActive.set({ queue: r.queue }, r.active);
                  this.queueOldest.set({ queue: r.queue }, r.oldestWaitingMs / 1000);
                }
              };
            },
            () => {
              for (const queue of this.queues)
                for (const g of [this.queueDepth, this.queueActive, this.queueOldest]) g.set({ queue }, NaN);
            },
          ),
    ]);
    const [proc, own] = await Promise.all([processMetrics().metrics(), this.registry.metrics()]);
    return `${proc}\n${own}`;
  }

  /** The exposition format's content type. */
  get contentType(): string {
    return this.registry.contentType;
  }

  /**
   * A scrape-time read of the database, waited for at most `readTimeoutMs`: `apply` sets what it
   * read, `unknown` marks the figures not known (NaN) when it fails or runs late. One at a time
   * per read: a scrape that comes while the last one's read still runs waits for that one.
   */
  private async read(name: string, run: () => Promise<() => void>, unknown: () => void): Promise<void> {
    let pending = this.inflight.get(name);
    if (!pending) {
      const started = run().catch(() => undefined);
      this.inflight.set(name, started);
      void started.then(() => this.inflight.delete(name));
      pending = started;
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), this.opts.readTimeoutMs ?? SCRAPE_READ_TIMEOUT_MS);
    });
    const apply = await Promise.race([pending, late]);
    clearTimeout(timer);
    if (apply) apply();
    else {
      this.readFailures.inc({ read: name });
      unknown();
    }
  }
}

/** The route label: the route's pattern; files of the web app's build count as one route. */
function routeLabel(route: string | undefined): string {
  if (route === undefined) return 'unmatched';
  if (!route.startsWith('/api/') && !route.startsWith('/trpc') && /\.[A-Za-z0-9]+$/.test(route)) return 'static file';
  return route;
}
