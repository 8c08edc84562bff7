import { distancePips, reachedAdverse, riskPips, rMultiple } from '@t0/contracts';

// The generator's figures from what is typed so far (null where a value is missing or not a number).

export interface RiskInput {
  instrument: string;
  direction: string;
  status: string;
  entryPrice: string;
  slPrice: string;
  t0Price: string;
  t1Price: string;
}

export interface RiskFigures {
  riskPips: number | null;
  t0R: number | null;
  t1R: number | null;
  livePrice: number | null;
  /** Pips from the live price to the entry (positive: the entry lies above). */
  distancePips: number | null;
  /** A limit whose entry the price has already reached: it fills on the next price. */
  fillsAtOnce: boolean;
}

const parse = (v: string) => {
  const n = v.trim() === '' ? Number.NaN : Number(v);
  return Number.isFinite(n) && n > 0 ? n : null;
};

export function riskFigures(v: RiskInput, livePrice: number | null | undefined): RiskFigures {
  const entry = parse(v.entryPrice);
  const sl = parse(v.slPrice);
  const t0 = parse(v.t0Price);
  const t1 = parse(v.t1Price);
  const live = typeof livePrice === 'number' && Number.isFinite(livePrice) ? livePrice : null;
  const valid = entry !== null && sl !== null && entry !== sl;
  return {
    riskPips: valid ? riskPips(v.instrument, entry, sl) : null,
    t0R: valid && t0 !== null ? rMultiple(v.direction, entry, sl, t0) : null,
    t1R: valid && t1 !== null ? rMultiple(v.direction, entry, sl, t1) : null,
    livePrice: live,
    distancePips: entry !== null && live !== null ? distancePips(v.instrument, live, entry) : null,
    fillsAtOnce: v.status === 'limit' && entry !== null && live !== null && reachedAdverse(v.direction, live, entry),
  };
}
