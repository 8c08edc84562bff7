import type { PlanOffer } from '@t0/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { setCurrentUser } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { useStartCheckout } from './useStartCheckout';

export const JOIN_FALLBACK = 'Failed to join the plan';

/**
 * Gets the chosen plan for the signed-in (or just registered) account: a free plan is joined at once
 * (POST /api/plans/{plan}/join) and the terminal opens; any other goes to its checkout. Rejects with
 * the server's message.
 */
export function useGetPlan() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const join = useMutation(trpc.plans.join.mutationOptions());
  const { start } = useStartCheckout();
  const { mutateAsync } = join;
  const get = useCallback(
    async (email: string, plan: PlanOffer | undefined) => {
      if (plan?.terms !== 'free') return start(email, plan?.key);
      let user;
      try {
        user = (await mutateAsync({ plan: plan.key })).user;
      } catch (err) {
        throw new Error(errorMessage(err, JOIN_FALLBACK));
      }
      setCurrentUser(queryClient, user);
      void navigate('/dashboard');
      return '/dashboard';
    },
    [mutateAsync, navigate, queryClient, start],
  );
  return { get };
}
