import type { Payments } from '@t0/server';

/** The test-mode checkout page of our own (`/checkout/test`), used when Stripe is not configured. */
export function createLocalPayments(publicUrl: string): Payments {
  return {
    mode: 'local',
    async createCheckout({ reference }) {
      const url = new URL('/checkout/test', publicUrl);
      url.searchParams.set('session', reference);
      return { url: url.toString() };
    },
  };
}
