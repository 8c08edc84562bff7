import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage, isUnauthorized } from '../../lib/errors';
import { SESSION_EXPIRED } from '../../lib/auth';
import { toast } from '../../lib/toast';

// The console's toasts: a success title (and text), or a destructive failure with the
// server's message else the area's fallback; a 401 reads SESSION EXPIRED and goes to /auth, for a
// failed write (through `fail`) and for any failed read while the console is open (one watcher on the
// query cache, `useExpiredSessionRedirect`, so a screen does not need its own).

export { SESSION_EXPIRED } from '../../lib/auth';
/** Where the spec gives no fallback text for a failure. */
export const GENERIC_FAILURE = 'Something went wrong. Please try again.';

export interface AdminFeedback {
  ok: (title: string, description?: string) => void;
  /** Shows the failure toast; answers true when the session had expired (and the page is leaving). */
  fail: (title: string, error: unknown, fallback?: string) => boolean;
  /** SESSION EXPIRED on a 401, nothing otherwise (the section shows its own error). */
  expired: (error: unknown) => boolean;
}

export function useAdminFeedback(): AdminFeedback {
  const navigate = useNavigate();
  const expired = useCallback(
    (error: unknown) => {
      if (!isUnauthorized(error)) return false;
      toast({ ...SESSION_EXPIRED, variant: 'destructive' });
      void navigate('/auth');
      return true;
    },
    [navigate],
  );
  return useMemo(
    () => ({
      ok: (title, description) => toast({ title, description }),
      fail: (title, error, fallback = GENERIC_FAILURE) => {
        if (expired(error)) return true;
        toast({ title, description: errorMessage(error, fallback), variant: 'destructive' });
        return false;
      },
      expired,
    }),
    [expired],
  );
}

/**
 * While the console is open: the first read (any query, any tab) that the server answers with 401
 * shows SESSION EXPIRED and goes to /auth. Screens show their own error panel for other failures.
 */
export function useExpiredSessionRedirect() {
  const queryClient = useQueryClient();
  const { expired } = useAdminFeedback();
  useEffect(() => {
    let done = false;
    return queryClient.getQueryCache().subscribe((event) => {
      if (done || event.type !== 'updated' || event.action.type !== 'error') return;
      done = expired(event.action.error);
    });
  }, [queryClient, expired]);
}
