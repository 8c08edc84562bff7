import type { TRPCRouterRecord } from '@trpc/server';
import { noInput } from '@t0/contracts/schemas/common/common';
import {
  adminPlanListSchema,
  adminPlanSchema,
  planCreateInput,
  planKeyInput,
  planUpdateInput,
  whopPlanIdInput,
  whopPlanListSchema,
  whopPlanRemovedSchema,
  whopPlanSchema,
  whopPlanSetInput,
} from '@t0/contracts/schemas/plans/plans';
import { planOfferSchema } from '@t0/contracts/schemas/billing/billing';
import { joinPlanOutput, planPathInput } from '@t0/contracts/schemas/billing/payments';
import { planFiguresSchema } from '@t0/contracts/schemas/plans/plan-figures';
import { archivePlanHandler, createPlanHandler, listAdminPlansHandler, updatePlanHandler } from './plan-admin.handler';
import { planFiguresHandler } from './plan-figures.handler';
import { planOfferHandler } from './plan-offers.handler';
import { joinPlanHandler } from './plan-join.handler';
import { listWhopPlansHandler, removeWhopPlanHandler, setWhopPlanHandler } from './whop-plans.handler';
import { adminProcedure, publicProcedure, userProcedure } from '../procedures';

/** Plans: one by its key (an offer's link), joining a free one, and the console's (docs/features/rooms-and-plans.md). */
export const plansRouter = {
  offer: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/plans/{plan}',
        errorResponses: { 404: 'No open plan has this key', 503: 'The price is unavailable right now' },
        tags: ['billing'],
        protect: false,
        summary: 'One plan anyone may buy by its key, listed or not (an offer), with its terms, rooms and price',
      },
    })
    .input(planPathInput)
    .output(planOfferSchema)
    .query(planOfferHandler),

  join: userProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/plans/{plan}/join',
        tags: ['billing'],
        protect: true,
        summary: 'Join a free plan (no payment): its rooms are held from now, with no end',
      },
    })
    .input(planPathInput)
    .output(joinPlanOutput)
    .mutation(joinPlanHandler),

  adminList: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/plans',
        tags: ['admin'],
        protect: true,
        summary: 'Every plan, archived and unlisted ones too, with its Stripe price and how many hold it now',
      },
    })
    .input(noInput)
    .output(adminPlanListSchema)
    .query(listAdminPlansHandler),

  figures: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/plans/figures',
        tags: ['admin'],
        protect: true,
        summary:
          'Figures per plan: holders now, grants started and ended in the last 30 days, the monthly-equivalent revenue of its paid subscriptions',
        description:
          'Counted from the access grants and their subscriptions; administrators count nowhere. `recurringRevenue` is null for a plan that does not recur (a pass, lifetime, free) or has no known price; passes and lifetime have no revenue figure (no payment is recorded for them).',
      },
    })
    .input(noInput)
    .output(planFiguresSchema)
    .query(planFiguresHandler),

  create: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/plans',
        tags: ['admin'],
        protect: true,
        summary: 'Add a plan: its terms, price and the rooms it grants',
      },
    })
    .input(planCreateInput)
    .output(adminPlanSchema)
    .mutation(createPlanHandler),

  update: adminProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/plans/{key}',
        errorResponses: { 404: 'No plan has this key' },
        tags: ['admin'],
        protect: true,
        summary: 'Change a plan (not its key); what its holders hold changes with its rooms',
      },
    })
    .input(planUpdateInput)
    .output(adminPlanSchema)
    .mutation(updatePlanHandler),

  archive: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/plans/{key}/archive',
        errorResponses: { 404: 'No plan has this key' },
        tags: ['admin'],
        protect: true,
        summary: 'Archive a plan: its holders keep it, it takes no new ones and leaves the public list',
      },
    })
    .input(planKeyInput)
    .output(adminPlanSchema)
    .mutation(archivePlanHandler),

  whopList: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/whop-plans',
        tags: ['admin'],
        protect: true,
        summary: 'The T0 plan each Whop plan grants (a Whop plan not listed grants the default plan)',
      },
    })
    .input(noInput)
    .output(whopPlanListSchema)
    .query(listWhopPlansHandler),

  whopSet: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/whop-plans/{whopPlanId}',
        tags: ['admin'],
        protect: true,
        summary: "Map a Whop plan to a T0 plan: its memberships' next events grant that plan",
      },
    })
    .input(whopPlanSetInput)
    .output(whopPlanSchema)
    .mutation(setWhopPlanHandler),

  whopRemove: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/whop-plans/{whopPlanId}',
        errorResponses: { 404: 'This Whop plan is not mapped' },
        tags: ['admin'],
        protect: true,
        summary: "Remove a Whop plan's mapping: it grants the default plan again",
      },
    })
    .input(whopPlanIdInput)
    .output(whopPlanRemovedSchema)
    .mutation(removeWhopPlanHandler),
} satisfies TRPCRouterRecord;
