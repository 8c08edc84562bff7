import type { AppSettings, Ports } from '@t0/server';
import type { DbHandle } from '@t0/db';
import type { Config } from './config';
import type { StartedConfig } from './config-keys';
import type { Readiness } from './http/readiness';
import type { AppMetrics } from './metrics/metrics';

/** What the HTTP server and its routes are built from (shared by server.ts and http/*). */
export interface ServerDeps {
  config: StartedConfig;
  db: DbHandle;
  ports: Ports;
  /** What `GET /api/ready` answers (a server built alone is ready once built). */
  readiness?: Readiness;
  /** Metrics to keep and serve at `GET /metrics` (METRICS_TOKEN set). */
  metrics?: AppMetrics;
}

/** The settings the procedures need, from the server's config. */
export function appSettings(config: Config): AppSettings {
  return {
    publicUrl: config.publicUrl,
    adminEmails: config.adminEmails,
    isProduction: config.isProduction,
    supportEmail: config.supportEmail,
    educationUrl: config.educationUrl,
    includeDemo: config.seedDemo,
    billing: config.billing,
    authLimits: { perAddress: config.rateLimitAuthPerMinute, perAccount: config.rateLimitAuthAccountPerMinute },
    accountBudget: config.authAccountBudget,
    adminRequire2fa: config.adminRequire2fa,
    messagesPerDay: config.messagesPerDay,
    whopWebhook: config.whop !== undefined,
  };
}
