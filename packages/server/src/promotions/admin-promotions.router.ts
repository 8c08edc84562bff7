import type { TRPCRouterRecord } from '@trpc/server';
import { noInput } from '@t0/contracts/schemas/common';
import { createPromotionCodeInput, promotionCodeView, promotionsOutput } from '@t0/contracts/schemas/promotions';
import { createPromotionCodeHandler, listPromotionsHandler } from './promotions.handler';
import { adminProcedure } from '../procedures';

const tags = ['admin'];

/** The console's promotion codes and their redemptions (Stripe's, or the local test mode's own). */
export const adminPromotionsRouter = {
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/promotion-codes',
        tags,
        protect: true,
        summary:
          "Promotion codes and their redemptions (who, when, discount, invoice): Stripe's, or the local test mode's",
      },
    })
    .input(noInput)
    .output(promotionsOutput)
    .query(({ ctx }) => listPromotionsHandler(ctx)),

  create: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/promotion-codes',
        errorResponses: { 409: 'The code exists, or codes are made in the Stripe Dashboard' },
        tags,
        protect: true,
        summary: 'A local test-mode promotion code: percent or amount off, optional limit and expiry (409 with Stripe)',
      },
    })
    .input(createPromotionCodeInput)
    .output(promotionCodeView)
    .mutation(createPromotionCodeHandler),
} satisfies TRPCRouterRecord;
