// The blacklist: what a banned person is known by, stored once per kind in a normalised form so
// that a lookup is an exact match. An e-mail address is matched without regard to case, and a Gmail
// address with its dots and `+tag` folded (Gmail delivers `J.Doe+x@googlemail.com` to
// `jdoe@gmail.com`); a domain entry (`@example.com`) matches every address at that domain.

export const BLACKLIST_KINDS = ['email', 'domain', 'card', 'telegram', 'discord', 'whop'] as const;
export type BlacklistKind = (typeof BLACKLIST_KINDS)[number];

export const BLACKLIST_VALUE_MAX = 255;
export const BLACKLIST_REASON_MAX = 500;

/** The one message a refused person sees: it does not say why (the console and the audit do). */
export const BLACKLIST_REFUSAL = 'This account cannot be used here.';

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** A domain as stored: lower case, `googlemail.com` as `gmail.com` (the same mailboxes). */
function normaliseDomain(domain: string): string {
  const d = domain.trim().toLowerCase().replace(/\.$/, '');
  return GMAIL_DOMAINS.has(d) ? 'gmail.com' : d;
}

/**
 * An address as the blacklist compares it: trimmed, lower case; at gmail.com or googlemail.com the
 * dots of the local part and anything from a `+` dropped, and the domain gmail.com. Null when the
 * text is not an address (no `@`, or nothing on one side of it).
 */
export function normaliseEmail(address: string): string | null {
  const text = address.trim().toLowerCase();
  const at = text.lastIndexOf('@');
  if (at <= 0 || at === text.length - 1) return null;
  let local = text.slice(0, at);
  const domain = normaliseDomain(text.slice(at + 1));
  if (!DOMAIN.test(domain)) return null;
  if (domain === 'gmail.com') {
    local = local.split('+')[0]!.replaceAll('.', '');
    if (!local) return null;
  }
  return `${local}@${domain}`;
}

/** A domain entry as stored, `@example.com`, from `@example.com` or `example.com`; null when it is no domain. */
export function normaliseDomainEntry(value: string): string | null {
  const domain = normaliseDomain(value.trim().replace(/^@/, ''));
  return DOMAIN.test(domain) ? `@${domain}` : null;
}

const ID_RULES: Record<Exclude<BlacklistKind, 'email' | 'domain'>, { pattern: RegExp; what: string }> = {
  // Stripe's card fingerprint: letters and digits, case significant.
  card: { pattern: /^[A-Za-z0-9]{8,64}$/, what: 'a card fingerprint (letters and digits, as Stripe shows it)' },
  telegram: { pattern: /^\d{1,20}$/, what: 'a Telegram user id (digits)' },
  discord: { pattern: /^\d{15,21}$/, what: 'a Discord user id (15 to 21 digits)' },
  whop: { pattern: /^[A-Za-z0-9_-]{1,64}$/, what: 'a Whop id (letters, digits, _ and -)' },
};

export type NormalisedEntry = { ok: true; value: string } | { ok: false; message: string };

/** The stored form of an entry's value, or why the value cannot be one of its kind. */
export function normaliseBlacklistValue(kind: BlacklistKind, value: string): NormalisedEntry {
  const text = value.trim();
  if (!text) return { ok: false, message: 'value is required' };
  if (text.length > BLACKLIST_VALUE_MAX)
    return { ok: false, message: `value can be at most ${BLACKLIST_VALUE_MAX} characters` };
  if (kind === 'email') {
    const email = text.startsWith('@') ? null : normaliseEmail(text);
    return email ? { ok: true, value: email } : { ok: false, message: 'value must be an e-mail address' };
  }
  if (kind === 'domain') {
    const domain = text.includes('@', 1) ? null : normaliseDomainEntry(text);
    return domain ? { ok: true, value: domain } : { ok: false, message: 'value must be a domain, as @example.com' };
  }
  const rule = ID_RULES[kind];
  return rule.pattern.test(text) ? { ok: true, value: text } : { ok: false, message: `value must be ${rule.what}` };
}

export interface BlacklistKey {
  kind: BlacklistKind;
  value: string;
}

/** The entries that would bar an address: its own (normalised) and its domain's. Empty when it is no address. */
export function blacklistKeysOfEmail(address: string): BlacklistKey[] {
  const email = normaliseEmail(address);
  if (!email) return [];
  return [
    { kind: 'email', value: email },
    { kind: 'domain', value: email.slice(email.lastIndexOf('@')) },
  ];
}

/** Whether an entry bars an address (an entry of another kind never does). */
export function emailMatchesEntry(address: string, entry: BlacklistKey): boolean {
  return blacklistKeysOfEmail(address).some((k) => k.kind === entry.kind && k.value === entry.value);
}
