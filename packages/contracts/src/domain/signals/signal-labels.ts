// Labels of a signal (EU MAR Art. 20, Delegated Regulation 2016/958; docs/features/rooms-and-plans.md,
// "Labels"): who produced it, when its production was completed and when it was first released,
// the author's disclosure and the desk's risk warning. Pure wording, shared by the server (e-mail,
// webhook, push, Telegram, Discord, the disclosure page) and the web app (the signal dialog).

/** The desk's name in the labels of a signal no analyst wrote, until a legal person is set. */
export const DESK_NAME_FALLBACK = 'T0 Terminal desk';

/** Most characters of the desk's legal person name (a site setting). */
export const LEGAL_PERSON_MAX = 200;

/** Most characters of the risk warning the labels carry (the risk page's first paragraph). */
export const RISK_WARNING_MAX = 400;

export interface LabelAuthor {
  name: string;
  title: string;
}

export interface LabelFacts {
  /** The analyst as shown now; null: the desk published it. */
  author: LabelAuthor | null;
  /** The desk's legal person (a site setting); empty: DESK_NAME_FALLBACK. */
  legalPerson: string;
  /** ISO times. */
  completedAt: string;
  releasedAt: string;
}

/** A time as the labels print it: `2026-11-29 18:04 UTC`. */
export function utcStamp(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '--';
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Who the labels name: the analyst (with their title), or the desk's legal person. */
export function labelAuthor(f: Pick<LabelFacts, 'author' | 'legalPerson'>): string {
  if (f.author) return f.author.title.trim() ? `${f.author.name}, ${f.author.title}` : f.author.name;
  return f.legalPerson.trim() || DESK_NAME_FALLBACK;
}

/** `by <name>, <title> · completed <UTC> · released <UTC>` (the desk's name for a desk signal). */
export function authorLine(f: LabelFacts): string {
  return `by ${labelAuthor(f)} · completed ${utcStamp(f.completedAt)} · released ${utcStamp(f.releasedAt)}`;
}

/** The public page of a signal's labels (its disclosure), under the site's address. */
export const disclosurePath = (signalId: number) => `/signals/${signalId}/disclosure`;

/**
 * The short line for channels where the whole labels would be disproportionate (web push,
 * Telegram, Discord): the author line and where the disclosure and risk warning are.
 */
export function shortLabelLine(f: LabelFacts, disclosureUrl: string): string {
  return `${authorLine(f)} · disclosure and risk warning: ${disclosureUrl}`;
}

/**
 * The desk's risk warning as the labels carry it: the first paragraph of its risk page (Markdown
 * emphasis, links and list marks taken out), at most RISK_WARNING_MAX characters.
 */
export function riskWarningOf(riskMarkdown: string): string {
  const paragraph =
    riskMarkdown
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .find((p) => p && !p.startsWith('#')) ?? '';
  const plain = paragraph
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`>]+/g, '')
    .replace(/^\s*[-+]\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > RISK_WARNING_MAX ? `${plain.slice(0, RISK_WARNING_MAX - 1)}…` : plain;
}
