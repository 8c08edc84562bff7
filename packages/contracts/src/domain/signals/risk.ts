import type { PriceSymbol } from '../common/constants';
import { INSTRUMENT_PRESETS } from '../instruments/instruments';
import { DEFAULT_PRICES } from '../prices/prices';

// The signal dialog's risk calculator: from the account size and the share of it risked
// per trade (trading config), and the signal's stop distance, the position size in lots and units,
// the money at risk and at T0 / T1. The account is in US dollars.

/** How an instrument is traded: what a lot is and what a pip (or point) is worth. */
export interface ContractSpec {
  /** What one standard lot holds: 100,000 units of the base currency, 100 troy ounces, 1 bitcoin, $1 per index point. */
  unitsPerLot: number;
  /** What a unit is called: units, oz, BTC, contracts. */
  unitName: string;
  /** The price step traders count in: 0.0001 for USD pairs, 0.01 for JPY pairs, 1 index point, $0.10 for gold, $1 for bitcoin. */
  pipSize: number;
  pipName: 'pips' | 'points';
  /** The smallest lot step (and the smallest position). */
  lotStep: number;
  /** The currency prices are quoted in. */
  quote: 'USD' | 'JPY';
  /** One line on screen explaining the contract. */
  note: string;
}

const LOTS: Record<PriceSymbol, ContractSpec> = {
  AUDUSD: {
    unitsPerLot: 100_000,
    unitName: 'units',
    pipSize: 0.0001,
    pipName: 'pips',
    lotStep: 0.01,
    quote: 'USD',
    note: '1 lot = 100,000 AUD; 1 pip = 0.0001',
  },
  GBPUSD: {
    unitsPerLot: 100_000,
    unitName: 'units',
    pipSize: 0.0001,
    pipName: 'pips',
    lotStep: 0.01,
    quote: 'USD',
    note: '1 lot = 100,000 GBP; 1 pip = 0.0001',
  },
  GBPJPY: {
    unitsPerLot: 100_000,
    unitName: 'units',
    pipSize: 0.01,
    pipName: 'pips',
    lotStep: 0.01,
    quote: 'JPY',
    note: '1 lot = 100,000 GBP; 1 pip = 0.01 JPY',
  },
  US30: {
    unitsPerLot: 1,
    unitName: 'contracts',
    pipSize: 1,
    pipName: 'points',
    lotStep: 0.01,
    quote: 'USD',
    note: '1 lot = $1 per index point',
  },
  XAUUSD: {
    unitsPerLot: 100,
    unitName: 'oz',
    pipSize: 1,
    pipName: 'points',
    lotStep: 0.01,
    quote: 'USD',
    note: '1 lot = 100 oz; 1 point = $1',
  },
  BTCUSD: {
    unitsPerLot: 1,
    unitName: 'BTC',
    pipSize: 1,
    pipName: 'points',
    lotStep: 0.01,
    quote: 'USD',
    note: '1 lot = 1 BTC; 1 point = $1',
  },
};

/** Lot sizes per symbol; the pip or point size and its name come from the instrument catalogue. */
export const CONTRACT_SPECS: Record<PriceSymbol, ContractSpec> = Object.fromEntries(
  Object.entries(LOTS).map(([symbol, spec]) => [
    symbol,
    { ...spec, pipSize: INSTRUMENT_PRESETS[symbol]!.unitSize, pipName: INSTRUMENT_PRESETS[symbol]!.unitName },
  ]),
) as Record<PriceSymbol, ContractSpec>;

export const ACCOUNT_CURRENCY = 'USD';

/**
 * What one pip (or point) of one lot is worth in US dollars. JPY-quoted pairs convert at USDJPY,
 * read from the live GBPJPY and GBPUSD (USDJPY = GBPJPY / GBPUSD); without them, the defaults.
 */
export function pipValuePerLot(symbol: PriceSymbol, rates: Partial<Record<PriceSymbol, number>> = {}): number {
  const spec = CONTRACT_SPECS[symbol];
  const inQuote = spec.pipSize * spec.unitsPerLot;
  if (spec.quote === 'USD') return inQuote;
  const gbpjpy = positive(rates.GBPJPY) ?? DEFAULT_PRICES.GBPJPY;
  const gbpusd = positive(rates.GBPUSD) ?? DEFAULT_PRICES.GBPUSD;
  const usdjpy = gbpjpy / gbpusd;
  return inQuote / usdjpy;
}

