import type { TRPCRouterRecord } from '@trpc/server';
import { API_TOKEN_DEFAULT_EXPIRY_DAYS, MAX_ACTIVE_API_TOKENS } from '@t0/contracts/domain/api-tokens/api-tokens';
import {
  apiTokenListSchema,
  apiTokenSchema,
  createApiTokenInput,
  createdApiTokenSchema,
} from '@t0/contracts/schemas/api-tokens/api-tokens';
import { idParam, noInput } from '@t0/contracts/schemas/common/common';
import { conflict, notFound } from '../core/errors';
import { emitEvent, userAudience } from '../events/events.queries';
import { countActiveApiTokens, insertApiToken, listApiTokens, revokeApiToken, toApiToken } from './api-tokens.queries';
import { credentialSessionProcedure, sessionUserProcedure } from '../procedures';

const tags = ['api-tokens'];
const sessionOnly = 'Needs a signed-in session: an API token cannot list, create or revoke tokens (403).';

/** Personal API tokens for scripts: managed from a signed-in session only. */
export const apiTokensRouter = {
  list: sessionUserProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/api-tokens',
        tags,
        protect: true,
        summary: 'Your API tokens (never their secrets)',
        description: sessionOnly,
      },
    })
    .input(noInput)
    .output(apiTokenListSchema)
    .query(({ ctx }) => listApiTokens(ctx.db, ctx.user.id)),

  create: credentialSessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/api-tokens',
        errorResponses: { 409: 'The most active tokens an account may have: revoke one first' },
        tags,
        protect: true,
        summary: 'Create an API token',
        description:
          `The answer's \`token\` is shown this once and cannot be read again (only its SHA-256 is stored). \`read\` tokens may call GET paths only; ` +
          `\`read-write\` tokens may call everything the account may, except managing tokens, the second factor and the password. At most ${MAX_ACTIVE_API_TOKENS} active tokens (409). ` +
          `\`expiresInDays\`: 30, 90 or 365, or null for never (default ${API_TOKEN_DEFAULT_EXPIRY_DAYS}); past it the token gets 401. ` +
          'A password reset or change, and signing out everywhere, revoke every token of the account (the owner is e-mailed the list). ' +
          sessionOnly,
      },
    })
    .input(createApiTokenInput)
    .output(createdApiTokenSchema)
    .mutation(async ({ ctx, input }) => {
      if ((await countActiveApiTokens(ctx.db, ctx.user.id)) >= MAX_ACTIVE_API_TOKENS) {
        throw conflict(`You already have ${MAX_ACTIVE_API_TOKENS} active API tokens: revoke one first`);
      }
      const { token, row } = await insertApiToken(ctx.db, ctx.user.id, input.name, input.scope, input.expiresInDays);
      return { token, apiToken: toApiToken(row) };
    }),

  revoke: sessionUserProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/api-tokens/{id}/revoke',
        errorResponses: { 404: 'No token of yours has this id' },
        tags,
        protect: true,
        summary: 'Revoke an API token',
        description:
          'The token stops working at once on every server (401), and live streams opened with it end. Revoking a revoked token changes nothing. ' +
          sessionOnly,
      },
    })
    .input(idParam)
    .output(apiTokenSchema)
    .mutation(async ({ ctx, input }) => {
      const row = await revokeApiToken(ctx.db, ctx.user.id, input.id);
      if (!row) throw notFound('API token');
      // Its live streams end (each stream's own credential is checked: only this token's).
      await emitEvent(ctx.db, {
        type: 'session.ended',
        audience: userAudience(ctx.user.id),
        payload: { reason: 'token' },
      });
      return toApiToken(row);
    }),
} satisfies TRPCRouterRecord;
