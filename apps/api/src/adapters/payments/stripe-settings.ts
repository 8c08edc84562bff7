/** The Stripe account's settings: its key, the plans' prices and the webhook's signing secret. */
export interface StripeSettings {
  secretKey: string;
  priceMonthly: string;
  priceYearly?: string | undefined;
  webhookSecret: string;
}
