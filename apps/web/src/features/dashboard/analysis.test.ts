import { describe, expect, it } from 'vitest';
import { chartPageUrl, memoFor, noteFor, readMemo } from './analysis';

describe('chartPageUrl', () => {
  it('opens the same symbol and interval on the vendor’s site (US30 from the index feed)', () => {
    const url = new URL(chartPageUrl('US30', '1M'));
    expect(url.origin).toBe('https://www.tradingview.com');
    expect(url.searchParams.get('symbol')).toBe('TVC:DJI');
    expect(url.searchParams.get('interval')).toBe('1M');
    expect(new URL(chartPageUrl('gbpjpy', '240')).searchParams.get('symbol')).toBe('FX:GBPJPY');
  });
});

describe('readMemo', () => {
  it('reads camelCase and snake_case fields and the legacy single image', () => {
    expect(readMemo({ memo_text: 'Text', key_levels: '1.30', memo_image_url: '/objects/a.png' })).toEqual({
      memoText: 'Text',
      imageUrls: ['/objects/a.png'],
      keyLevels: '1.30',
      marketStructure: '',
      riskManagement: '',
      locked: false,
    });
    const memo = readMemo({
      memoText: 'A',
      memoImageUrls: ['/objects/1.png', ''],
      memoImageUrl: '/objects/1.png',
      locked: true,
    });
    expect(memo?.imageUrls).toEqual(['/objects/1.png']);
    expect(memo?.locked).toBe(true);
    expect(readMemo(null)).toBeNull();
  });
  it('finds an instrument case-insensitively', () => {
    expect(memoFor([{ instrument: 'audusd', memoText: 'x' }], 'AUDUSD')?.memoText).toBe('x');
    expect(memoFor([], 'AUDUSD')).toBeNull();
  });
});

describe('noteFor', () => {
  const notes = [
    { instrument: 'GBPJPY', timeframe: 'Monthly', note: '  Range top  ' },
    { instrument: 'GBPJPY', timeframe: '4H', note: '   ' },
  ];
  it('matches case-insensitively and treats blank notes as absent', () => {
    expect(noteFor(notes, 'gbpjpy', 'monthly').text).toBe('Range top');
    expect(noteFor(notes, 'GBPJPY', '4h').text).toBeNull();
    expect(noteFor(notes, 'GBPJPY', 'weekly').text).toBeNull();
  });
});
