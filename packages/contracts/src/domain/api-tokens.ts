// Personal API tokens for scripts (issue 14): `Authorization: Bearer t0_pat_…` on the REST API.

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
export const READ_SCOPE_MESSAGE = 'This API token has the "read" scope: it may only call GET paths. Create a "read-write" token to make changes.';

/** The refusal a token gets for what needs a signed-in session (tokens, password). */
export const SESSION_ONLY_MESSAGE = 'API tokens cannot do this: sign in to the web app.';
