import { copierBlock, copierLevelsOf } from '@t0/contracts/domain/signals/copier-block';
import { partsOf } from '@t0/contracts/domain/signals/signal-parts';
import type { MailMessage } from '../ports';
import { formatSignalPrice } from '@t0/contracts/domain/prices/prices';
import { lifecycleNotice } from '@t0/contracts/domain/signals/signal-notices';
import type { SignalLabels } from '@t0/contracts/schemas/signals/signal-labels';
import type { Words } from '@t0/contracts/domain/languages/words';
import { wordsFor } from '../core/words';

// The e-mails' words are read from the catalogue `mail` in the recipient's language (`t`, English
// unless told); the copier block stays as it is in every language (copiers parse it), and prices are
// `formatSignalPrice`'s in every language.

const ENGLISH = wordsFor('en');

/** Label-and-value lines with the values in one column (the widest label, then a space). */
function levelLines(rows: ReadonlyArray<readonly [string, string]>): string[] {
  const width = Math.max(...rows.map(([label]) => label.length)) + 1;
  return rows.map(([label, value]) => `${label.padEnd(width)}${value}`);
}

/** A signal's labels in an e-mail (EU MAR Art. 20): the author line, the disclosure, the risk warning and its page. */
function labelLines(labels: SignalLabels | undefined, t: Words): string[] {
  if (!labels) return [];
  return [
    labels.line,
    ...(labels.disclosure.trim() ? [t('mail:labels.disclosure', { text: labels.disclosure.trim() })] : []),
    ...(labels.riskWarning ? [t('mail:labels.riskWarning', { text: labels.riskWarning })] : []),
    t('mail:labels.page', { url: labels.disclosureUrl }),
    '',
  ];
}

export function resetLink(publicUrl: string, token: string, email: string): string {
  const url = new URL('/reset-password', publicUrl);
  url.searchParams.set('token', token);
  url.searchParams.set('email', email);
  return url.toString();
}

export function passwordResetMail(to: string, link: string, t: Words = ENGLISH): MailMessage {
  return {
    kind: 'password_reset',
    to,
    subject: t('mail:reset.subject'),
    text: [t('mail:reset.intro'), '', t('mail:reset.link'), link, '', t('mail:reset.ignore')].join('\n'),
  };
}

/** The link that proves an ADMIN_EMAILS address: the web app's page that follows it. */
export function adminEmailLink(publicUrl: string, token: string, email: string): string {
  const url = new URL('/confirm-admin', publicUrl);
  url.searchParams.set('token', token);
  url.searchParams.set('email', email);
  return url.toString();
}

/** To an ADMIN_EMAILS address: the link that, followed while signed in to the account, makes it an administrator. */
export function adminEmailMail(to: string, link: string): MailMessage {
  return {
    kind: 'admin_email',
    to,
    subject: 'T0 Terminal: confirm your administrator address',
    text: [
      'A T0 Terminal account was registered with this address, which the desk lists as an administrator address.',
      '',
      'If that account is yours, open this link while signed in to it to get administrator rights',
      '(it works once, for 24 hours):',
      link,
      '',
      'If you did not register it, do not open the link: someone else chose the password of that account.',
      'Use "Forgot password" on the sign-in page with this address to take the account over instead.',
    ].join('\n'),
  };
}

/** The welcome of an account created at checkout, without a password: a one-time link to choose one. */
export function welcomeMail(to: string, link: string, t: Words = ENGLISH): MailMessage {
  return {
    kind: 'welcome',
    to,
    subject: t('mail:welcome.subject'),
    text: [t('mail:welcome.active'), '', t('mail:welcome.choose'), link, '', t('mail:welcome.then')].join('\n'),
  };
}

/** The welcome of an account that already has a password: nothing to set, only where to sign in. */
export function welcomeBackMail(to: string, publicUrl: string, t: Words = ENGLISH): MailMessage {
  return {
    kind: 'welcome',
    to,
    subject: t('mail:welcomeBack.subject'),
    text: [
      t('mail:welcome.active'),
      '',
      t('mail:welcomeBack.signIn'),
      new URL('/auth', publicUrl).toString(),
      '',
      t('mail:welcomeBack.forgot'),
    ].join('\n'),
  };
}

