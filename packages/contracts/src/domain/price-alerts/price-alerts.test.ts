import { describe, expect, it } from 'vitest';
import { judgePriceAlert, priceAlertTitle, priceOnSide, type PriceAlertState } from './price-alerts';
import { catalogueWords } from '../languages/words';
import spanish from '../../locales/es/notices.json';

// Walks a scripted price path through the judge and lists when it fires.
function fires(start: PriceAlertState, path: readonly number[], band = 0.02) {
  let state = start;
  const at: number[] = [];
  path.forEach((price, i) => {
    const j = judgePriceAlert(state, price, band);
    if (j.fire) at.push(i);
    state = { ...state, armed: j.armed, lastSide: j.lastSide };
  });
  return at;
}

const alert = (over: Partial<PriceAlertState>): PriceAlertState => ({
  condition: 'above',
  level: 196.5,
  repeat: 'every',
  armed: true,
  lastSide: null,
  ...over,
});

describe('judging a price alert', () => {
  it('above: fires once while the price hovers at the level, again only after falling the band below', () => {
    //            0       1       2        3       4       5      6
    const path = [196.4, 196.5, 196.49, 196.51, 196.48, 196.45, 196.52];
    expect(fires(alert({}), path)).toEqual([1, 6]);
  });

  it('below is the mirror', () => {
    expect(fires(alert({ condition: 'below' }), [196.6, 196.5, 196.51, 196.49, 196.53, 196.48])).toEqual([1, 5]);
  });

  it('crossing: only from a side seen outside the band, then once per crossing', () => {
    // Starts inside the band (no side yet), goes above, crosses down, hovers, goes below, crosses up.
    const path = [196.5, 196.55, 196.5, 196.51, 196.49, 196.4, 196.5];
    expect(fires(alert({ condition: 'crossing' }), path)).toEqual([2, 6]);
  });

  it('once: the first firing is the last', () => {
    const j = judgePriceAlert(alert({ repeat: 'once' }), 196.6, 0.02);
    expect(j).toMatchObject({ fire: true, done: true });
  });
});

describe('the side a price is judged on', () => {
  it('bid or ask when the feed gives both, the mid otherwise', () => {
    expect(priceOnSide('bid', { bid: 1.1, ask: 1.2 })).toBe(1.1);
    expect(priceOnSide('ask', { bid: 1.1, ask: 1.2 })).toBe(1.2);
    expect(priceOnSide('mid', { bid: 1.1, ask: 1.3 })).toBeCloseTo(1.2, 10);
    // One price known (the feed's own): every side is judged on it.
    expect(priceOnSide('ask', { price: 1.15 })).toBe(1.15);
  });
});

describe('priceAlertTitle', () => {
  it("writes the alert's line in the reader's language, the level as the feed writes it", () => {
    const alert = { instrument: 'GBPJPY', condition: 'above', level: '196.125', side: 'mid' } as const;
    expect(priceAlertTitle(alert)).toBe('GBPJPY above 196.125 (mid)');
    expect(priceAlertTitle({ ...alert, condition: 'crossing', side: 'bid' })).toBe('GBPJPY crossed 196.125 (bid)');
    expect(priceAlertTitle(alert, catalogueWords('es', { notices: spanish }))).toBe(
      'GBPJPY por encima de 196.125 (medio)',
    );
  });
});
