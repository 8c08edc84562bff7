import { useMutation } from '@tanstack/react-query';
import type { ConsentVersions } from '@t0/contracts';
import { useCallback } from 'react';
import { errorMessage } from '../../lib/errors';
import { STORAGE_KEYS, storeValues } from '../../lib/local-store';
import { useTRPC } from '../../lib/trpc';
import { keptReferral } from '../../lib/referral';

export const CHECKOUT_FALLBACK = 'Failed to create checkout session';
export const NO_CHECKOUT_URL = 'No checkout URL received';

/**
 * POST /api/create-checkout-session for a plan's key (the spec's landing page sent monthly; left out,
 * the server's default plan), then the browser leaves for the returned address (Stripe Checkout, or
 * the local test-mode page), with the versions of the legal pages the buyer accepted. Rejects with the server's message, the spec's fallback, or "No checkout
 * URL received".
 */
export function useStartCheckout() {
  const trpc = useTRPC();
  const mutation = useMutation(trpc.payments.createCheckoutSession.mutationOptions());
  const { mutateAsync } = mutation;
  const start = useCallback(
    async (email: string, plan?: string, accepted?: ConsentVersions) => {
      let url: string | undefined;
      try {
        url = (
          await mutateAsync({
            email,
            ...(plan ? { plan } : {}),
            ...(accepted ? { accepted } : {}),
            ...keptReferral(),
          })
        ).url;
      } catch (err) {
        throw new Error(errorMessage(err, CHECKOUT_FALLBACK));
      }
      if (!url) throw new Error(NO_CHECKOUT_URL);
      try {
        storeValues({ [STORAGE_KEYS.pendingEmail]: email, [STORAGE_KEYS.pendingPlan]: plan ?? 'monthly' });
      } catch {
        /* the checkout does not depend on it */
      }
      window.location.assign(url);
      return url;
    },
    [mutateAsync],
  );
  return { start, isPending: mutation.isPending };
}
