import type { ChartNoteTimeframe, Instrument } from '@t0/contracts';
import type { ChartSpec } from './png';

// The demo terminal: what a new installation shows before the first administrator publishes.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export interface DemoSignal {
  instrument: Instrument;
  direction: 'long' | 'short';
  entryPrice: number;
  slPrice: number;
  t0Price: number;
  t1Price: number;
  memo: string;
  confidence: number;
  monthlyBias: 'Bullish' | 'Bearish' | 'Potentially Reversing';
  /** The open demo signals; closed ones come from the lifecycle (seed/demo-record.ts). */
  status: 'active' | 'limit';
  /** How long ago it was published. */
  ageMs: number;
}

export const DEMO_SIGNALS: DemoSignal[] = [
  {
    instrument: 'GBPJPY',
    direction: 'short',
    entryPrice: 196.45,
    slPrice: 197.2,
    t0Price: 195.6,
    t1Price: 194.3,
    memo: 'Weekly supply rejection; sell the retest below 196.50',
    confidence: 82,
    monthlyBias: 'Bearish',
    status: 'active',
    ageMs: 5 * HOUR,
  },
  {
    instrument: 'AUDUSD',
    direction: 'long',
    entryPrice: 0.6485,
    slPrice: 0.644,
    t0Price: 0.654,
    t1Price: 0.661,
    memo: 'Limit buy at the 0.6485 demand shelf',
    confidence: 71,
    monthlyBias: 'Bullish',
    status: 'limit',
    ageMs: 9 * HOUR,
  },
  {
    instrument: 'US30',
    direction: 'long',
    entryPrice: 42500,
    slPrice: 42150,
    t0Price: 42950,
    t1Price: 43400,
    memo: 'Higher low held at 42,400; trend continuation',
    confidence: 77,
    monthlyBias: 'Bullish',
    status: 'active',
    ageMs: 26 * HOUR,
  },
];

export interface DemoMemo {
  instrument: Instrument;
  memoText: string;
  keyLevels: string;
  marketStructure: string;
  riskManagement: string;
  chart: ChartSpec;
}

export const DEMO_MEMOS: DemoMemo[] = [
  {
    instrument: 'GBPJPY',
    memoText:
      'GBPJPY has stalled under the 197.00 weekly supply for the third week running. Each push into the zone has printed a long upper wick and momentum on the daily is fading while price still makes marginal highs. We favour shorts on retests of 196.40-196.80 while 197.20 holds, targeting the 195.60 daily imbalance first and the 194.30 range midpoint second.',
    keyLevels:
      '197.20 - weekly supply high / invalidation\n196.45 - entry zone (retest)\n195.60 - daily imbalance (T0)\n194.30 - range midpoint (T1)\n193.10 - monthly demand',
    marketStructure:
      'Monthly: uptrend intact, but extended. Weekly: lower high forming under 197.00. Daily: break of the last higher low at 195.90 would confirm a short-term bearish shift.',
    riskManagement:
      'Risk 1% per position. Move the stop to break-even once T0 is reached. Avoid fresh entries in the hour around Bank of Japan and Bank of England announcements.',
    chart: { seed: 11, start: 193.4, volatility: 0.0022, drift: 0.0004, levels: [197.2, 196.45, 195.6, 194.3] },
  },
  {
    instrument: 'GBPUSD',
    memoText:
      'Cable reclaimed 1.3380 after a clean break-and-retest and has been building acceptance above it. The next liquidity pool sits above the 1.3500 equal highs. Dips into 1.3400-1.3420 are buying opportunities while the daily closes hold above 1.3330.',
    keyLevels:
      '1.3500 - equal highs / liquidity\n1.3440 - intraday resistance\n1.3410 - buy zone\n1.3380 - broken resistance, now support\n1.3330 - invalidation',
    marketStructure:
      'Weekly: higher highs and higher lows since the spring low. Daily: impulsive leg up, shallow pullbacks. 4H: consolidating in a bull flag under 1.3440.',
    riskManagement:
      'Scale in at two prices inside the buy zone, half size each. A daily close below 1.3330 cancels the idea. US CPI and NFP days: flat before the release.',
    chart: { seed: 23, start: 1.322, volatility: 0.0016, drift: 0.0003, levels: [1.35, 1.344, 1.338, 1.333] },
  },
  {
    instrument: 'AUDUSD',
    memoText:
      'AUDUSD is rotating inside a 0.6450-0.6600 range. The lower edge at 0.6485 has absorbed three sell-offs, and Chinese data has stopped surprising to the downside. We have a resting limit buy at 0.6485 with targets at the range midpoint and the upper edge.',
    keyLevels:
      '0.6610 - range high (T1)\n0.6540 - range midpoint (T0)\n0.6485 - demand shelf / limit entry\n0.6440 - invalidation',
    marketStructure:
      'Monthly: potentially reversing from multi-year lows. Weekly: range. Daily: higher lows into the 0.6485 shelf, compression under 0.6540.',
    riskManagement:
      'Limit orders only at the shelf; no chasing inside the range. Cancel the order if the RBA surprises hawkish before it fills.',
    chart: { seed: 37, start: 0.6545, volatility: 0.0019, drift: -0.0001, levels: [0.661, 0.654, 0.6485, 0.644] },
  },
  {
    instrument: 'US30',
    memoText:
      'The Dow printed a higher low at 42,400 and reclaimed the 42,500 pivot on rising breadth. As long as the index holds above 42,150 the path of least resistance is higher, with 42,950 and the 43,400 record zone as targets.',
    keyLevels:
      '43,400 - record high zone (T1)\n42,950 - prior swing high (T0)\n42,500 - pivot / entry\n42,150 - invalidation',
    marketStructure:
      'Weekly: uptrend. Daily: higher low confirmed, reclaim of the pivot. 4H: breakout from a falling wedge.',
    riskManagement:
      'Index positions carry overnight gap risk: use 0.75% risk per trade and halve size into FOMC. Trail the stop under each new 4H higher low after T0.',
    chart: { seed: 41, start: 41950, volatility: 0.0035, drift: 0.0003, levels: [43400, 42950, 42500, 42150] },
  },
];

