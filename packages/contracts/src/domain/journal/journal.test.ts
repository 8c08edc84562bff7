import { describe, expect, it } from 'vitest';
import {
  fillPromptSignal,
  fillPromptText,
  journalCallbackData,
  journalKeyboard,
  parseFillReply,
  parseJournalCallback,
  RESULTS_CSV_COLUMNS,
  journalSummary,
  median,
  myTradeResult,
  resultsCsv,
  takerFigures,
  type TakenTrade,
} from './journal';
import type { SignalOutcome } from '../signals/signal-outcome';
import { catalogueWords } from '../languages/words';
import englishBot from '../../locales/en/bot.json';
import portugueseBot from '../../locales/pt-BR/bot.json';

// A long GBPUSD signal published at 1.2500 with its stop at 1.2450 (risk 50 pips), filled by the
// desk at 1.2500, half closed at T0 1.2550 and the rest at T1 1.2600: the desk made
// 0.5 × 1 R + 0.5 × 2 R = 1.5 R.
const desk = {
  signalId: 1,
  instrument: 'GBPUSD',
  direction: 'long',
  entryPrice: 1.25,
  slPrice: 1.245,
  riskPrice: 0.005,
  fillPrice: 1.25,
  exitPrice: 1.26,
  closedAt: '2026-11-10T12:00:00.000Z',
  fillFeedPrice: 1.25,
  exitFeedPrice: 1.26,
  parts: [
    { kind: 't0', share: 50, price: 1.255 },
    { kind: 'exit', share: 50, price: 1.26 },
  ],
  r: 1.5,
} as SignalOutcome;
const took = (over: Partial<TakenTrade> = {}): TakenTrade => ({
  fillPrice: 1.25,
  takenAt: '2026-11-10T09:00:00.000Z',
  riskPercent: 2,
  lots: null,
  contractSize: null,
  exits: [],
  ...over,
});

describe('a taken trade, by hand', () => {
  it('at the desk’s entry, managed as the desk did, makes the desk’s R', () => {
    const mine = myTradeResult(desk, took());
    expect(mine).toMatchObject({ r: 1.5, pips: 75, slippagePips: 0, open: false, accountPercent: 3 });
    expect(mine.closedAt).toBe(desk.closedAt);
  });

  it('a worse fill risks more and makes less: fill 1.2510, risk 60 pips', () => {
    // Each part's R to two decimals, as the record computes it: 40 / 60 = 0.67 and 90 / 60 = 1.5;
    // 0.5 × 0.67 + 0.5 × 1.5 = 0.335 + 0.75 = 1.085 → 1.09.
    const mine = myTradeResult(desk, took({ fillPrice: 1.251 }));
    expect(mine.riskPrice).toBeCloseTo(0.006, 10);
    expect(mine.r).toBe(1.09);
    expect(mine.slippagePips).toBe(10);
  });

  it('own partial exit, the rest at the desk’s exit; money from lots and contract size', () => {
    // 30 % at 1.2450 (the stop, −1 R) and 70 % at 1.2600 (+2 R): −0.3 + 1.4 = 1.1 R.
    // Money: (0.3 × −0.005 + 0.7 × 0.01) × 2 lots × 100,000 = (−0.0015 + 0.007) × 200,000 = 1,100.
    const mine = myTradeResult(
      desk,
      took({ lots: 2, contractSize: 100_000, exits: [{ price: 1.245, share: 30, closedAt: '2026-11-10T10:00:00Z' }] }),
    );
    expect(mine).toMatchObject({ r: 1.1, money: 1100, open: false });
    expect(mine.closedAt).toBe(desk.closedAt);
  });

  it('own close of the whole position at 1.2525: 0.5 R, closed at my time, before the desk', () => {
    const mine = myTradeResult(
      desk,
      took({ exits: [{ price: 1.2525, share: 100, closedAt: '2026-11-10T10:30:00.000Z' }] }),
    );
    expect(mine).toMatchObject({ r: 0.5, open: false, closedAt: '2026-11-10T10:30:00.000Z' });
  });

  it('stays open while the desk’s signal runs and my exits leave a part', () => {
    const running = { ...desk, exitPrice: null, closedAt: null, parts: [] } as SignalOutcome;
    const mine = myTradeResult(
      running,
      took({ exits: [{ price: 1.255, share: 50, closedAt: '2026-11-10T10:00:00Z' }] }),
    );
    expect(mine).toMatchObject({ r: null, open: true, closedAt: null });
  });

  it('a fill beyond the stop has no R unit; a fill far from every price the feed saw is marked', () => {
    expect(myTradeResult(desk, took({ fillPrice: 1.244 })).r).toBeNull();
    expect(myTradeResult(desk, took({ fillPrice: 1.244 })).farFromFeed).toBe(true);
    expect(myTradeResult(desk, took({ fillPrice: 1.2511 })).farFromFeed).toBe(false);
    expect(myTradeResult(desk, took({ fillPrice: 1.27 })).farFromFeed).toBe(true);
  });
});

