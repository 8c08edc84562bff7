import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../domain/languages/languages';
import { REDELIVERY_NOTE } from '../domain/delivery/delivery';
import { DESK_MESSAGE_NOTICE, DESK_MESSAGE_TELEGRAM_HINT, DESK_MESSAGE_TITLE } from '../domain/messages/messages';
import { catalogueWords } from '../domain/languages/words';

// The server's catalogues (src/locales/<language>/<namespace>.json: the e-mails, the channels'
// words, the lifecycle notices, the Telegram bot's replies): every English key in every language,
// with each plural form the language's grammar has, and no key the code does not use. Keys are written in full in the code
// ('mail:reset.subject'), so a scan of contracts, server and API sources finds them all.

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../..');
const NAMESPACES = ['notices', 'mail', 'channels', 'bot'] as const;
const PLURAL = /_(zero|one|two|few|many|other)$/;

function catalogue(language: string, ns: string): Record<string, string> {
  return JSON.parse(readFileSync(path.join(here, language, `${ns}.json`), 'utf8')) as Record<string, string>;
}

const baseKeys = (entries: Record<string, string>) => new Set(Object.keys(entries).map((k) => k.replace(PLURAL, '')));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'locales' || name === 'node_modules' ? [] : sourceFiles(full);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [full] : [];
  });
}

const KEY_IN_SOURCE = new RegExp(`['"\`](${NAMESPACES.join('|')}):([A-Za-z0-9_.]+)['"\`]`, 'g');
const used = new Set(
  ['packages/contracts/src', 'packages/server/src', 'apps/api/src']
    .flatMap((dir) => sourceFiles(path.join(root, dir)))
    .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(KEY_IN_SOURCE)].map((m) => `${m[1]}:${m[2]}`)),
);

describe('server catalogues', () => {
  it('finds keys in the source', () => {
    expect(used.has('mail:reset.subject')).toBe(true);
    expect(used.has('notices:activated.title')).toBe(true);
    expect(used.has('channels:open')).toBe(true);
  });

  for (const ns of NAMESPACES) {
    const english = catalogue('en', ns);
    for (const language of LANGUAGES) {
      it(`${language}/${ns}.json has every English key, each plural form of the language, and nothing else`, () => {
        const entries = catalogue(language, ns);
        const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
        const expected = new Set<string>();
        for (const key of baseKeys(english)) {
          const plural = Object.keys(english).some((k) => k !== key && k.replace(PLURAL, '') === key);
          if (plural) for (const c of categories) expected.add(`${key}_${c}`);
          else expected.add(key);
        }
        expect(Object.keys(entries).sort()).toEqual([...expected].sort());
        for (const [key, text] of Object.entries(entries)) {
          expect(text.trim(), `${language} ${ns}:${key}`).not.toBe('');
          // The same values in every language (a translation never drops or invents one).
          const values = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
          const base = key.replace(PLURAL, '');
          const source = english[key] ?? english[`${base}_other`]!;
          expect(
            values(text).filter((v) => v !== 'count'),
            `${language} ${ns}:${key}`,
          ).toEqual(values(source).filter((v) => v !== 'count'));
        }
      });
    }

    it(`every key of ${ns} is used by the code, and every key the code uses is there`, () => {
      const defined = [...baseKeys(english)].map((k) => `${ns}:${k}`);
      expect(defined.filter((k) => !used.has(k))).toEqual([]);
      expect([...used].filter((k) => k.startsWith(`${ns}:`) && !defined.includes(k))).toEqual([]);
    });
  }

  it('writes Arabic in Arabic script, and Spanish and Portuguese sentences other than English', () => {
    for (const ns of NAMESPACES) {
      const english = catalogue('en', ns);
      // The product's name and the values aside (`T0 Terminal: {{title}}`), every word is Arabic.
      for (const [key, text] of Object.entries(catalogue('ar', ns))) {
        const words = text.replace(/\{\{\w+\}\}/g, '').replace('T0 Terminal', '');
        if (/\p{L}/u.test(words)) expect(/[\u0600-\u06FF]/.test(text), `ar ${ns}:${key} "${text}"`).toBe(true);
      }
      for (const language of ['es', 'pt-BR']) {
        const entries = catalogue(language, ns);
        // Trading terms traders use as they are (Take Profit 1, stop loss) are short; a sentence never is.
        // A line of values alone (`{{instrument}} {{verb}} {{level}}`) has no words to translate.
        const words = (text: string) => text.replace(/\{\{\w+\}\}/g, '').trim();
        const same = Object.keys(entries).filter(
          (k) => entries[k] === english[k] && /\p{L}/u.test(words(entries[k]!)) && entries[k]!.split(' ').length > 3,
        );
        expect(same, `${language} ${ns}`).toEqual([]);
      }
    }
  });

  it("keeps English as the product's constants say it", () => {
    const t = catalogueWords('en', { notices: catalogue('en', 'notices'), channels: catalogue('en', 'channels') });
    expect(t('channels:redelivery')).toBe(REDELIVERY_NOTE);
    expect(t('channels:deskMessageHint')).toBe(DESK_MESSAGE_TELEGRAM_HINT);
    expect(t('notices:deskMessage.title')).toBe(DESK_MESSAGE_TITLE);
    expect(t('notices:deskMessage.notice')).toBe(DESK_MESSAGE_NOTICE);
    expect(t('notices:overParts', { count: 3 })).toBe(' over 3 parts');
  });
});
