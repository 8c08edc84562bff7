import { z } from 'zod';
import { ALERT_CONDITIONS, ALERT_REPEATS, ALERT_SIDES } from '../../domain/price-alerts/price-alerts';
import { idParam } from '../common/common';
import { numberish } from '../common/numbers';

// A subscriber's price alerts (`/api/user/price-alerts`; docs/features/price-alerts.md). Not the
// console's browser-only alert form of `price-alert.ts`.

const isoTime = z.string().describe('ISO 8601 date-time');

const fields = {
  instrument: z
    .string({ error: 'instrument is required' })
    .trim()
    .toUpperCase()
    .min(1, 'instrument is required')
    .max(20, 'instrument is at most 20 characters'),
  condition: z.enum(ALERT_CONDITIONS, { error: 'condition must be above, below or crossing' }),
  level: numberish('level', 'level is required').refine((n) => n > 0, 'level must be greater than 0'),
  side: z.enum(ALERT_SIDES, { error: 'side must be bid, ask or mid' }),
  repeat: z.enum(ALERT_REPEATS, { error: 'repeat must be once or every' }),
  note: z.string({ error: 'note must be text' }).trim().max(200, 'note is at most 200 characters'),
};

export const userPriceAlertCreateInput = z.object({
  instrument: fields.instrument,
  condition: fields.condition,
  level: fields.level,
  side: fields.side.default('mid'),
  repeat: fields.repeat.default('once'),
  note: fields.note.default(''),
});
export type PriceAlertCreateInput = z.infer<typeof userPriceAlertCreateInput>;

export const userPriceAlertUpdateInput = idParam.extend({
  condition: fields.condition.optional(),
  level: fields.level.optional(),
  side: fields.side.optional(),
  repeat: fields.repeat.optional(),
  note: fields.note.optional(),
  active: z
    .boolean({ error: 'active must be true or false' })
    .optional()
    .describe('false pauses it; true arms it again'),
});
export type PriceAlertUpdateInput = z.infer<typeof userPriceAlertUpdateInput>;

export const userPriceAlertSchema = z.object({
  id: z.number().int(),
  instrument: z.string(),
  condition: z.enum(ALERT_CONDITIONS),
  level: z.number(),
  side: z.enum(ALERT_SIDES),
  repeat: z.enum(ALERT_REPEATS),
  note: z.string(),
  active: z.boolean(),
  firedCount: z.number().int(),
  lastFiredAt: isoTime.nullable(),
  createdAt: isoTime,
});
export type PriceAlertView = z.infer<typeof userPriceAlertSchema>;
export const userPriceAlertListSchema = z.array(userPriceAlertSchema);
