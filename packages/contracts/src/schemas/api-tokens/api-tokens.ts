import { z } from 'zod';
import {
  API_TOKEN_DEFAULT_EXPIRY_DAYS,
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPES,
} from '../../domain/api-tokens/api-tokens';

// GET/POST /api/user/api-tokens, POST /api/user/api-tokens/{id}/revoke.

export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES, { error: 'scope must be "read" or "read-write"' });

export const createApiTokenInput = z.object({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(API_TOKEN_NAME_MAX, `name must be at most ${API_TOKEN_NAME_MAX} characters`),
  scope: apiTokenScopeSchema,
  /** Days until the token stops working: 30, 90 (the default) or 365; null: never. */
  expiresInDays: z
    .union([z.literal(30), z.literal(90), z.literal(365), z.null()], {
      error: 'expiresInDays must be 30, 90, 365 or null (never)',
    })
    .default(API_TOKEN_DEFAULT_EXPIRY_DAYS),
});
export type CreateApiTokenInput = z.infer<typeof createApiTokenInput>;

/** A token as listed: never its secret. */
export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: apiTokenScopeSchema,
  /** The token's first characters (`t0_pat_AbC123`), to tell tokens apart. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** When it stops working (401 after); null: never. */
  expiresAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.array(apiTokenSchema);

/** The answer of a creation: the secret, shown this once and never again. */
export const createdApiTokenSchema = z.object({
  token: z.string(),
  apiToken: apiTokenSchema,
});
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
