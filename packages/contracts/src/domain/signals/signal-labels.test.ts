import { describe, expect, it } from 'vitest';
import {
  authorLine,
  DESK_NAME_FALLBACK,
  disclosurePath,
  RISK_WARNING_MAX,
  riskWarningOf,
  shortLabelLine,
  utcStamp,
} from './signal-labels';
import { DEFAULT_RISK_DISCLOSURE } from '../site/site-settings';

const times = { completedAt: '2026-11-29T18:04:59.900Z', releasedAt: '2026-11-29T18:05:01.000Z' };

describe('signal labels', () => {
  it('prints times in UTC to the minute', () => {
    expect(utcStamp('2026-11-29T19:04:59.900+01:00')).toBe('2026-11-29 18:04 UTC');
    expect(utcStamp('nonsense')).toBe('--');
  });

  it('names the analyst with their title, or the desk', () => {
    expect(
      authorLine({ author: { name: 'Ada Lane', title: 'FX strategist' }, legalPerson: 'Desk Ltd', ...times }),
    ).toBe('by Ada Lane, FX strategist · completed 2026-11-29 18:04 UTC · released 2026-11-29 18:05 UTC');
    expect(authorLine({ author: { name: 'Ada Lane', title: ' ' }, legalPerson: '', ...times })).toMatch(
      /^by Ada Lane · /,
    );
    expect(authorLine({ author: null, legalPerson: 'T0 Markets Ltd', ...times })).toMatch(/^by T0 Markets Ltd · /);
    expect(authorLine({ author: null, legalPerson: '  ', ...times })).toMatch(`by ${DESK_NAME_FALLBACK} · `);
  });

  it('makes the short line end with the disclosure link', () => {
    const url = `https://t0.example${disclosurePath(7)}`;
    expect(url).toBe('https://t0.example/signals/7/disclosure');
    const line = shortLabelLine({ author: null, legalPerson: 'Desk Ltd', ...times }, url);
    expect(line).toMatch(
      /^by Desk Ltd · completed .* · released .* · disclosure and risk warning: https:\/\/t0\.example\/signals\/7\/disclosure$/,
    );
  });

  it('takes the risk page first paragraph as plain text', () => {
    expect(riskWarningOf('# Risk\n\n**Trading** is [risky](https://x.test).\n\nMore.')).toBe('Trading is risky.');
    expect(riskWarningOf(DEFAULT_RISK_DISCLOSURE)).toMatch(/^Trading foreign exchange, indices .* initial deposit\.$/);
    expect(riskWarningOf('x'.repeat(1000))).toHaveLength(RISK_WARNING_MAX);
    expect(riskWarningOf('')).toBe('');
  });
});
