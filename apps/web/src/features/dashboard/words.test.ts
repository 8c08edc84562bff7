import { CONTRACT_SPECS, PRICE_SYMBOLS } from '@t0/contracts';
import { describe, expect, it } from 'vitest';
import { englishT } from '../../lib/i18n/english';
import terminal from '../../locales/en/terminal.json';
import './words';

// The terminal's English catalogue says what the screen said before it was translated, and what the
// contract catalogue says of each instrument.

describe('the terminal’s English words', () => {
  it('describe each instrument’s contract as the contract catalogue does', () => {
    const entries = terminal as Record<string, string>;
    for (const symbol of PRICE_SYMBOLS) expect(entries[`risk.contract.${symbol}`]).toBe(CONTRACT_SPECS[symbol].note);
  });

  it('word the analysis panel’s empty notes and the locked signal as before', () => {
    expect(englishT('terminal:analysis.noNotes', { timeframe: englishT('terminal:analysis.weekly') })).toBe(
      'No analysis notes available for WEEKLY timeframe.',
    );
    expect(englishT('terminal:analysis.noMemo')).toBe('[No analysis notes available]');
    expect(englishT('terminal:locked.level', { label: 'P&L' })).toBe('P&L locked');
    expect(englishT('terminal:locked.subject', { instrument: 'US30' })).toBe('the US30 signal');
  });
});
