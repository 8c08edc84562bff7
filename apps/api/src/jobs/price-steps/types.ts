import type { PriceSnapshot } from '@t0/server';
import type { JobDeps } from '../types';

/**
 * One thing done with each server price refresh (once per interval across every process, see
 * price-watch.ts). Steps run in order; one step failing does not stop the others.
 */
export interface PriceStep {
  name: string;
  run(snapshot: PriceSnapshot, deps: Pick<JobDeps, 'db' | 'ports' | 'log' | 'config'>): Promise<void>;
}