export interface DemoNote {
  instrument: Instrument;
  timeframe: ChartNoteTimeframe;
  note: string;
}

export const DEMO_NOTES: DemoNote[] = [
  {
    instrument: 'GBPJPY',
    timeframe: 'Monthly',
    note: 'Uptrend intact since 2022, but the last two monthly candles closed with long upper wicks under 198.00. Expect mean reversion toward 192-193 before continuation.',
  },
  {
    instrument: 'GBPJPY',
    timeframe: 'Weekly',
    note: 'Lower high under 197.00 supply. A weekly close below 195.00 opens 193.10.',
  },
  {
    instrument: 'GBPJPY',
    timeframe: '4H',
    note: 'Bearish order block 196.40-196.80. Short the retest, stop above 197.20.',
  },
  {
    instrument: 'GBPUSD',
    timeframe: 'Monthly',
    note: 'Bullish engulfing candle off the 1.2600 area; the monthly structure favours 1.3650 over the coming quarter.',
  },
  {
    instrument: 'GBPUSD',
    timeframe: 'Weekly',
    note: 'Break and close above 1.3380. Equal highs at 1.3500 are the obvious liquidity target.',
  },
  { instrument: 'GBPUSD', timeframe: '4H', note: 'Bull flag under 1.3440. Buy zone 1.3400-1.3420.' },
  {
    instrument: 'AUDUSD',
    timeframe: 'Monthly',
    note: 'Potential double bottom near 0.6270. Needs a monthly close above 0.6700 to confirm.',
  },
  { instrument: 'AUDUSD', timeframe: 'Weekly', note: 'Range 0.6450-0.6600; three rejections of the lower edge.' },
  { instrument: 'AUDUSD', timeframe: '4H', note: 'Higher lows into 0.6485. Limit buy resting at the shelf.' },
  {
    instrument: 'US30',
    timeframe: 'Monthly',
    note: 'Record highs last quarter; momentum still positive on the monthly.',
  },
  { instrument: 'US30', timeframe: 'Weekly', note: 'Pullback held the 20-week average. Higher low at 42,400.' },
  { instrument: 'US30', timeframe: '4H', note: 'Falling wedge breakout; retest of 42,500 held on the open.' },
];

export interface DemoPost {
  title: string;
  excerpt: string;
  author: string;
  content: string;
  ageMs: number;
}

