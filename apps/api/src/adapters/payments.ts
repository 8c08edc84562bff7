import type { Payments } from '@t0/server';
import { TRPCError } from '@trpc/server';
import type { Config } from '../config';
import { createLocalPayments } from './payments/local';
import { createStripeClient, createStripePayments } from './payments/stripe';

/** Stripe when configured; else the local test-mode checkout (outside production, or LOCAL_CHECKOUT=true). */
export function createPayments(config: Config): Payments {
  if (config.stripe) return createStripePayments(createStripeClient(config.stripe), config.stripe, config.publicUrl);
  if (config.localCheckout) return createLocalPayments(config.publicUrl);
  return {
    mode: 'none',
    async createCheckout() {
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'Payments are not configured' });
    },
  };
}