describe('the summary', () => {
  it('mine over my closed trades, the desk’s over the same signals, curves by close time', () => {
    const s = journalSummary([
      {
        decision: 'took',
        r: 1.1,
        deskR: 1.5,
        closedAt: '2026-11-02T00:00:00Z',
        deskClosedAt: '2026-11-02T00:00:00Z',
        slippagePips: 2,
      },
      {
        decision: 'took',
        r: -1,
        deskR: -1,
        closedAt: '2026-11-01T00:00:00Z',
        deskClosedAt: '2026-11-01T00:00:00Z',
        slippagePips: 0,
      },
      { decision: 'took', r: null, deskR: null, closedAt: null, deskClosedAt: null, slippagePips: 5 },
      {
        decision: 'skipped',
        r: null,
        deskR: 2,
        closedAt: null,
        deskClosedAt: '2026-11-03T00:00:00Z',
        slippagePips: null,
      },
    ]);
    expect(s).toMatchObject({
      taken: 3,
      skipped: 1,
      closed: 2,
      totalR: 0.1,
      meanR: 0.05,
      winRate: 0.5,
      deskTotalR: 0.5,
    });
    expect(s.medianSlippagePips).toBe(2);
    expect(s.mine.map((p) => p.r)).toEqual([-1, 0.1]);
    expect(s.desk.map((p) => p.r)).toEqual([-1, 0.5]);
  });

  it('median of an even count is the mean of the middle two', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});

describe('the CSV', () => {
  it('says what the figures are first, then one record per signal, cells made safe', () => {
    const csv = resultsCsv(
      [
        {
          signalId: 7,
          account: '=cmd',
          instrument: 'GBPUSD',
          direction: 'long',
          room: 'main',
          publishedAt: '2026-11-10T08:00:00.000Z',
          decision: 'took',
          fillPrice: 1.251,
          takenAt: '2026-11-10T09:00:00.000Z',
          deskEntry: 1.25,
          slippagePips: 10,
          r: 1.09,
          deskR: 1.5,
          pips: 65,
          money: null,
          riskPercent: 2,
          accountPercent: 2.18,
          closedAt: '2026-11-10T12:00:00.000Z',
          open: false,
          farFromFeed: false,
        },
      ],
      'Your own figures.',
    );
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('# Your own figures.');
    expect(lines[1]).toBe(RESULTS_CSV_COLUMNS.join(','));
    expect(lines[2]).toBe(
      "7,'=cmd,GBPUSD,long,main,2026-11-10T08:00:00.000Z,took,1.251,2026-11-10T09:00:00.000Z,1.25,10,1.09,1.5,65,,2,2.18,2026-11-10T12:00:00.000Z,no,no",
    );
  });
});

describe('the desk’s figures of a signal’s takers', () => {
  const took = (slippagePips: number, r: number | null) => ({ decision: 'took' as const, slippagePips, r });
  it('counts only below five takers', () => {
    expect(
      takerFigures([
        took(1, 1),
        took(2, -1),
        took(3, 2),
        took(4, null),
        { decision: 'skipped', slippagePips: null, r: null },
      ]),
    ).toEqual({
      takers: 4,
      skipped: 1,
      closed: 3,
      medianSlippagePips: null,
      profitShare: null,
    });
  });
  it('from five: the median slippage and the share of closed trades in profit', () => {
    // Slippage 0, 1, 2, 3, 10 → median 2; closed R 1, −1, 2, 0.5 → 3 of 4 in profit.
    expect(takerFigures([took(10, 1), took(0, -1), took(2, 2), took(1, 0.5), took(3, null)])).toMatchObject({
      takers: 5,
      medianSlippagePips: 2,
      profitShare: 0.75,
    });
  });
});

describe('the Telegram journal buttons', () => {
  it('name the decision and the signal in short callback data, read back the same', () => {
    expect(journalCallbackData('took', 42)).toBe('j:t:42');
    expect(parseJournalCallback(journalCallbackData('skipped', 987654))).toEqual({
      decision: 'skipped',
      signalId: 987654,
    });
    for (const bad of ['j:x:1', 'j:t:0', 'j:t:01', 'j:t:', 'took:1', 'j:t:1 ', 'j:t:1234567890123'])
      expect(parseJournalCallback(bad)).toBeNull();
    expect(journalKeyboard(7)[0]!.map((b) => b.callback_data)).toEqual(['j:t:7', 'j:s:7']);
  });

  it('find the signal in the fill question, whichever form it took', () => {
    expect(fillPromptSignal(fillPromptText(12, true))).toBe(12);
    expect(fillPromptSignal(fillPromptText(13, false))).toBe(13);
    expect(fillPromptSignal('Signal #12 is great')).toBeNull();
    // In the languages given: a question asked in Portuguese is read once Portuguese is among them.
    const pt = catalogueWords('pt-BR', { bot: portugueseBot });
    const english = catalogueWords('en', { bot: englishBot });
    expect(fillPromptText(14, false, pt)).toBe(
      'Sinal #14: responda a esta mensagem com seu preço de execução para registrá-lo como executado.',
    );
    expect(fillPromptSignal(fillPromptText(14, false, pt))).toBeNull();
    expect(fillPromptSignal(fillPromptText(14, false, pt), [english, pt])).toBe(14);
    expect(fillPromptSignal(fillPromptText(15, true), [english, pt])).toBe(15);
    // The question whole, not a message that starts as one.
    expect(fillPromptSignal(`${fillPromptText(16, true)} Or not.`, [english, pt])).toBeNull();
  });

  it('read a typed fill price, refusing what is not a positive number', () => {
    expect(parseFillReply(' 1.2345 ')).toBe(1.2345);
    expect(parseFillReply('1,2345')).toBe(1.2345);
    expect(parseFillReply('2 650.5')).toBe(2650.5);
    for (const bad of ['0', '-1', 'abc', '1.2.3', '', '1e5', '0.0']) expect(parseFillReply(bad)).toBeNull();
  });
});
