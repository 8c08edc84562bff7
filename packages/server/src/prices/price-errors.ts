export { SetupRequiredError } from '../core/errors';

/** Thrown by a price feed whose upstream failed (network, rate limit, bad answer). */
export class PriceFeedUnavailableError extends Error {
  override readonly name = 'PriceFeedUnavailableError';
}
