import type { MailMessage } from '../ports';

/** The reminder three days before a free trial ends: when, what happens then, where to cancel. */
export function trialEndingMail(to: string, trialEnd: Date, publicUrl: string, price: string | null): MailMessage {
  const when = `${trialEnd.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return {
    kind: 'trial_ending',
    to,
    subject: 'T0 Terminal: your free trial ends in three days',
    text: [
      `Your free trial of T0 Terminal ends on ${when}.`,
      '',
      price
        ? `Then your subscription starts and your card is charged ${price}, unless you cancel before.`
        : 'Then your subscription starts and your card is charged, unless you cancel before.',
      `To keep it, do nothing. To stop, cancel in your profile's Billing section: ${new URL('/profile', publicUrl).toString()}`,
      '',
      'If you cancel, access (including the paid Telegram channel and Discord role) ends with the trial.',
    ].join('\n'),
  };
}
