import type { Logger, Ports } from '@t0/server';
import type { DbHandle } from '@t0/db';
import type { Config } from '../config';
import type { AppMetrics } from '../metrics/metrics';

/** What a job handler may use. */
export interface JobDeps {
  config: Config;
  db: DbHandle;
  ports: Ports;
  log: Logger;
  /** The session store's housekeeping. */
  sessions: { prune(): Promise<number> };
  /** Delivery outcomes are counted here when metrics are on. */
  metrics?: AppMetrics;
}

export interface JobOptions {
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  /**
   * Jobs a worker takes at once, run side by side (a slow receiver does not hold up the rest).
   * Default 1: one job per poll.
   */
  batchSize?: number;
  /** How often an idle worker looks for work (pg-boss allows 0.5 s at the least). Default 1 s. */
  pollingIntervalSeconds?: number;
  /**
   * Periodic jobs: sent every this many milliseconds. Every process ticks, but a job is created
   * at most once per interval across all of them (pg-boss singleton slots). Undefined: not run on
   * these settings.
   */
  everyMs?(config: Config): number | undefined;
}

/** A named background job: `handler` gets the job's data and the shared dependencies. */
export interface JobDefinition<T = unknown> {
  name: string;
  handler(data: T, deps: JobDeps): Promise<void>;
  /**
   * Runs once the job's last try failed (its retries used up: the handler threw, or the job outlived
   * its expiry in a process that died), with what it failed with and how many times it ran: what the
   * job leaves undone is recorded where the desk sees it. A job of its own (`<name>-given-up`, pg-boss's
   * dead-letter queue), written in the statement that fails the last try and retried like any job.
   */
  onLastFailure?(data: T, err: unknown, tries: number, deps: JobDeps): Promise<void>;
  options?: JobOptions;
}
