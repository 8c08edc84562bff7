// The words of the product's messages (e-mails, Telegram, Discord, web push, lifecycle notices) in a
// subscriber's language. The catalogues are JSON files, one per language and namespace, under
// `src/locales/<language>/<namespace>.json`; keys are flat and written in full where they are used
// (`t('notices:activated.title', { name })`). The server reads them through i18next; `catalogueWords`
// is the small lookup the pure rules fall back on (English by default).

/** Reads one message key (`namespace:key`) with its values; `count` chooses a plural form. */
export type Words = (key: string, values?: Record<string, string | number>) => string;

export type Catalogues = Readonly<Record<string, Readonly<Record<string, string>>>>;

/**
 * A lookup over one language's catalogues: `{{name}}` replaced by its value, a key with `count`
 * read in the plural form `Intl.PluralRules` gives (`_one`, `_other` …). A missing key reads as itself.
 */
export function catalogueWords(language: string, catalogues: Catalogues): Words {
  const plural = new Intl.PluralRules(language);
  return (key, values = {}) => {
    const at = key.indexOf(':');
    const entries = catalogues[key.slice(0, at)] ?? {};
    const name = key.slice(at + 1);
    const text =
      (typeof values.count === 'number' ? entries[`${name}_${plural.select(values.count)}`] : undefined) ??
      entries[name] ??
      key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, v: string) => (v in values ? String(values[v]) : whole));
  };
}
