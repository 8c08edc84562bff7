import { describe, expect, it } from 'vitest';
import ar from '../../locales/ar/profile.json';
import esShell from '../../locales/es/shell.json';
// The profile's English comes with its chunk: added before i18next starts, as the app's route does.
import '../../features/profile/words';
import { catalogueT, englishT } from './english';
import { i18n, showLanguage } from './i18n';

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

// A language page is hydrated with its own words and this lookup (no i18next): it writes what
// i18next writes once the whole language is loaded.
describe('catalogueT', () => {
  it('matches i18next in Arabic (six plural forms) and Spanish, English for a namespace it lacks', async () => {
    await showLanguage('ar');
    await showLanguage('es');
    const arabic = catalogueT('ar', { profile: ar });
    for (const count of [0, 1, 2, 3, 11, 100])
      expect(arabic('profile:language.description', { count }), String(count)).toBe(
        i18n.t('profile:language.description', { lng: 'ar', count }),
      );
    const spanish = catalogueT('es', { shell: esShell });
    expect(spanish('shell:footer.about')).toBe(i18n.t('shell:footer.about', { lng: 'es' }));
    expect(spanish('landing:hero.badge')).toBe(englishT('landing:hero.badge'));
  });
});
