import { DEFAULT_LANGUAGE, type Language } from '@t0/contracts';
import i18next, { type i18n as I18n } from 'i18next';
import { ENGLISH, NAMESPACES } from './english';

// i18next, loaded only when a language other than English is shown (its 15 KB would not fit the
// landing page's script budget): one namespace per feature, one JSON file per language and
// namespace under src/locales/<language>/<namespace>.json, each language's files fetched when it is
// chosen. Plurals are i18next's plural keys (`_one`, `_few`, `_other` …, as Intl.PluralRules names them).

export { NAMESPACES };

/** The other languages' catalogues, each fetched on demand. */
const catalogues = import.meta.glob<{ default: Record<string, string> }>([
  '../../locales/*/*.json',
  '!../../locales/en/*.json',
]);

export const i18n: I18n = i18next.createInstance();
void i18n.init({
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
  returnNull: false,
});

/** Fetches a language's catalogues and shows it. */
export async function showLanguage(language: Language): Promise<I18n> {
  await Promise.all(
    NAMESPACES.filter((ns) => !i18n.hasResourceBundle(language, ns)).map(async (ns) => {
      const load = catalogues[`../../locales/${language}/${ns}.json`];
      if (!load) return;
      i18n.addResourceBundle(language, ns, (await load()).default, true, true);
    }),
  );
  if (i18n.language !== language) await i18n.changeLanguage(language);
  return i18n;
}
