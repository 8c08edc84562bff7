/** Payment provider (Stripe, or the local test-mode checkout). Filled in by the payments issue. */
export interface Payments {
  readonly mode: 'stripe' | 'local';
  createCheckout(input: { email: string; plan: string }): Promise<{ url: string }>;
}
