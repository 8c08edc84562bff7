import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage, isUnauthorized } from '../../lib/errors';
import { SESSION_EXPIRED } from '../../lib/auth';
import { toast } from '../../lib/toast';

// The console's toasts (spec 3 §8): a success title (and text), or a destructive failure with the
// server's message else the area's fallback; a 401 reads SESSION EXPIRED and goes to /auth.

export { SESSION_EXPIRED } from '../../lib/auth';
/** Where the spec gives no fallback text for a failure. */
export const GENERIC_FAILURE = 'Something went wrong. Please try again.';

export interface AdminFeedback {
  ok: (title: string, description?: string) => void;
  /** Shows the failure toast; answers true when the session had expired (and the page is leaving). */
  fail: (title: string, error: unknown, fallback?: string) => boolean;
  /** For failed reads: SESSION EXPIRED on a 401, nothing otherwise (the section shows its own error). */
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
