import type { MailMessage } from '../ports';

/** The second-factor step of an administrator was locked after too many wrong codes. */
export function secondFactorLockedMail(
  to: string,
  facts: { at: Date; failures: number; minutes: number; address: string },
  publicUrl: string,
): MailMessage {
  return {
    kind: 'second_factor_locked',
    to,
    subject: 'T0 Terminal: two-factor sign-in locked after wrong codes',
    text: [
      `Someone who knows your T0 Terminal password entered ${facts.failures} wrong authentication codes in a row.`,
      `The code step of your account is locked for ${facts.minutes} minutes; your authenticator and recovery codes keep working after that.`,
      '',
      `Time (UTC): ${facts.at.toISOString().replace('T', ' ').slice(0, 19)}`,
      `Last address: ${facts.address}`,
      '',
      'If this was not you, your password is known to someone else: change it now',
      `(${new URL('/profile', publicUrl).toString()}) and check the audit log in the console.`,
    ].join('\n'),
  };
}
