import { MantineProvider } from '@mantine/core';
import { LANGUAGES } from '@t0/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { currentLanguage, switchLanguage } from '../lib/i18n/language';
import { Price } from './Price';

// Prices are never localised: the same Latin digits, `.` and the instrument's decimals in every language.

function drawn(symbol: string, value: number): string {
  return renderToStaticMarkup(
    <MantineProvider>
      <Price symbol={symbol} value={value} flash={false} />
    </MantineProvider>,
  );
}

describe('Price in every language', () => {
  it('writes GBPJPY 196.125 and AUDUSD 0.65169 identically, left to right', async () => {
    for (const language of LANGUAGES) {
      await switchLanguage(language);
      expect(currentLanguage()).toBe(language);
      for (const [symbol, value, text] of [
        ['GBPJPY', 196.125, '196.125'],
        ['AUDUSD', 0.65169, '0.65169'],
        ['US30', 42850.5, '42,850.50'],
      ] as const) {
        const html = drawn(symbol, value);
        expect(html, `${language} ${symbol}`).toContain(`>${text}</span>`);
        expect(html).toContain('dir="ltr"');
      }
    }
    await switchLanguage('en');
  });
});
