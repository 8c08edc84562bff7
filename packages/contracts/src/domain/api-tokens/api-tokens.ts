// Personal API tokens for scripts (docs/features/api.md): `Authorization: Bearer t0_pat_…` on the REST API.

/** Every token starts with this, so it is recognisable (and findable by secret scanners). */
export const API_TOKEN_PREFIX = 't0_pat_';

/** Random bytes behind each token (256 bits), written as base64url: 43 characters after the prefix. */
export const API_TOKEN_RANDOM_BYTES = 32;

/** The shape of a token: the prefix and 43 base64url characters. */
export const API_TOKEN_PATTERN = /^t0_pat_[A-Za-z0-9_-]{43}$/;

/** How many characters of a token are kept and shown to tell tokens apart (`t0_pat_` and six more). */
export const API_TOKEN_DISPLAY_LENGTH = API_TOKEN_PREFIX.length + 6;

/** Active (not revoked) tokens one user may hold. */
export const MAX_ACTIVE_API_TOKENS = 20;

/** The longest token name. */
export const API_TOKEN_NAME_MAX = 60;

/** `read`: queries (GET) only. `read-write`: everything the account may do, but managing tokens and the password. */
export const API_TOKEN_SCOPES = ['read', 'read-write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** `last_used_at` moves at most this often per token. */
export const API_TOKEN_TOUCH_MS = 60_000;

/** The part of a token shown in lists: `t0_pat_AbC123…`. */
export const apiTokenDisplayPrefix = (token: string) => token.slice(0, API_TOKEN_DISPLAY_LENGTH);

/** The refusal a read-only token gets for a call that writes. */
export const READ_SCOPE_MESSAGE =
  'This API token has the "read" scope: it may only call GET paths. Create a "read-write" token to make changes.';

/** The refusal a token gets for what needs a signed-in session (tokens, password). */
export const SESSION_ONLY_MESSAGE = 'API tokens cannot do this: sign in to the web app.';

/**
 * The refusal a token gets for the second factor's management and for minting tokens: these
 * need a signed-in session that passed the second factor, so a stolen token cannot lock its owner
 * out or give itself a longer life.
 */
export const SECOND_FACTOR_SESSION_MESSAGE =
  'API tokens cannot do this: setting up, turning off or renewing two-factor authentication and creating API tokens need a signed-in session (past its second factor).';

/** The refusal an administrator's token minted before the second factor was turned on gets on the console's paths. */
export const TOKEN_BEFORE_SECOND_FACTOR_MESSAGE =
  'This API token was created before two-factor authentication was turned on for the account: it does not carry administrator rights. Create a new token from a signed-in session.';

/** How long a new token lasts, in days; null: it never expires. */
export const API_TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;
export type ApiTokenExpiryDays = (typeof API_TOKEN_EXPIRY_DAYS)[number] | null;
export const API_TOKEN_DEFAULT_EXPIRY_DAYS = 90;

/** What revokes every token of an account (the profile says so beforehand). */
export const API_TOKEN_REVOCATION_NOTE =
  'Changing or resetting your password, and signing out everywhere, revokes all your API tokens; you get an e-mail listing them.';

/** "expires in N days", "expired", "never expires": the list's line for a token. */
export function apiTokenExpiryText(expiresAt: string | null, now = Date.now()): string {
  if (expiresAt === null) return 'never expires';
  const ms = new Date(expiresAt).getTime() - now;
  if (ms <= 0) return 'expired';
  // Whole days left, rounded up: a token minted for 30 days reads "expires in 30 days".
  const days = Math.ceil(ms / 86_400_000);
  return `expires in ${days} day${days === 1 ? '' : 's'}`;
}
