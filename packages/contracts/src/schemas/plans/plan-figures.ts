import { z } from 'zod';
import { PLAN_INTERVALS, PLAN_TERMS } from '../../domain/plans/plans';
import { planAmountSchema } from './plans';

// Figures per plan (console › ROOMS & PLANS): what each plan holds and did in the last 30 days, read
// from the access grants and the subscriptions behind them. Administrators count nowhere.

export const planFigureSchema = z.object({
  key: z.string(),
  name: z.string(),
  terms: z.enum(PLAN_TERMS),
  interval: z.enum(PLAN_INTERVALS).nullable(),
  intervalCount: z.number().int().nullable(),
  archivedAt: z.string().nullable(),
  /** Users holding a grant of the plan now (started, not ended, its end ahead or none). */
  holders: z.number().int(),
  /** Grants of the plan that started in the window (every source: a subscription, free days, a pass …). */
  newGrants: z.number().int(),
  /** Grants of the plan that stopped in the window (ended early, or reached their end). */
  endedGrants: z.number().int(),
  /** Current subscription grants whose subscription is paid: active, or past due within its grace period (a trial pays nothing yet). */
  paidSubscriptions: z.number().int(),
  /** The plan's price the revenue is measured at (its own, the settings' or Stripe's); null: none known. */
  price: planAmountSchema.nullable(),
  /**
   * The monthly-equivalent recurring revenue of those paid subscriptions at the plan's price (an
   * every-3-months price ÷ 3, a yearly price ÷ 12). Null: the plan does not recur (a pass, lifetime,
   * free) or has no known price.
   */
  recurringRevenue: z
    .object({ currency: z.string(), amountCents: z.number().int(), subscriptions: z.number().int() })
    .nullable(),
});
export type PlanFigure = z.infer<typeof planFigureSchema>;

export const planFiguresSchema = z.object({
  measuredAt: z.string(),
  /** The start of the window of `newGrants` and `endedGrants` (30 days before `measuredAt`). */
  since: z.string(),
  /** Every plan, archived ones too, in the desk's order. */
  plans: z.array(planFigureSchema),
});
export type PlanFigures = z.infer<typeof planFiguresSchema>;
