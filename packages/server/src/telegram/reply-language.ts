import type { Db } from '@t0/db';
import { matchLanguage, type Language } from '@t0/contracts/domain/languages/languages';
import { subscriberLanguage } from '../preferences/language';
import { readDefaultLanguage } from '../site/site-settings.queries';
import { findUserIdOfChat } from './telegram.queries';

// The language of the bot's own replies (docs/features/languages.md): a linked account's (its
// choice, else the desk's default); for a chat linked to no account (yet), the sender's Telegram
// language (`language_code` of the update's `from`, "pt-br", "es" …) when the bot speaks it, else
// the desk's default.

/** What the language is chosen from: the database, and the sender's Telegram language if known. */
export interface ReplyLanguageDeps {
  db: Db;
  languageCode?: string | undefined;
}

/** The language to answer in: the account's when `userId` names one, else the sender's, else the desk's. */
export async function replyLanguage(deps: ReplyLanguageDeps, userId: number | null): Promise<Language> {
  if (userId !== null) return subscriberLanguage(deps.db, userId);
  return matchLanguage(deps.languageCode ? [deps.languageCode] : []) ?? readDefaultLanguage(deps.db);
}

/** The language to answer a private chat in (its id is the Telegram user's): its linked account's, else the sender's. */
export async function chatLanguage(deps: ReplyLanguageDeps, chatId: string): Promise<Language> {
  return replyLanguage(deps, await findUserIdOfChat(deps.db, chatId));
}
