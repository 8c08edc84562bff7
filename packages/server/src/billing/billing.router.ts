import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import {
  billingChangeOutput,
  billingPortalOutput,
  billingSummary,
  cancelSubscriptionInput,
  planChangeInput,
  planChangeOutput,
  planChangePreviewInput,
  planChangeQuoteSchema,
  plansOutput,
} from '@t0/contracts/schemas/billing/billing';
import {
  billingPortalHandler,
  billingSummaryHandler,
  cancelSubscriptionHandler,
  resumeSubscriptionHandler,
} from './billing.handler';
import { listPlanOffers } from '../plans/plan-offers.handler';
import { changePlanHandler, previewPlanChangeHandler } from './plan-change.handler';
import { publicProcedure, userProcedure } from '../procedures';

const tags = ['billing'];

export const billingRouter = {
  plans: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/plans',
        errorResponses: { 503: 'The prices are unavailable right now' },
        tags,
        protect: false,
        summary: 'The plans anyone may choose, in order, with their terms, rooms, price and free trial',
      },
    })
    .input(z.void())
    .output(plansOutput)
    .query(({ ctx }) => listPlanOffers(ctx)),
  summary: userProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/billing',
        tags,
        protect: true,
        summary: 'Your plan, status, renewal or end date, card and invoices',
      },
    })
    .input(z.void())
    .output(billingSummary)
    .query(billingSummaryHandler),
  cancel: userProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/billing/cancel',
        errorResponses: { 409: 'No active subscription to cancel', 503: 'Stripe cannot be reached' },
        tags,
        protect: true,
        summary: 'Cancel at the end of the paid period, with a reason',
      },
    })
    .input(cancelSubscriptionInput)
    .output(billingChangeOutput)
    .mutation(cancelSubscriptionHandler),
  resume: userProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/billing/resume',
        errorResponses: { 409: 'No cancellation to undo', 503: 'Stripe cannot be reached' },
        tags,
        protect: true,
        summary: 'Undo a cancellation before the period ends',
      },
    })
    .input(z.void())
    .output(billingChangeOutput)
    .mutation(resumeSubscriptionHandler),
  planChangePreview: userProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/billing/plan-change',
        errorResponses: {
          409: 'No running subscription, a plan with no price here or in another currency (naming plan)',
          503: 'Stripe cannot be reached',
        },
        tags,
        protect: true,
        summary:
          'What moving your subscription to another recurring plan costs now: credit, charge, total, next renewal, rooms gained and lost',
      },
    })
    .input(planChangePreviewInput)
    .output(planChangeQuoteSchema)
    .query(previewPlanChangeHandler),
  changePlan: userProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/billing/plan-change',
        errorResponses: {
          409: 'No running subscription, a plan with no price here or in another currency (naming plan)',
          503: 'Stripe cannot be reached',
        },
        tags,
        protect: true,
        summary:
          "Move your subscription to another recurring plan, prorated at the preview's prorationDate (upgrade, downgrade, cross-grade)",
      },
    })
    .input(planChangeInput)
    .output(planChangeOutput)
    .mutation(changePlanHandler),
  portal: userProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/billing/portal',
        errorResponses: {
          409: 'No Stripe billing account for this user',
          503: 'The billing portal could not be opened',
        },
        tags,
        protect: true,
        summary: "Open Stripe's Customer Portal for your billing",
      },
    })
    .input(z.void())
    .output(billingPortalOutput)
    .mutation(billingPortalHandler),
} satisfies TRPCRouterRecord;
