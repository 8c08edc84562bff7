import { recordFigures, type RecordTrade } from './track-record';

// An analyst's record and the leaderboard (docs/features/analyst-records.md): the record's figures over the
// signals whose created event names the analyst as author, and the prescribed statement of CFTC
// Rule 4.41(b)(1) that a site setting puts beside every presentation of results.

/**
 * The statement CFTC Rule 4.41(b)(1)(i) (17 CFR 4.41) prescribes for simulated or hypothetical
 * performance, verbatim and in capitals as the rule prints it. Shown beside the record, the analysts' pages, the leaderboard and at the
 * head of the CSV while the site setting `prescribedStatement` is on.
 */
export const PRESCRIBED_STATEMENT_4_41 =
  'HYPOTHETICAL OR SIMULATED PERFORMANCE RESULTS HAVE CERTAIN LIMITATIONS. UNLIKE AN ACTUAL PERFORMANCE RECORD, ' +
  'SIMULATED RESULTS DO NOT REPRESENT ACTUAL TRADING. ALSO, SINCE THE TRADES HAVE NOT BEEN EXECUTED, THE RESULTS ' +
  'MAY HAVE UNDER-OR-OVER COMPENSATED FOR THE IMPACT, IF ANY, OF CERTAIN MARKET FACTORS, SUCH AS LACK OF ' +
  'LIQUIDITY. SIMULATED TRADING PROGRAMS IN GENERAL ARE ALSO SUBJECT TO THE FACT THAT THEY ARE DESIGNED WITH THE ' +
  'BENEFIT OF HINDSIGHT. NO REPRESENTATION IS BEING MADE THAT ANY ACCOUNT WILL OR IS LIKELY TO ACHIEVE PROFIT OR ' +
  'LOSSES SIMILAR TO THOSE SHOWN.';

/** An analyst is ranked on the leaderboard only with at least this many trades in the window. */
export const LEADERBOARD_MIN_TRADES = 20;

export const LEADERBOARD_WINDOWS = ['30d', '90d', '1y', 'all'] as const;
export type LeaderboardWindow = (typeof LEADERBOARD_WINDOWS)[number];

const WINDOW_DAYS: Record<LeaderboardWindow, number | null> = { '30d': 30, '90d': 90, '1y': 365, all: null };

/** The first instant a window counts (trades closed at or after it), or null for all time. */
export function windowStart(window: LeaderboardWindow, now: Date): Date | null {
  const days = WINDOW_DAYS[window];
  return days === null ? null : new Date(now.getTime() - days * 86_400_000);
}

/**
 * The analyst a created event's `author` place names (`analyst:<id>;name:<hash>`), or null: the
 * desk (no author, or a place of another form).
 */
export function authorAnalystId(place: string | null | undefined): number | null {
  const m = /^analyst:(\d+);/.exec(place ?? '');
  return m ? Number(m[1]) : null;
}

/** Who published a signal and in which room, as its created event's context states them. */
export interface SignalAuthorship {
  analystId: number | null;
  /** Null for a signal published before created events carried a context. */
  room: string | null;
}

/** Each signal's author and room, from the chain's created events (signals without one are left out). */
export function signalAuthorship(
  events: ReadonlyArray<{
    signalId: number;
    type: string;
    context?: { room: string; author: string | null } | null;
  }>,
): Map<number, SignalAuthorship> {
  const out = new Map<number, SignalAuthorship>();
  for (const e of events) {
    if (e.type !== 'created' || out.has(e.signalId)) continue;
    out.set(e.signalId, { analystId: authorAnalystId(e.context?.author), room: e.context?.room ?? null });
  }
  return out;
}

/** Whether a signal belongs to a page filtered by analyst (undefined: any) and room (undefined: any). */
export function matchesRecordFilter(
  who: SignalAuthorship | undefined,
  filter: { analystId?: number; room?: string },
): boolean {
  if (filter.analystId === undefined && filter.room === undefined) return true;
  if (!who) return false;
  return (
    (filter.analystId === undefined || who.analystId === filter.analystId) &&
    (filter.room === undefined || who.room === filter.room)
  );
}

export interface LeaderboardFigures {
  /** Signals taken: filled and exited trades in the window. */
  n: number;
  /** R per trade (the ranking figure); null without trades. */
  expectancy: number | null;
  /** Trades whose result in R is above zero (a partial target that ends above zero counts) ÷ n. */
  winRate: number | null;
  /** Null without a losing trade. */
  profitFactor: number | null;
  maxDrawdownR: number;
  totalR: number;
}

/** The leaderboard's figures over trades closed in the window. */
export function leaderboardFigures(
  trades: readonly RecordTrade[],
  window: LeaderboardWindow,
  now: Date,
): LeaderboardFigures {
  const from = windowStart(window, now);
  const inWindow = from ? trades.filter((t) => Date.parse(t.closedAt) >= from.getTime()) : trades;
  const f = recordFigures(inWindow);
  return {
    n: f.signalsTaken,
    expectancy: f.expectancy,
    winRate: f.winRate,
    profitFactor: f.profitFactor,
    maxDrawdownR: f.maxDrawdownR,
    totalR: f.totalR,
  };
}

/**
 * Ranks rows by expectancy (highest first; ties: more trades, then the key), only those with at
 * least `LEADERBOARD_MIN_TRADES` trades; the rest follow unranked (rank null), most trades first.
 */
export function rankLeaderboard<T extends { key: string; figures: LeaderboardFigures }>(
  rows: readonly T[],
  minTrades = LEADERBOARD_MIN_TRADES,
): Array<T & { rank: number | null }> {
  const ranked = rows
    .filter((r) => r.figures.n >= minTrades)
    .sort(
      (a, b) =>
        (b.figures.expectancy ?? 0) - (a.figures.expectancy ?? 0) ||
        b.figures.n - a.figures.n ||
        a.key.localeCompare(b.key),
    )
    .map((r, i) => ({ ...r, rank: i + 1 }));
  const unranked = rows
    .filter((r) => r.figures.n < minTrades)
    .sort((a, b) => b.figures.n - a.figures.n || a.key.localeCompare(b.key))
    .map((r) => ({ ...r, rank: null }));
  return [...ranked, ...unranked];
}
