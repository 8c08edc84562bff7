import path from 'node:path';
import type { Logger, Ports } from '@t0/contracts/server';
import type { Config } from '../config';
import { createDelivery } from './delivery';
import { createArgon2Hasher } from './hasher';
import { createJobs, type JobQueue } from './jobs';
import { createFileMailer, createSmtpMailer } from './mailer';
import { createPayments } from './payments';
import { createPriceFeed } from './prices';
import { createStorage, createUploadSigner } from './storage';

export interface BuiltPorts {
  ports: Ports;
  /** The Jobs port's holder: the job runner hands it the started pg-boss. */
  jobs: JobQueue;
  close(): Promise<void>;
}

/** The adapters chosen by the settings: real services when configured, embedded defaults otherwise. */
export function buildPorts(config: Config, log: Logger, overrides: Partial<Ports> = {}): BuiltPorts {
  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createFileMailer(path.join(config.dataDir, 'mail'), config.mailFrom, log);
  const prices = createPriceFeed(config);
  const jobs = createJobs();
  const ports: Ports = {
    mailer,
    hasher: createArgon2Hasher(),
    storage: createStorage(config),
    uploads: createUploadSigner(config),
    prices,
    payments: createPayments(config),
    jobs,
    delivery: createDelivery(config),
    ...overrides,
  };
  return {
    ports,
    jobs,
    async close() {
      prices.stop();
      mailer.close();
    },
  };
}
