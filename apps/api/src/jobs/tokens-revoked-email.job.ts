import { sendTokensRevokedMail, TOKENS_REVOKED_MAIL_JOB, type TokensRevokedMailData } from '@t0/server';
import { jobContext } from './job-context';
import type { JobDefinition } from './types';

/**
 * E-mails an account's owner the API tokens a password reset or change, or sign-out-everywhere,
 * revoked (queued by the change, see api-tokens/end-credentials.ts). A failed send is retried with a growing delay.
 */
export const tokensRevokedEmailJob: JobDefinition<TokensRevokedMailData> = {
  name: TOKENS_REVOKED_MAIL_JOB,
  async handler(data, deps) {
    const ctx = jobContext(deps);
    await sendTokensRevokedMail(ctx, data);
  },
  options: { retryLimit: 10, retryDelaySeconds: 5, retryBackoff: true },
};
