import type { Payments } from '@t0/contracts/server';
import type { Config } from '../config';

// Placeholder until the payments issue lands the Stripe and local adapters.
export function createPayments(config: Config): Payments {
  return {
    mode: 'local',
    async createCheckout() {
      return { url: `${config.publicUrl}/checkout/test` };
    },
  };
}
