import type { AdminUserActionOutput } from '@t0/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '../../../lib/trpc';
import { useAdminFeedback } from '../feedback';

/**
 * After an action on a user: the drawer shows the user as they now stand (from the answer), the
 * list, the audit log and the blacklist are read again, and the result is both toasted and kept in the drawer.
 */
export function useUserActionResult(onResult: (message: string) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feedback = useAdminFeedback();
  const done = useCallback(
    (title: string, answer: AdminUserActionOutput) => {
      queryClient.setQueryData(trpc.adminUsers.detail.queryKey({ userId: answer.detail.account.id }), answer.detail);
      void queryClient.invalidateQueries(trpc.adminUsers.list.pathFilter());
      void queryClient.invalidateQueries(trpc.audit.pathFilter());
      // Blacklisting an account adds its entries to the BLACKLIST list.
      void queryClient.invalidateQueries(trpc.blacklist.list.pathFilter());
      feedback.ok(title, answer.message);
      onResult(answer.message);
    },
    [queryClient, trpc, feedback, onResult],
  );
  const failed = useCallback((title: string, error: unknown) => feedback.fail(title, error), [feedback]);
  return { done, failed };
}
