import { z } from 'zod';
import { LEADERBOARD_WINDOWS } from '../../domain/performance/analyst-record';
import { SLUG_PATTERN } from '../../domain/plans/plans';
import { EXIT_KINDS } from '../../domain/signals/signal-outcome';
import { chainVerificationSchema } from '../signals/signal-events';

// The public track record (`GET /api/performance`, `/performance.csv`, the `/performance` page).

const group = z.object({
  key: z.string(),
  trades: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  breakevens: z.number().int(),
  winRate: z.number().nullable(),
  totalR: z.number(),
  averageR: z.number().nullable(),
});
export type PerformanceGroup = z.infer<typeof group>;

/** One filled and exited signal: the CSV's row. */
export const performanceTradeSchema = z.object({
  signalId: z.number().int(),
  instrument: z.string(),
  direction: z.string(),
  demo: z.boolean(),
  publishedAt: z.string().nullable(),
  openedAt: z.string().nullable(),
  closedAt: z.string(),
  entryPrice: z.number().nullable(),
  slPrice: z.number().nullable(),
  fillPrice: z.number(),
  exitPrice: z.number(),
  reason: z.string().nullable(),
  /** How it ended: target, stop, stop_at_entry, manual (at market), withdrawn (at market). */
  exitKind: z.enum(EXIT_KINDS).nullable(),
  /** The feed's price at the fill and at the exit (the figures are computed from the feed's prices). */
  fillFeedPrice: z.number().nullable(),
  exitFeedPrice: z.number().nullable(),
  /** The parts the position was closed in; `parts` in the CSV reads e.g. `50% T0 @ 1.305; 50% exit @ 1.3`. */
  parts: z.array(z.object({ kind: z.enum(['t0', 'manual', 'exit']), share: z.number(), price: z.number() })),
  outcome: z.enum(['win', 'loss', 'breakeven']),
  /** The move in the instrument's units (see `unit`). */
  pips: z.number(),
  /** pips (FX) or points (US30, indices, metals), from the instrument catalogue. */
  unit: z.enum(['pips', 'points']),
  r: z.number(),
  mfeR: z.number().nullable(),
  maeR: z.number().nullable(),
  durationMs: z.number().nullable(),
  edits: z.number().int(),
});
export type PerformanceTrade = z.infer<typeof performanceTradeSchema>;

export const performanceSchema = z.object({
  signalsTaken: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  breakevens: z.number().int(),
  /** Ratios 0..1; null without trades. */
  winRate: z.number().nullable(),
  winRateExBreakeven: z.number().nullable(),
  totalR: z.number(),
  averageR: z.number().nullable(),
  averageWinR: z.number().nullable(),
  averageLossR: z.number().nullable(),
  expectancy: z.number().nullable(),
  expectancyRatio: z.number().nullable(),
  /** Null without a losing trade (infinite). */
  profitFactor: z.number().nullable(),
  maxDrawdownR: z.number(),
  longestWinStreak: z.number().int(),
  longestLossStreak: z.number().int(),
  bestR: z.number().nullable(),
  worstR: z.number().nullable(),
  averageDurationMs: z.number().nullable(),
  averageMfeR: z.number().nullable(),
  averageMaeR: z.number().nullable(),
  /** Signals still open, and those that ended without a fill. */
  openSignals: z.number().int(),
  cancelledSignals: z.number().int(),
  withdrawnSignals: z.number().int(),
  /** Deleted within the grace period after publication (their events stay in the chain). */
  deletedSignals: z.number().int(),
  /** Whether seeded demo signals are part of these figures (SEED_DEMO), and how many trades are demo. */
  includesDemo: z.boolean(),
  demoTrades: z.number().int(),
  /** The first publication the record covers; null when nothing was published yet. */
  monitoringSince: z.string().nullable(),
  equity: z.array(z.object({ signalId: z.number().int(), at: z.string(), r: z.number(), cumulativeR: z.number() })),
  byInstrument: z.array(group),
  byMonth: z.array(group),
  trades: z.array(performanceTradeSchema),
  verification: chainVerificationSchema,
  /** Pending orders that expired unfilled (not trades). */
  expiredSignals: z.number().int(),
  /** The hypothetical-performance notice shown with the record and on top of the CSV. */
  notice: z.string(),
  generatedAt: z.string(),
  /** The analyst these figures are filtered to (`analyst=`), or null: every author. */
  analyst: z
    .object({
      id: z.number().int(),
      slug: z.string(),
      displayName: z.string(),
      title: z.string(),
      active: z.boolean(),
    })
    .nullable(),
  /** The room these figures are filtered to (`room=`), or null: every room. */
  room: z.string().nullable(),
  /** CFTC Rule 4.41(b)(1)'s prescribed statement while the site setting is on, else null. */
  statement: z.string().nullable(),
});
export type Performance = z.infer<typeof performanceSchema>;

const slugParam = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .regex(SLUG_PATTERN, `${name} must be a slug (lowercase letters, digits and dashes)`)
    .optional();

/** `GET /api/performance` (and the CSV): the record of one analyst, one room, or both. */
export const performanceFilterSchema = z.object({ analyst: slugParam('analyst'), room: slugParam('room') }).optional();
export type PerformanceFilter = z.infer<typeof performanceFilterSchema>;

export const leaderboardInputSchema = z.object({
  window: z
    .enum(LEADERBOARD_WINDOWS, { error: `window must be one of ${LEADERBOARD_WINDOWS.join(', ')}` })
    .default('all'),
});

export const leaderboardRowSchema = z.object({
  /** Ranked by expectancy among those with at least `minTrades` trades in the window; null below it. */
  rank: z.number().int().nullable(),
  analystId: z.number().int(),
  slug: z.string(),
  displayName: z.string(),
  title: z.string(),
  /** False once deactivated: departed analysts stay on the board. */
  active: z.boolean(),
  n: z.number().int(),
  expectancy: z.number().nullable(),
  winRate: z.number().nullable(),
  profitFactor: z.number().nullable(),
  maxDrawdownR: z.number(),
  totalR: z.number(),
});

export const leaderboardSchema = z.object({
  window: z.enum(LEADERBOARD_WINDOWS),
  minTrades: z.number().int(),
  /** Whether the desk published the board (public) or it is internal (administrators and analysts). */
  published: z.boolean(),
  includesDemo: z.boolean(),
  rows: z.array(leaderboardRowSchema),
  statement: z.string().nullable(),
  generatedAt: z.string(),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;
