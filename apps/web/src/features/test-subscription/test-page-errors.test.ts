import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { isNetworkError, TEST_PAGE_FALLBACKS, testPageError } from './test-page-errors';

const serverError = (message: string, httpStatus: number) =>
  TRPCClientError.from({ error: { message, code: -32600, data: { httpStatus, code: 'BAD_REQUEST' } } });

describe('test page error texts', () => {
  it("shows the server's message", () => {
    const err = serverError('User not found', 404);
    expect(isNetworkError(err)).toBe(false);
    expect(testPageError(err, TEST_PAGE_FALLBACKS.deactivate)).toBe('User not found');
  });

  it('reads a request that never got an answer as a network error', () => {
    const offline = TRPCClientError.from(new TypeError('Failed to fetch'));
    expect(isNetworkError(offline)).toBe(true);
    expect(testPageError(offline, TEST_PAGE_FALLBACKS.checkout)).toBe('Network error occurred');
    expect(testPageError(new TypeError('Failed to fetch'), TEST_PAGE_FALLBACKS.login)).toBe('Network error occurred');
  });

  it('falls back to the action text otherwise', () => {
    expect(testPageError(new Error('boom'), TEST_PAGE_FALLBACKS.activate)).toBe('Failed to activate subscription');
    expect(testPageError(serverError('', 500), TEST_PAGE_FALLBACKS.login)).toBe('Login failed');
  });
});
