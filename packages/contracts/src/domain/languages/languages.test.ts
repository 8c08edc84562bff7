import { describe, expect, it } from 'vitest';
import {
  acceptLanguageTags,
  chooseLanguage,
  isLanguage,
  languageDirection,
  languageOfPath,
  LANGUAGES,
  localizedPath,
  matchLanguage,
  pathWithoutLanguage,
} from './languages';
import { prerenderedPage, PRERENDERED_PAGES } from '../common/constants';

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

  it('puts the address language first on a language page, then the visitor’s own choice before the browser', () => {
    expect(chooseLanguage({ address: 'ar', account: 'es', visitor: 'pt-BR', browser: ['en'] })).toBe('ar');
    expect(chooseLanguage({ address: null, account: 'es', visitor: 'pt-BR', browser: ['en'] })).toBe('es');
    expect(chooseLanguage({ visitor: 'pt-BR', browser: ['ar'] })).toBe('pt-BR');
    expect(chooseLanguage({ visitor: 'en', browser: ['ar'] })).toBe('en');
  });

  it('writes and reads the language of a public page’s address', () => {
    expect(LANGUAGES.map((l) => localizedPath('/', l))).toEqual(['/', '/es/', '/pt-br/', '/ar/']);
    expect(localizedPath('/performance', 'pt-BR')).toBe('/pt-br/performance');
    expect(languageOfPath('/pt-br/performance')).toBe('pt-BR');
    expect(languageOfPath('/AR/')).toBe('ar');
    expect(languageOfPath('/ar')).toBe('ar');
    expect(languageOfPath('/')).toBeNull();
    expect(languageOfPath('/arcade')).toBeNull();
    expect(languageOfPath('/performance')).toBeNull();
    expect(pathWithoutLanguage('/ar/performance')).toBe('/performance');
    expect(pathWithoutLanguage('/es/')).toBe('/');
    expect(pathWithoutLanguage('/es')).toBe('/');
    expect(pathWithoutLanguage('/auth')).toBe('/auth');
  });

  it('pre-renders the landing page and the record in every language, each address its own file', () => {
    expect(PRERENDERED_PAGES.map((p) => `${p.path} ${p.file} ${p.language}`)).toEqual([
      '/ landing.html en',
      '/performance performance.html en',
      '/es/ landing.es.html es',
      '/es/performance performance.es.html es',
      '/pt-br/ landing.pt-br.html pt-BR',
      '/pt-br/performance performance.pt-br.html pt-BR',
      '/ar/ landing.ar.html ar',
      '/ar/performance performance.ar.html ar',
    ]);
    expect(prerenderedPage('/ar')?.file).toBe('landing.ar.html');
    expect(prerenderedPage('/ar/')?.file).toBe('landing.ar.html');
    expect(prerenderedPage('/ar/performance/')?.file).toBe('performance.ar.html');
    expect(prerenderedPage('/')?.file).toBe('landing.html');
    expect(prerenderedPage('/auth')).toBeUndefined();
    expect(prerenderedPage('/ar/auth')).toBeUndefined();
  });
});
