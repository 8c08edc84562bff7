import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { isUnauthorized } from '../../lib/errors';

/** An unauthorised answer on any profile call sends the browser to /auth. */
export function useUnauthorizedRedirect() {
  const navigate = useNavigate();
  return useCallback(
    (error: unknown): boolean => {
      if (!isUnauthorized(error)) return false;
      void navigate('/auth', { replace: true });
      return true;
    },
    [navigate],
  );
}
