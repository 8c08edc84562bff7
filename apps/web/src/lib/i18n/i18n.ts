import { DEFAULT_LANGUAGE, isLanguage, languageDirection, type Language } from '@t0/contracts';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enAuth from '../../locales/en/auth.json';
import enLanding from '../../locales/en/landing.json';
import enProfile from '../../locales/en/profile.json';
import enShell from '../../locales/en/shell.json';

// The app's words (docs/features/languages.md): one namespace per feature, one JSON file per
// language and namespace under src/locales/<language>/<namespace>.json. English is part of the
// bundle (the build draws the pre-rendered pages in it); another language's files are fetched when
// it is chosen, each a small chunk of its own. Keys are written in full where they are used,
// `t('landing:hero.badge')`, so a test can find every key the code uses (locales.test.ts).

export const NAMESPACES = ['shell', 'landing', 'auth', 'profile'] as const;
export type Namespace = (typeof NAMESPACES)[number];

const ENGLISH: Record<Namespace, Record<string, string>> = {
  shell: enShell,
  landing: enLanding,
  auth: enAuth,
  profile: enProfile,
};

/** The other languages' catalogues, each fetched on demand. */
const catalogues = import.meta.glob<{ default: Record<string, string> }>([
  '../../locales/*/*.json',
  '!../../locales/en/*.json',
]);

export const i18n: I18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['en', 'es', 'pt-BR', 'ar'],
  ns: [...NAMESPACES],
  defaultNS: 'shell',
  resources: { en: ENGLISH },
  // Keys are flat ("hero.badge"): the namespace is the only separator.
  keySeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
  returnNull: false,
});

/** Fetches a language's catalogues (English is already there). */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === DEFAULT_LANGUAGE) return;
  await Promise.all(
    NAMESPACES.filter((ns) => !i18n.hasResourceBundle(language, ns)).map(async (ns) => {
      const load = catalogues[`../../locales/${language}/${ns}.json`];
      if (!load) return;
      i18n.addResourceBundle(language, ns, (await load()).default, true, true);
    }),
  );
}

/** Sets `<html lang dir>` for a language. */
export function applyDocumentLanguage(language: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = languageDirection(language);
}

/** Shows the app in a language: its catalogues are fetched first, then every text is drawn again. */
export async function switchLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
}

/** The language on screen. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** The browser's languages, most wanted first. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}
