import { describe, expect, it } from 'vitest';
import { englishT } from './english';
import { i18n } from './i18n';

// The bundled English lookup writes what i18next writes for the same key and options.

describe('englishT', () => {
  it('matches i18next in English: plain keys, interpolation and plural forms', () => {
    const cases: Array<[string, Record<string, string | number>?]> = [
      ['landing:hero.badge'],
      ['profile:language.browser', { name: 'Español' }],
      ['profile:language.description', { count: 1 }],
      ['profile:language.description', { count: 4 }],
      ['shell:footer.about'],
    ];
    for (const [key, options] of cases)
      expect(englishT(key, options), key).toBe(i18n.t(key, { lng: 'en', ...options }));
    expect(englishT('profile:language.description', { count: 4 })).toBe(
      'The terminal is shown in this language (4 languages available).',
    );
  });
});
