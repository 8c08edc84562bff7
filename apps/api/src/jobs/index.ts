import type { Ports } from '@t0/contracts/server';
import type { DbHandle } from '@t0/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';

export interface JobDeps {
  config: Config;
  db: DbHandle;
  ports: Ports;
  log: FastifyBaseLogger;
}

export interface RunningJobs {
  stop(): Promise<void>;
}

// Background work (scheduled notifications, price watcher, e-mail batches) starts here.
export async function startJobs(_deps: JobDeps): Promise<RunningJobs> {
  return { stop: async () => undefined };
}
