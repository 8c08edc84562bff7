/**
 * Thrown by a price feed that cannot work until it is configured (for example a missing API key).
 * The error formatter puts `requiresSetup: true` on the answer, so the web shows "API Setup Required".
 */
export class SetupRequiredError extends Error {
  override readonly name = 'SetupRequiredError';
}

/** Thrown by a price feed whose upstream failed (network, rate limit, bad answer). */
export class PriceFeedUnavailableError extends Error {
  override readonly name = 'PriceFeedUnavailableError';
}
