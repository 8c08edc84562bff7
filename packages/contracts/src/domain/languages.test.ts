import { describe, expect, it } from 'vitest';
import {
  acceptLanguageTags,
  chooseLanguage,
  isLanguage,
  languageDirection,
  LANGUAGES,
  matchLanguage,
} from './languages';

describe('languages', () => {
  it('knows the four codes and their directions', () => {
    expect(LANGUAGES).toEqual(['en', 'es', 'pt-BR', 'ar']);
    expect(LANGUAGES.map(languageDirection)).toEqual(['ltr', 'ltr', 'ltr', 'rtl']);
    expect(isLanguage('pt-BR')).toBe(true);
    expect(isLanguage('pt')).toBe(false);
    expect(isLanguage('fr')).toBe(false);
    expect(isLanguage(null)).toBe(false);
  });

  it('matches browser tags by code, then by main language, in the browser’s order', () => {
    expect(matchLanguage(['fr-FR', 'es-MX', 'en'])).toBe('es');
    expect(matchLanguage(['pt-PT'])).toBe('pt-BR');
    expect(matchLanguage(['PT-br'])).toBe('pt-BR');
    expect(matchLanguage(['ar-EG', 'en-US'])).toBe('ar');
    expect(matchLanguage(['de', 'ja'])).toBeNull();
    expect(matchLanguage([])).toBeNull();
  });

  it('reads an Accept-Language header by weight, leaving out refused tags', () => {
    expect(acceptLanguageTags('fr;q=0.9, ar-SA, es;q=0.5, *;q=0.1')).toEqual(['ar-SA', 'fr', 'es']);
    expect(acceptLanguageTags('es;q=0, pt')).toEqual(['pt']);
    expect(acceptLanguageTags(undefined)).toEqual([]);
  });

  it('prefers the account, then the browser, then the desk default, then English', () => {
    expect(chooseLanguage({ account: 'ar', browser: ['es'], siteDefault: 'pt-BR' })).toBe('ar');
    expect(chooseLanguage({ account: null, browser: ['es-AR'], siteDefault: 'pt-BR' })).toBe('es');
    expect(chooseLanguage({ browser: ['de'], siteDefault: 'pt-BR' })).toBe('pt-BR');
    expect(chooseLanguage({ browser: ['de'] })).toBe('en');
  });
});
