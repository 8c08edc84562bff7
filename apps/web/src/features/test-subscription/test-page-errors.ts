import { TRPCClientError } from '@trpc/client';

// Error texts of the subscription test page: the server's message, else the fallback;
// a request that never reached the server reads "Network error occurred".

export const TEST_PAGE_FALLBACKS = {
  activate: 'Failed to activate subscription',
  deactivate: 'Failed to deactivate subscription',
  checkout: 'Failed to process checkout',
  login: 'Login failed',
  network: 'Network error occurred',
  dashboard: 'Error testing dashboard access',
  noUser: 'No user available for testing dashboard access',
} as const;

/** True when the request failed before any answer came back (offline, refused, aborted). */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof TRPCClientError) {
    const data = error.data as { httpStatus?: number } | undefined;
    return data?.httpStatus === undefined && error.shape === undefined;
  }
  return error instanceof TypeError;
}

export function testPageError(error: unknown, fallback: string): string {
  if (isNetworkError(error)) return TEST_PAGE_FALLBACKS.network;
  if (error instanceof TRPCClientError && error.message) return error.message;
  return fallback;
}
