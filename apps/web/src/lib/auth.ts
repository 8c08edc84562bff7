import type { User } from '@t0/contracts';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { isUnauthorized } from './errors';
import { useHydrated } from './hydration';
import { useTRPCClient } from './trpc';

// The auth state: unchecked → checking → checked (authenticated or not). A 401 is
// "not signed in" (null), never an error; any other failure counts as not signed in too, and the
// first one clears the data cache once and checks again.

/** The toast of a session that ended (a 401 in the console, or signed out from elsewhere). */
export const SESSION_EXPIRED = { title: 'SESSION EXPIRED', description: 'Please log in again to continue' } as const;

/** The current user's cache entry. Read it with `useAuth()`; write it with `setCurrentUser()`. */
export const AUTH_USER_KEY = ['auth', 'user'] as const;

type AuthClient = ReturnType<typeof useTRPCClient>;

export function authUserQuery(client: AuthClient) {
  return {
    queryKey: AUTH_USER_KEY,
    queryFn: async (): Promise<User | null> => {
      try {
        return await client.auth.user.query();
      } catch (error) {
        if (isUnauthorized(error)) return null;
        throw error;
      }
    },
  };
}

let recovered = false;

/**
 * The one cache clear after the first auth error: drops every cached answer and checks the user again. The clear
 * happens at most once per page load; after that a 401 only re-checks the user (unless `onlyOnce`).
 */
export function recoverFromAuthError(queryClient: QueryClient, opts: { onlyOnce?: boolean } = {}): boolean {
  if (recovered) {
    if (!opts.onlyOnce) void queryClient.refetchQueries({ queryKey: AUTH_USER_KEY });
    return false;
  }
  recovered = true;
  queryClient.removeQueries({ predicate: (q) => !isAuthKey(q.queryKey) });
  void queryClient.resetQueries({ queryKey: AUTH_USER_KEY });
  return true;
}

export function isAuthKey(key: readonly unknown[]): boolean {
  return key[0] === AUTH_USER_KEY[0] && key[1] === AUTH_USER_KEY[1];
}

/** Test seam: forget that the cache was cleared. */
export function resetAuthRecovery() {
  recovered = false;
}

export interface AuthState {
  user: User | null;
  isAuthenticated: boolean;
  /** A check is running (the first one, or a refetch). */
  isChecking: boolean;
  /** The latest check has finished; a refetch resets it until that check finishes. */
  hasChecked: boolean;
  /** The check failed (network, server) even after the one retry: not an answer from the server. */
  failed: boolean;
  /** Checks again; resolves with the fresh user (or null). */
  refetch: () => Promise<User | null>;
}

export function useAuth(): AuthState {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...authUserQuery(client),
    // A failed check (network, server) is retried once through the cache clear, never because
    // another component that reads the user mounted.
    throwOnError: false,
    retryOnMount: false,
    refetchOnMount: false,
  });
  const failed = query.isError && !query.isFetching;
  useEffect(() => {
    // The single recovery; a later failure leaves the visitor signed out.
    if (failed) recoverFromAuthError(queryClient, { onlyOnce: true });
  }, [failed, queryClient]);
  const { refetch: refetchQuery } = query;
  const refetch = useCallback(async () => (await refetchQuery()).data ?? null, [refetchQuery]);
  // A pre-rendered page was drawn at build time for a visitor not yet checked. While it is hydrated,
  // every reader sees that state, even when the check has already answered (a part hydrated late
  // reads the answer an earlier part fetched): the answer is drawn once hydration is over, so a
  // signed-in visitor's first render matches the build's markup. Elsewhere this is true at once.
  const hydrated = useHydrated();
  if (!hydrated)
    return { user: null, isAuthenticated: false, isChecking: true, hasChecked: false, failed: false, refetch };
  const user = query.data ?? null;
  return {
    user,
    isAuthenticated: user !== null,
    // A first failure is not an answer yet: the recovery checks again.
    isChecking: query.isFetching || (failed && !recovered),
    hasChecked: !query.isFetching && (query.isSuccess || (query.isError && recovered)),
    failed: failed && recovered,
    refetch,
  };
}

/** Stores a user the server just returned (login, profile update) as the current user. */
export function setCurrentUser(queryClient: QueryClient, user: User | null) {
  queryClient.setQueryData(AUTH_USER_KEY, user);
}

/** Signs out by full page navigation (the server ends the session and answers with a redirect). */
export function logout() {
  window.location.assign('/api/logout');
}
