import type { Db } from '@t0/db';
import type { Language } from '@t0/contracts/domain/languages/languages';
import { languageOf } from '../core/words';
import { readDefaultLanguage } from '../site/site-settings.queries';
import { readPreferences } from './preferences.queries';

/** The language a subscriber's messages are written in: their choice (`user_settings.language`), else the desk's default. */
export async function subscriberLanguage(db: Db, userId: number): Promise<Language> {
  const { language } = await readPreferences(db, userId);
  return language ?? languageOf(null, await readDefaultLanguage(db));
}
