import type { Words } from '@t0/contracts/domain/languages/words';
import { wordsFor } from '../core/words';
import type { MailMessage } from '../ports';

/** The reminder three days before a free trial ends: when, what happens then, where to cancel; in the subscriber's words. */
export function trialEndingMail(
  to: string,
  trialEnd: Date,
  publicUrl: string,
  price: string | null,
  t: Words = wordsFor('en'),
): MailMessage {
  const date = `${trialEnd.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return {
    kind: 'trial_ending',
    to,
    subject: t('mail:trial.subject'),
    text: [
      t('mail:trial.ends', { date }),
      '',
      price ? t('mail:trial.charged', { price }) : t('mail:trial.chargedNoPrice'),
      t('mail:trial.keep', { url: new URL('/profile', publicUrl).toString() }),
      '',
      t('mail:trial.access'),
    ].join('\n'),
  };
}
