import type { TRPCRouterRecord } from '@trpc/server';
import {
  testActivateInput,
  testActivateOutput,
  testCheckoutSuccessOutput,
  testDeactivateOutput,
  testDisputeOutput,
  testEmailInput,
  testPlansOutput,
  testUserOutput,
} from '@t0/contracts/schemas/test-endpoints/test-endpoints';
import { noInput } from '@t0/contracts/schemas/common/common';
import {
  testActivateHandler,
  testCheckoutSuccessHandler,
  testDeactivateHandler,
  testDisputeHandler,
  testGetUserHandler,
  testPlansHandler,
} from './test-subscription.handler';
import { devOnlyProcedure } from '../procedures';

// Served only outside production (404 there): the subscription test page's calls.
const tags = ['test'];

export const testRouter = {
  plans: devOnlyProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/test/plans',
        tags,
        protect: false,
        summary: 'Every plan the test page can activate, listed or not (not in production)',
      },
    })
    .input(noInput)
    .output(testPlansOutput)
    .query(testPlansHandler),

  activateSubscription: devOnlyProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/test/activate-subscription',
        tags,
        protect: false,
        summary: 'Activate a subscription without payment (not in production)',
      },
    })
    .input(testActivateInput)
    .output(testActivateOutput)
    .mutation(testActivateHandler),

  deactivateSubscription: devOnlyProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/test/deactivate-subscription',
        errorResponses: { 404: 'No account has this e-mail address' },
        tags,
        protect: false,
        summary: 'End a subscription (not in production)',
      },
    })
    .input(testEmailInput)
    .output(testDeactivateOutput)
    .mutation(testDeactivateHandler),

  dispute: devOnlyProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/test/dispute',
        errorResponses: { 404: 'No account has this e-mail address, or it has no test-mode payment' },
        tags,
        protect: false,
        summary: 'Dispute the user’s newest test-mode payment, as a chargeback would (not in production)',
      },
    })
    .input(testEmailInput)
    .output(testDisputeOutput)
    .mutation(testDisputeHandler),

  checkoutSuccess: devOnlyProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/test/checkout-success',
        tags,
        protect: false,
        summary: 'Simulate a completed checkout (not in production)',
      },
    })
    .input(testActivateInput)
    .output(testCheckoutSuccessOutput)
    .mutation(testCheckoutSuccessHandler),

  getUser: devOnlyProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/test/get-user',
        errorResponses: { 404: 'No account has this e-mail address' },
        tags,
        protect: false,
        summary: 'Look a user up by address (not in production)',
      },
    })
    .input(testEmailInput)
    .output(testUserOutput)
    .mutation(testGetUserHandler),
} satisfies TRPCRouterRecord;
