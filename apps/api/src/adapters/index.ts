import path from 'node:path';
import { createRecordSigner, recordingMailer, type Logger, type Ports } from '@t0/server';
import type { Database } from '@t0/db';
import type { Kysely } from 'kysely';
import type { StartedConfig } from '../config-keys';
import type { AppMetrics } from '../metrics/metrics';
import { createCommunity } from './community';
import { createDelivery } from './delivery';
import { createArgon2Hasher, MINIMAL_ARGON2_COST } from './hasher';
import { createJobs, type JobQueue } from './jobs';
import { createFileMailer, createSmtpMailer } from './mailer';
import { createPayments } from './payments';
import { createPriceFeed } from './prices';
import { createImageLinkSigner, createStorage, createUploadSigner } from './storage';

export interface BuiltPorts {
  ports: Ports;
  /** The Jobs port's holder: the job runner hands it the started pg-boss. */
  jobs: JobQueue;
  close(): Promise<void>;
}

/**
 * The adapters chosen by the settings: real services when configured, embedded defaults otherwise.
 * Whichever mailer is used (a test's too), every e-mail it sends is recorded in the e-mail log.
 * With `metrics`, the Telegram and Discord adapters count their rate-limit answers there and the
 * price feed (a test's too) dates each instrument's price.
 */
export function buildPorts(
  config: StartedConfig,
  log: Logger,
  db: Kysely<Database>,
  overrides: Partial<Ports> = {},
  metrics?: AppMetrics,
): BuiltPorts {
  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createFileMailer(path.join(config.dataDir, 'mail'), config.mailFrom, log);
  const prices = createPriceFeed(config);
  const jobs = createJobs();
  const ports: Ports = {
    mailer,
    hasher: createArgon2Hasher(config.passwordHashCost === 'minimal' ? MINIMAL_ARGON2_COST : undefined),
    storage: createStorage(config),
    uploads: createUploadSigner(config),
    imageLinks: createImageLinkSigner(config),
    prices,
    payments: createPayments(config),
    jobs,
    delivery: createDelivery(config, log, metrics),
    community: createCommunity(config, metrics),
    record: createRecordSigner(config.keys.recordSigningKey.key),
    ...overrides,
  };
  ports.mailer = recordingMailer(ports.mailer, db, log);
  if (metrics) ports.prices = metrics.watchPrices(ports.prices);
  return {
    ports,
    jobs,
    async close() {
      prices.stop();
      mailer.close();
    },
  };
}
