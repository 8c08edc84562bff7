import { z } from 'zod';

// The console's price alert form (alerts tab): its fields and required-field messages. It is kept in
// the browser only: no call is made.

export const PRICE_ALERT_CONDITIONS = ['above', 'below', 'equals', 'change_percent', 'volume_spike'] as const;
export const PRICE_ALERT_INSTRUMENTS = ['AUDUSD', 'GBPJPY', 'US30', 'ALL'] as const;
export const PRICE_ALERT_PRIORITIES = ['normal', 'high', 'critical'] as const;

export const priceAlertSchema = z.object({
  title: z.string().trim().min(1, 'Alert title is required'),
  condition: z.enum(PRICE_ALERT_CONDITIONS, { error: 'Alert condition is required' }),
  threshold: z.string().trim().min(1, 'Threshold value is required'),
  instrument: z.enum(PRICE_ALERT_INSTRUMENTS),
  priority: z.enum(PRICE_ALERT_PRIORITIES),
  isActive: z.boolean(),
});
export type PriceAlert = z.infer<typeof priceAlertSchema>;
