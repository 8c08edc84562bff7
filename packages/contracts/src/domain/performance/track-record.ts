import { roundTo } from '../signals/signal-levels';
import { outcomeOf, type SignalOutcome } from '../signals/signal-outcome';

// The track record's statistics over closed trades (every figure in R, risk fixed at publication),
// as freqtrade's /profit and Tradervue's reports define them. The /performance page states these.

/** One filled and exited signal, as the record counts it. */
export interface RecordTrade {
  signalId: number;
  instrument: string;
  direction: string;
  closedAt: string;
  r: number;
}

export interface GroupFigures {
  key: string;
  trades: number;
  wins: number;
  losses: number;
  breakevens: number;
  /** wins ÷ trades (null without trades). */
  winRate: number | null;
  totalR: number;
  averageR: number | null;
}

export interface EquityPoint {
  signalId: number;
  at: string;
  r: number;
  cumulativeR: number;
}

export interface RecordFigures {
  signalsTaken: number;
  wins: number;
  losses: number;
  breakevens: number;
  /** wins ÷ all trades (break-evens count as trades), freqtrade's winrate. */
  winRate: number | null;
  /** wins ÷ (wins + losses): break-evens left out. */
  winRateExBreakeven: number | null;
  totalR: number;
  averageR: number | null;
  averageWinR: number | null;
  averageLossR: number | null;
  /** winRate × averageWin − lossRate × |averageLoss| (freqtrade), in R per trade. */
  expectancy: number | null;
  /** (1 + averageWin ÷ |averageLoss|) × winRate − 1 (freqtrade); null without losses. */
  expectancyRatio: number | null;
  /** Gross winning R ÷ |gross losing R|; null without a losing trade. */
  profitFactor: number | null;
  /** Largest fall of cumulative R from a previous peak (the start, 0 R, counts as a peak). */
  maxDrawdownR: number;
  /** Consecutive wins / losses in closing order; a break-even ends both. */
  longestWinStreak: number;
  longestLossStreak: number;
  bestR: number | null;
  worstR: number | null;
  equity: EquityPoint[];
  byInstrument: GroupFigures[];
  byMonth: GroupFigures[];
}

const ratio = (a: number, b: number, digits = 4) => (b > 0 ? roundTo(a / b, digits) : null);
const sum = (xs: readonly number[]) => xs.reduce((acc, x) => acc + x, 0);

/** Trades of the record, oldest exit first, from outcomes (not-filled signals are left out). */
export function recordTrades(outcomes: readonly SignalOutcome[]): RecordTrade[] {
  return outcomes
    .filter((o) => o.isTrade && o.r !== null && o.closedAt !== null)
    .map((o) => ({
      signalId: o.signalId,
      instrument: o.instrument,
      direction: o.direction,
      closedAt: o.closedAt!,
      r: o.r!,
    }))
    .sort((a, b) => Date.parse(a.closedAt) - Date.parse(b.closedAt) || a.signalId - b.signalId);
}

function group(key: string, trades: readonly RecordTrade[]): GroupFigures {
  const rs = trades.map((t) => t.r);
  const wins = rs.filter((r) => outcomeOf(r) === 'win').length;
  const losses = rs.filter((r) => outcomeOf(r) === 'loss').length;
  return {
    key,
    trades: rs.length,
    wins,
    losses,
    breakevens: rs.length - wins - losses,
    winRate: ratio(wins, rs.length),
    totalR: roundTo(sum(rs), 2),
    averageR: ratio(sum(rs), rs.length, 2),
  };
}

function groupBy(trades: readonly RecordTrade[], keyOf: (t: RecordTrade) => string): GroupFigures[] {
  const groups = new Map<string, RecordTrade[]>();
  for (const t of trades) {
    const k = keyOf(t);
    const list = groups.get(k);
    if (list) list.push(t);
    else groups.set(k, [t]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, list]) => group(k, list));
}

/** Every figure of the record from its trades (any order; sorted here by exit time). */
export function recordFigures(input: readonly RecordTrade[]): RecordFigures {
  const trades = [...input].sort((a, b) => Date.parse(a.closedAt) - Date.parse(b.closedAt) || a.signalId - b.signalId);
  const rs = trades.map((t) => t.r);
  const n = rs.length;
  const winsR = rs.filter((r) => r > 0);
  const lossesR = rs.filter((r) => r < 0);
  const wins = winsR.length;
  const losses = lossesR.length;
  const grossWin = sum(winsR);
  const grossLoss = Math.abs(sum(lossesR));
  const avgWin = wins ? grossWin / wins : 0;
  const avgLoss = losses ? grossLoss / losses : 0;

  let cumulative = 0;
  let peak = 0;
  let maxDrawdown = 0;
  let winRun = 0;
  let lossRun = 0;
  let longestWin = 0;
  let longestLoss = 0;
  const equity: EquityPoint[] = [];
  for (const t of trades) {
    cumulative += t.r;
    peak = Math.max(peak, cumulative);
    maxDrawdown = Math.max(maxDrawdown, peak - cumulative);
    const o = outcomeOf(t.r);
    winRun = o === 'win' ? winRun + 1 : 0;
    lossRun = o === 'loss' ? lossRun + 1 : 0;
    longestWin = Math.max(longestWin, winRun);
    longestLoss = Math.max(longestLoss, lossRun);
    equity.push({ signalId: t.signalId, at: t.closedAt, r: t.r, cumulativeR: roundTo(cumulative, 2) });
  }

  return {
    signalsTaken: n,
    wins,
    losses,
    breakevens: n - wins - losses,
    winRate: ratio(wins, n),
    winRateExBreakeven: ratio(wins, wins + losses),
    totalR: roundTo(sum(rs), 2),
    averageR: ratio(sum(rs), n, 2),
    averageWinR: wins ? roundTo(avgWin, 2) : null,
    averageLossR: losses ? roundTo(-avgLoss, 2) : null,
    expectancy: n ? roundTo((wins / n) * avgWin - (losses / n) * avgLoss, 2) : null,
    expectancyRatio: n && losses ? roundTo((1 + avgWin / avgLoss) * (wins / n) - 1, 2) : null,
    profitFactor: losses ? roundTo(grossWin / grossLoss, 2) : null,
    maxDrawdownR: roundTo(maxDrawdown, 2),
    longestWinStreak: longestWin,
    longestLossStreak: longestLoss,
    bestR: n ? Math.max(...rs) : null,
    worstR: n ? Math.min(...rs) : null,
    equity,
    byInstrument: groupBy(trades, (t) => t.instrument),
    byMonth: groupBy(trades, (t) => t.closedAt.slice(0, 7)),
  };
}