const positive = (n: number | undefined) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined);

export interface RiskInput {
  instrument: PriceSymbol;
  direction: string;
  entry: number;
  stop: number;
  t0: number;
  t1: number;
  /** Account size in US dollars. */
  accountSize: number;
  /** Share of the account risked on the trade, in percent (the trading config's position size). */
  riskPercent: number;
  /** Live prices for currency conversion (GBPJPY, GBPUSD). */
  rates?: Partial<Record<PriceSymbol, number>>;
}

export interface RiskPlan {
  /** Position size in lots, rounded down to the lot step so the risk never exceeds the budget. */
  lots: number;
  /** The same position in units (units, oz, BTC, contracts). */
  units: number;
  unitName: string;
  /** What the trading config allows to lose: account × percent. */
  budget: number;
  /** What this position loses at the stop (at most the budget). */
  riskAmount: number;
  /** What it makes at T0 and at T1 (negative when a target is on the wrong side of the entry). */
  rewardT0: number;
  rewardT1: number;
  stopPips: number;
  t0Pips: number;
  t1Pips: number;
  pipName: 'pips' | 'points';
  /** US dollars per pip (point) per lot. */
  pipValue: number;
  /** Reward-to-risk at T0 and T1. */
  rrT0: number;
  rrT1: number;
  /** The budget does not reach the smallest lot at this stop distance. */
  belowMinimum: boolean;
}

export type RiskProblem = 'no-account' | 'no-stop-distance' | 'bad-input';

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The position size and the money at stake for a signal (see `RiskInput`), or why it cannot be sized. */
export function riskPlan(input: RiskInput): RiskPlan | { problem: RiskProblem } {
  const { instrument, entry, stop, t0, t1, accountSize, riskPercent } = input;
  if (![entry, stop, t0, t1, riskPercent].every((n) => Number.isFinite(n)) || entry <= 0 || riskPercent <= 0)
    return { problem: 'bad-input' };
  if (!Number.isFinite(accountSize) || accountSize <= 0) return { problem: 'no-account' };
  const spec = CONTRACT_SPECS[instrument];
  const stopDistance = Math.abs(entry - stop);
  // Distances in pips, cleaned of floating-point dust (0.65 - 0.645 is 0.0050000000000000044).
  const stopPips = round(stopDistance / spec.pipSize, 6);
  if (stopPips <= 0) return { problem: 'no-stop-distance' };
  const sign = input.direction.trim().toLowerCase() === 'short' ? -1 : 1;
  const t0Pips = round(((t0 - entry) * sign) / spec.pipSize, 6);
  const t1Pips = round(((t1 - entry) * sign) / spec.pipSize, 6);
  const pipValue = pipValuePerLot(instrument, input.rates);
  const budget = round((accountSize * riskPercent) / 100, 2);
  const rawLots = budget / (stopPips * pipValue);
  // Down to the lot step (a hair of tolerance so 0.4 stays 0.4, not 0.39).
  const steps = Math.floor(rawLots / spec.lotStep + 1e-9);
  const lots = round(steps * spec.lotStep, 8);
  const money = (pips: number) => round(lots * pips * pipValue, 2);
  return {
    lots,
    units: round(lots * spec.unitsPerLot, 8),
    unitName: spec.unitName,
    budget,
    riskAmount: money(stopPips),
    rewardT0: money(t0Pips),
    rewardT1: money(t1Pips),
    stopPips,
    t0Pips,
    t1Pips,
    pipName: spec.pipName,
    pipValue: round(pipValue, 4),
    rrT0: round(t0Pips / stopPips, 2),
    rrT1: round(t1Pips / stopPips, 2),
    belowMinimum: steps < 1,
  };
}

/** Money in the account currency: "$1,234.50", "-$98.60". */
export function formatMoney(amount: number): string {
  const text = Math.abs(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${amount < 0 ? '-' : ''}$${text}`;
}
