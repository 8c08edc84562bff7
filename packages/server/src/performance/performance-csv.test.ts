import { describe, expect, it } from 'vitest';
import { PRESCRIBED_STATEMENT_4_41 } from '@t0/contracts/domain/performance/analyst-record';
import type { Performance, PerformanceTrade } from '@t0/contracts/schemas/performance/performance';
import { PERFORMANCE_CSV_COLUMNS, performanceCsv } from './performance.handler';

describe('performance CSV', () => {
  it('neutralises a cell that would start a formula and keeps negative numbers as numbers', () => {
    const trade = Object.fromEntries(PERFORMANCE_CSV_COLUMNS.map((c) => [c, ''])) as unknown as PerformanceTrade;
    Object.assign(trade, {
      signalId: 7,
      instrument: '=cmd|"/c calc"!A1',
      reason: '@SUM(1)',
      pips: -12.5,
      r: '-0.8',
      parts: [],
    });
    const csv = performanceCsv({ trades: [trade], notice: 'Hypothetical results.' } as unknown as Performance);
    const [notice, header, row] = csv.split('\r\n');
    expect(notice).toBe('# Hypothetical results.');
    expect(header).toBe(PERFORMANCE_CSV_COLUMNS.join(','));
    const cells = row!.split(',');
    const at = (c: (typeof PERFORMANCE_CSV_COLUMNS)[number]) => cells[PERFORMANCE_CSV_COLUMNS.indexOf(c)];
    expect(at('instrument')).toBe(`"'=cmd|""/c calc""!A1"`);
    expect(at('reason')).toBe("'@SUM(1)");
    expect(at('pips')).toBe('-12.5');
    expect(at('r')).toBe('-0.8');
  });

  it('leads with the prescribed statement when it is on, then the notice and the filter, as comment lines', () => {
    const csv = performanceCsv({
      trades: [],
      notice: 'Hypothetical results.',
      statement: PRESCRIBED_STATEMENT_4_41,
      analyst: { id: 1, slug: 'ana', displayName: 'Ana', title: '', active: true },
      room: 'fx',
    } as unknown as Performance);
    expect(csv.split('\r\n').slice(0, 5)).toEqual([
      `# CFTC Rule 4.41(b)(1): ${PRESCRIBED_STATEMENT_4_41}`,
      '# Hypothetical results.',
      '# Analyst: Ana (ana)',
      '# Room: fx',
      PERFORMANCE_CSV_COLUMNS.join(','),
    ]);
  });
});
