import type { Payments } from '@t0/contracts/server';
import type { Config } from '../config';
import { createLocalPayments } from './payments/local';

/** Stripe when configured; the local test-mode checkout otherwise. */
export function createPayments(config: Config): Payments {
  return createLocalPayments(config.publicUrl);
}
