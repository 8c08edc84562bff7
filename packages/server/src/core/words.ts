import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '@t0/contracts/domain/languages/languages';
import type { Words } from '@t0/contracts/domain/languages/words';
import i18next from 'i18next';
import arChannels from '@t0/contracts/locales/ar/channels.json';
import arMail from '@t0/contracts/locales/ar/mail.json';
import arNotices from '@t0/contracts/locales/ar/notices.json';
import arBot from '@t0/contracts/locales/ar/bot.json';
import enChannels from '@t0/contracts/locales/en/channels.json';
import enMail from '@t0/contracts/locales/en/mail.json';
import enNotices from '@t0/contracts/locales/en/notices.json';
import enBot from '@t0/contracts/locales/en/bot.json';
import esChannels from '@t0/contracts/locales/es/channels.json';
import esMail from '@t0/contracts/locales/es/mail.json';
import esNotices from '@t0/contracts/locales/es/notices.json';
import esBot from '@t0/contracts/locales/es/bot.json';
import ptChannels from '@t0/contracts/locales/pt-BR/channels.json';
import ptMail from '@t0/contracts/locales/pt-BR/mail.json';
import ptNotices from '@t0/contracts/locales/pt-BR/notices.json';
import ptBot from '@t0/contracts/locales/pt-BR/bot.json';

// The server's words in a subscriber's language: e-mails, Telegram and Discord
// messages, web push and the lifecycle notices they carry. One i18next instance over the catalogues
// of `@t0/contracts` (src/locales/<language>/<namespace>.json): `notices`, `mail`, `channels`, and
// `bot` (the Telegram bot's own replies). The API's own answers (errors, the in-app list's stored
// texts, webhooks) stay English.

/** The namespaces of the server's catalogues. */
export const SERVER_NAMESPACES = ['notices', 'mail', 'channels', 'bot'] as const;

const resources: Record<Language, Record<(typeof SERVER_NAMESPACES)[number], Record<string, string>>> = {
  en: { notices: enNotices, mail: enMail, channels: enChannels, bot: enBot },
  es: { notices: esNotices, mail: esMail, channels: esChannels, bot: esBot },
  'pt-BR': { notices: ptNotices, mail: ptMail, channels: ptChannels, bot: ptBot },
  ar: { notices: arNotices, mail: arMail, channels: arChannels, bot: arBot },
};

const i18n = i18next.createInstance();
void i18n.init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: [...SERVER_NAMESPACES],
  defaultNS: 'notices',
  resources,
  // Keys are flat ("levels.entry"): the namespace is the only separator.
  keySeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

const cache = new Map<Language, Words>();

/** `t` for one language (an unknown or absent one reads English). */
export function wordsFor(language: string | null | undefined): Words {
  const lng: Language = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  let t = cache.get(lng);
  if (!t) {
    const fixed = i18n.getFixedT(lng);
    t = (key, values) => fixed(key, values ?? {});
    cache.set(lng, t);
  }
  return t;
}

/** A subscriber's language: their own choice, else the desk's default (`defaultLanguage`). */
export const languageOf = (chosen: string | null | undefined, deskDefault: Language): Language =>
  isLanguage(chosen) ? chosen : deskDefault;
