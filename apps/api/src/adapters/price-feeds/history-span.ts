import { TIMEFRAME_SECONDS, type Timeframe } from '@t0/contracts';

const DAY = 86_400;

/**
 * How far back a first start fills each timeframe's history (simulated or from a vendor): a little
 * more than a chart's default 300 bars (6 h of minutes, 5 days of quarter hours, 90 days of 4 h,
 * 18 months of days, 5 years of weeks and months).
 */
export const HISTORY_SPAN_SECONDS: Record<Timeframe, number> = {
  '1min': DAY / 4,
  '15min': 5 * DAY,
  '4h': 90 * DAY,
  daily: 548 * DAY,
  weekly: 5 * 365 * DAY,
  monthly: 5 * 365 * DAY,
};

/** About how many bars that is. */
export const historyBars = (timeframe: Timeframe) =>
  Math.ceil(HISTORY_SPAN_SECONDS[timeframe] / TIMEFRAME_SECONDS[timeframe]);
