import type { TRPCRouterRecord } from '@trpc/server';
import { checkoutInput, checkoutOutput } from '@t0/contracts/schemas/billing/payments';
import { createCheckoutSessionHandler } from './checkout.handler';
import { publicProcedure } from '../procedures';

const tags = ['payments'];

export const paymentsRouter = {
  createCheckoutSession: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/create-checkout-session',
        errorResponses: {
          403: 'The address cannot be used here (it is on the blacklist)',
          409: 'The address already has a running subscription: change plan in Billing instead',
          502: 'The payment provider did not start the checkout',
          503: 'Payments are not configured',
        },
        tags,
        protect: false,
        summary:
          'Start a checkout of any open plan, listed or not (the default plan when none is named): Stripe, or the local test-mode page when Stripe is not configured',
      },
    })
    .input(checkoutInput)
    .output(checkoutOutput)
    .mutation(createCheckoutSessionHandler),
} satisfies TRPCRouterRecord;
