import type { MailMessage } from '../ports';

/** What ended an account's credentials. */
export type CredentialEvent = 'password_reset' | 'password_change' | 'sign_out_everywhere';

const WHY: Record<CredentialEvent, string> = {
  password_reset: 'the password of your T0 Terminal account was reset',
  password_change: 'the password of your T0 Terminal account was changed',
  sign_out_everywhere: 'your T0 Terminal account was signed out everywhere',
};

/** The owner's notice: which API tokens a credential event revoked (names and prefixes, never secrets). */
export function tokensRevokedMail(
  to: string,
  tokens: Array<{ name: string; prefix: string }>,
  event: CredentialEvent,
  publicUrl: string,
): MailMessage {
  const n = tokens.length;
  return {
    kind: 'tokens_revoked',
    to,
    subject: `T0 Terminal: ${n} API token${n === 1 ? '' : 's'} revoked`,
    text: [
      `Because ${WHY[event]}, every API token of the account was revoked. These no longer work:`,
      '',
      ...tokens.map((t) => `- ${t.name} (${t.prefix}…)`),
      '',
      `Scripts that used them need a new token: create one in your profile (${new URL('/profile', publicUrl).toString()}).`,
      'If you did not do this, reset your password now and check your account.',
    ].join('\n'),
  };
}
