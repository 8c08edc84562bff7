import type { TRPCRouterRecord } from '@trpc/server';
import { noInput } from '@t0/contracts/schemas/common/common';
import {
  createPromotionCodeInput,
  promotionCodeView,
  promotionsOutput,
  updatePromotionCodeInput,
} from '@t0/contracts/schemas/promotions/promotions';
import { createPromotionCodeHandler, listPromotionsHandler, updatePromotionCodeHandler } from './promotions.handler';
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
          "Promotion codes and their redemptions (who, when, discount, invoice): Stripe's, or the local test mode's; and the win-back offers not made",
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
        summary:
          'A local test-mode promotion code: percent or amount off, optional limit, expiry and plans (409 with Stripe)',
        description:
          '`plans`: the keys of the plans the code applies to (400 naming `plans` for a key no plan has); empty or left out: every plan. The test checkout refuses a limited code for another plan. `affiliateId`: the active affiliate the code belongs to (its buyers are attributed to them; 400 naming `affiliateId` for an unknown or suspended one); null or left out: none.',
      },
    })
    .input(createPromotionCodeInput)
    .output(promotionCodeView)
    .mutation(createPromotionCodeHandler),

  update: adminProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/promotion-codes/{id}',
        errorResponses: {
          404: 'No local promotion code has this id',
          409: 'Codes are limited in the Stripe Dashboard (their coupon applies to products)',
        },
        tags,
        protect: true,
        summary:
          'Change the plans a local test-mode code applies to (empty: every plan) or its affiliate (null: none); 409 with Stripe',
        description:
          'What is left out stays. `affiliateId`: an active affiliate (400 naming `affiliateId` for an unknown or suspended one).',
      },
    })
    .input(updatePromotionCodeInput)
    .output(promotionCodeView)
    .mutation(updatePromotionCodeHandler),
} satisfies TRPCRouterRecord;
