import {
  createInnerContext,
  sendTokensRevokedMail,
  TOKENS_REVOKED_MAIL_JOB,
  type TokensRevokedMailData,
} from '@t0/server';
import { appSettings } from '../deps';
import type { JobDefinition } from './types';

/**
 * E-mails an account's owner the API tokens a password reset or change, or sign-out-everywhere,
 * revoked (queued by the change, see credentials/end.ts). A failed send is retried with a growing delay.
 */
export const tokensRevokedEmailJob: JobDefinition<TokensRevokedMailData> = {
  name: TOKENS_REVOKED_MAIL_JOB,
  async handler(data, deps) {
    const ctx = createInnerContext({
      db: deps.db.db,
      ports: deps.ports,
      settings: appSettings(deps.config),
      log: deps.log,
    });
    await sendTokensRevokedMail(ctx, data);
  },
  options: { retryLimit: 10, retryDelaySeconds: 5, retryBackoff: true },
};