export const DEMO_POSTS: DemoPost[] = [
  {
    title: 'Why We Wait for the Retest: Entries at Broken Structure',
    excerpt:
      'Chasing a breakout buys the worst price of the move. Here is how we use the retest of broken structure to enter with a defined stop and a better reward-to-risk.',
    author: 'T0 Research Desk',
    ageMs: 2 * DAY,
    content: [
      'A breakout candle is the most emotional moment on a chart. Volume spikes, social feeds light up and the urge to buy now is strongest precisely when the price is furthest from any level we could put a stop behind.',
      'Our rule is simple: when resistance breaks, we do not buy the break. We mark the broken level and wait for price to come back to it. If the level was real, the orders that sat there as supply become demand, and the retest holds. Our stop goes just beyond the other side of the level, where the idea is clearly wrong.',
      'Take the recent GBPUSD signal. The 1.3380 level capped price for five weeks. When it broke, the move ran 60 pips in a session. Buying the candle would have meant a 70-pip stop. Waiting for the retest two days later gave an entry at 1.3380 with a 50-pip stop and the same targets, and both targets were reached.',
      'Not every breakout retests. Some run without us, and that is a cost we accept. Over a year of signals, the trades we skip are cheaper than the stops we avoid.',
    ].join('\n\n'),
  },
  {
    title: 'Position Sizing Is the Strategy',
    excerpt:
      'Two traders can take the same signals and end the year in very different places. The difference is almost always how much they risk per trade.',
    author: 'T0 Risk Team',
    ageMs: 6 * DAY,
    content: [
      'Every T0 signal comes with an entry, a stop and two targets. What it cannot tell you is how many lots to trade, because that depends on your account, not on the chart.',
      'We size every position so that the distance from entry to stop costs one percent of the account. On a 10,000 account, a GBPJPY short with a 75-pip stop risks 100, so the position is the amount where 75 pips equals 100. If the stop is wider, the position is smaller. The risk stays the same.',
      'Fixed-fractional sizing does two things. It keeps a run of losses survivable: ten losers in a row cost about ten percent, not the account. And it lets winners compound, because one percent of a growing account is a growing number.',
      'The most common mistake we see is sizing up after a loss to win it back. The market does not know you lost. Keep the fraction fixed, let the edge play out over dozens of trades, and judge the system on the month, not the day.',
    ].join('\n\n'),
  },
  {
    title: 'Reading the Monthly Bias Before the 4H Trigger',
    excerpt:
      'Our signals carry a monthly bias for a reason: the higher timeframe decides which 4H setups are worth taking and which are traps.',
    author: 'T0 Research Desk',
    ageMs: 11 * DAY,
    content: [
      'Lower timeframes produce many more setups than higher ones, and most of them fail. The monthly chart is our filter. It tells us which direction the large money has been pushing and where the obvious levels are.',
      'When the monthly bias is Bullish, we take 4H longs at demand and ignore most 4H shorts, however good they look. When it is Bearish, the reverse. Potentially Reversing means the monthly structure is changing: we trade smaller and take profits earlier until the new direction is confirmed.',
      'AUDUSD is a live example. The monthly chart shows a possible double bottom, which is why the bias reads Potentially Reversing rather than Bullish. We are buying the range low on the 4H, but with a tighter first target at the range midpoint.',
      'Top-down analysis is slower. It means sitting on your hands while the 4H chart offers a dozen trades. But a setup aligned with the monthly has the wind behind it, and that is where most of our edge comes from.',
    ].join('\n\n'),
  },
  {
    title: 'Trading Around High-Impact News',
    excerpt:
      'CPI, payrolls and central bank days can move a pair 100 pips in a minute. Our playbook for protecting open positions and deciding when to stand aside.',
    author: 'T0 Risk Team',
    ageMs: 16 * DAY,
    content: [
      'Scheduled news is the one part of market risk we can see coming. Spreads widen, liquidity thins and stops can be filled far from where they were placed.',
      'Our playbook: no new entries in the 30 minutes before a top-tier release on the currencies involved. Open positions that have reached T0 have their stop at break-even by then. Positions that have not reached T0 are either closed or reduced to half size.',
      'After the release we wait for the first 15-minute candle to close. The initial spike often reverses, and the level it reverses from is frequently a better entry than anything available before the number.',
      'Standing aside feels like missing out. It is not. It is choosing not to take a trade whose outcome depends on a coin toss.',
    ].join('\n\n'),
  },
];

export const DEMO_RESOURCE = {
  title: 'T0 Risk Management Checklist',
  description:
    'A one-page checklist to run through before, during and after every trade: sizing, stops, news and journaling.',
  category: 'risk-management',
  fileName: 't0-risk-management-checklist.pdf',
  key: 'documents/demo/t0-risk-management-checklist.pdf',
};

export const CHECKLIST_SECTIONS: { heading: string; items: string[] }[] = [
  {
    heading: 'Before the trade',
    items: [
      'The setup agrees with the monthly bias, or the size is halved.',
      'Entry, stop, T0 and T1 are written down before the order is placed.',
      'The position risks at most 1% of the account at the stop.',
      'No top-tier news on either currency within the next 30 minutes.',
      'Total open risk across all positions stays below 3%.',
    ],
  },
  {
    heading: 'During the trade',
    items: [
      'The stop is never widened.',
      'At T0, take partial profit and move the stop to break-even.',
      'Before scheduled news, a position short of T0 is closed or halved.',
      'No adding to a losing position.',
    ],
  },
  {
    heading: 'After the trade',
    items: [
      'Record entry, exit, result in R and a screenshot of the chart.',
      'Note whether the plan was followed, whatever the result.',
      'After three losses in a row, stop trading for the day.',
      'Review the journal weekly: which setups pay, which do not.',
    ],
  },
];