export interface SignalMailFacts {
  instrument: string;
  direction: string;
  entryPrice: string;
  slPrice: string;
  t0Price: string;
  t1Price: string;
  confidence: number;
  monthlyBias: string;
  memo: string;
  /** market, limit or stop, and the share taken at T0: the copier block's first line and TP1. */
  orderType: string;
  t0Share: number | string;
}

/** A new trading signal for a subscriber who has e-mail notifications on. */
export function signalMail(
  to: string,
  s: SignalMailFacts,
  publicUrl: string,
  labels?: SignalLabels,
  t: Words = ENGLISH,
): MailMessage {
  const side = s.direction.toUpperCase();
  const price = (v: string) => formatSignalPrice(s.instrument, v);
  return {
    kind: 'signal',
    to,
    subject: t('mail:signal.subject', { instrument: s.instrument, side, price: price(s.entryPrice) }),
    text: [
      t('mail:signal.intro', { instrument: s.instrument, side }),
      '',
      ...levelLines([
        [t('mail:levels.entry'), price(s.entryPrice)],
        [t('mail:levels.stop'), price(s.slPrice)],
        [t('mail:levels.t0'), price(s.t0Price)],
        [t('mail:levels.t1'), price(s.t1Price)],
        [t('mail:levels.confidence'), `${s.confidence}%`],
        [t('mail:levels.bias'), s.monthlyBias],
      ]),
      ...(s.memo ? ['', s.memo] : []),
      '',
      t('mail:signal.open', { url: new URL('/dashboard', publicUrl).toString() }),
      '',
      ...labelLines(labels, t),
      t('mail:footer.optOut', { url: new URL('/profile', publicUrl).toString() }),
      '',
      copierBlock(copierLevelsOf(s)),
    ].join('\n'),
  };
}

export interface SignalEventMailFacts extends SignalMailFacts {
  fillPrice: string | null;
  riskPrice: string | null;
  /** The parts the position was closed in (JSON), for the weighted result. */
  parts?: string;
}

/**
 * A lifecycle event of a signal (activated, T0 hit, stop moved, closed, cancelled, withdrawn), in
 * the same words as the in-app notification; null for events that are not e-mailed.
 */
export function signalEventMail(
  to: string,
  s: SignalEventMailFacts,
  e: { type: string; price: number | null; data: Record<string, unknown>; at: string },
  publicUrl: string,
  labels?: SignalLabels,
  t: Words = ENGLISH,
): MailMessage | null {
  const n = (v: string | null) => (v === null ? null : Number(v));
  const notice = lifecycleNotice(
    {
      instrument: s.instrument,
      direction: s.direction,
      entryPrice: Number(s.entryPrice),
      slPrice: Number(s.slPrice),
      t0Price: Number(s.t0Price),
      t1Price: Number(s.t1Price),
      fillPrice: n(s.fillPrice),
      riskPrice: n(s.riskPrice),
      parts: partsOf(s.parts),
    },
    e,
    t,
  );
  if (!notice) return null;
  const price = (v: string) => formatSignalPrice(s.instrument, v);
  return {
    kind: 'signal_update',
    to,
    subject: t('mail:event.subject', { title: notice.title }),
    text: [
      notice.message,
      '',
      ...levelLines([
        [t('mail:levels.entry'), price(s.entryPrice)],
        [t('mail:levels.stop'), price(s.slPrice)],
        [t('mail:levels.t0'), price(s.t0Price)],
        [t('mail:levels.t1'), price(s.t1Price)],
        [t('mail:levels.at'), `${e.at.replace('T', ' ').slice(0, 19)} UTC`],
      ]),
      '',
      t('mail:event.timeline', { url: new URL('/dashboard', publicUrl).toString() }),
      t('mail:event.record', { url: new URL('/performance', publicUrl).toString() }),
      '',
      ...labelLines(labels, t),
      t('mail:footer.optOut', { url: new URL('/profile', publicUrl).toString() }),
      '',
      copierBlock(copierLevelsOf(s)),
    ].join('\n'),
  };
}
