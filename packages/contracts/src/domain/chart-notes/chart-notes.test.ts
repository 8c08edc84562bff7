import { describe, expect, it } from 'vitest';
import { canonicalTimeframe, hasNoteText } from './chart-notes';

describe('chart-note timeframes', () => {
  it('matches the four timeframes in any case and stores them canonically', () => {
    expect(canonicalTimeframe('monthly')).toBe('Monthly');
    expect(canonicalTimeframe('WEEKLY')).toBe('Weekly');
    expect(canonicalTimeframe('4h')).toBe('4H');
    expect(canonicalTimeframe(' 15MIN ')).toBe('15min');
  });

  it('refuses anything else', () => {
    expect(canonicalTimeframe('1H')).toBeNull();
    expect(canonicalTimeframe('')).toBeNull();
  });

  it('treats a blank note as absent', () => {
    expect(hasNoteText('  \n ')).toBe(false);
    expect(hasNoteText(null)).toBe(false);
    expect(hasNoteText('Range high at 1.2710')).toBe(true);
  });
});
