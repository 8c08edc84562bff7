import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@t0/contracts';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './english';

// Every catalogue (src/locales/<language>/<namespace>.json) holds every English key, with each
// plural form the language's grammar has, and no key the code does not use. Keys are written in
// full in the code ('landing:hero.badge'), so a scan of the source finds them all.

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PLURAL = /_(zero|one|two|few|many|other)$/;

function catalogue(language: string, ns: string): Record<string, string> {
  return JSON.parse(readFileSync(path.join(src, 'locales', language, `${ns}.json`), 'utf8')) as Record<string, string>;
}

/** The keys a catalogue defines, plural forms folded into their base key. */
function baseKeys(entries: Record<string, string>): Set<string> {
  return new Set(Object.keys(entries).map((k) => k.replace(PLURAL, '')));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'locales' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const KEY_IN_SOURCE = new RegExp(`['"\`](${NAMESPACES.join('|')}):([A-Za-z0-9_.]+)['"\`]`, 'g');
const used = new Set(
  sourceFiles(src).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(KEY_IN_SOURCE)].map((m) => `${m[1]}:${m[2]}`),
  ),
);

describe('catalogues', () => {
  it('finds keys in the source', () => {
    expect(used.size).toBeGreaterThan(50);
    expect(used.has('landing:hero.badge')).toBe(true);
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
        for (const [key, text] of Object.entries(entries)) expect(text.trim(), `${language} ${ns}:${key}`).not.toBe('');
      });
    }

    it(`every key of ${ns} is used by the code, and every key the code uses is there`, () => {
      const defined = [...baseKeys(english)].map((k) => `${ns}:${k}`);
      expect(defined.filter((k) => !used.has(k))).toEqual([]);
      expect([...used].filter((k) => k.startsWith(`${ns}:`) && !defined.includes(k))).toEqual([]);
    });
  }

  it('writes Arabic in Arabic script, and the other catalogues other than English', () => {
    for (const ns of NAMESPACES) {
      const english = catalogue('en', ns);
      const arabic = catalogue('ar', ns);
      for (const [key, text] of Object.entries(arabic))
        expect(/[\u0600-\u06FF]/.test(text), `ar ${ns}:${key} "${text}"`).toBe(true);
      for (const language of ['es', 'pt-BR']) {
        const entries = catalogue(language, ns);
        const same = Object.keys(entries).filter((k) => entries[k] === english[k]);
        // Words both languages use as they are (BLOG, TERMINAL, TRADERS …) are short; a sentence never is.
        expect(
          same.filter((k) => entries[k]!.split(' ').length > 2),
          `${language} ${ns}`,
        ).toEqual([]);
      }
    }
  });
});
