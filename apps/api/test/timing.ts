const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** What `timedPairs` measured: the median of each side (ms) and the median of the pairs' unknown/known ratios. */
export interface PairedTimes {
  known: number;
  unknown: number;
  ratio: number;
  /** For an assertion's message. */
  describe: string;
}

/**
 * Times `pairs` pairs of a known and an unknown case, each pair back to back, in an order drawn at
 * random: a pause of the machine (another test file runs beside this one) slows both of a pair, not
 * one side of the count. The order is drawn, not alternated: work a request leaves behind (a job
 * queued to run a second later) lands on a later request, and with a fixed order and a steady
 * request time it can land on the same side pair after pair. Compare `ratio` (the median of the
 * pairs' ratios) with 1.
 */
export async function timedPairs(
  pairs: number,
  known: () => Promise<number>,
  unknown: () => Promise<number>,
): Promise<PairedTimes> {
  const ks: number[] = [];
  const us: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < pairs; i++) {
    let k: number;
    let u: number;
    if (Math.random() < 0.5) {
      k = await known();
      u = await unknown();
    } else {
      u = await unknown();
      k = await known();
    }
    ks.push(k);
    us.push(u);
    ratios.push(u / k);
  }
  const [k, u, ratio] = [median(ks), median(us), median(ratios)];
  return {
    known: k,
    unknown: u,
    ratio,
    describe: `unknown/known ${ratio.toFixed(3)} (medians: known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms)`,
  };
}
