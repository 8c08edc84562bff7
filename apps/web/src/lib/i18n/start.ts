import { chooseLanguage } from '@t0/contracts';
import { browserLanguages, switchLanguage } from './language';

/**
 * Before the first render of a page the app draws itself (not a pre-rendered one, which is hydrated
 * in English): the browser's language is fetched and applied, so the page is drawn in it at once.
 * The account's choice and the desk's default follow when they answer (LanguageSync).
 */
export async function startLanguage(): Promise<void> {
  const language = chooseLanguage({ browser: browserLanguages() });
  try {
    await switchLanguage(language);
  } catch {
    // A catalogue that cannot be fetched leaves the page in English.
  }
}
