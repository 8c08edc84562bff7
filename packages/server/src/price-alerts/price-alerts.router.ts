import type { TRPCRouterRecord } from '@trpc/server';
import { idParam, noInput } from '@t0/contracts/schemas/common/common';
import {
  userPriceAlertCreateInput,
  userPriceAlertListSchema,
  userPriceAlertSchema,
  userPriceAlertUpdateInput,
} from '@t0/contracts/schemas/price-alerts/price-alerts';
import { deletedSchema } from '@t0/contracts/schemas/signals/signals';
import {
  createPriceAlertHandler,
  deletePriceAlertHandler,
  listPriceAlertsHandler,
  updatePriceAlertHandler,
} from './price-alerts.handler';
import { subscriberProcedure } from '../procedures';

const tags = ['price-alerts'];
const missing = { 404: 'No price alert of yours has this id' };

/** A subscriber's own price alerts (docs/features/price-alerts.md). */
export const priceAlertsRouter = {
  list: subscriberProcedure
    .meta({ openapi: { method: 'GET', path: '/user/price-alerts', tags, protect: true, summary: 'Your price alerts' } })
    .input(noInput)
    .output(userPriceAlertListSchema)
    .query(listPriceAlertsHandler),

  create: subscriberProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/price-alerts',
        errorResponses: { 409: 'You have 50 price alerts already' },
        tags,
        protect: true,
        summary: 'Set a price alert: above, below or crossing a level of an instrument of your plan',
        description:
          '`side` (bid, ask or mid; default mid) is the price it is judged on; while the feed gives one price only, every side is ' +
          'judged on it. `repeat`: once (default) or every time, again only after the price moved 2 pips or points back from the ' +
          'level. A level of 0 or an instrument outside your plan is a 400 naming the field.',
      },
    })
    .input(userPriceAlertCreateInput)
    .output(userPriceAlertSchema)
    .mutation(createPriceAlertHandler),

  update: subscriberProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/user/price-alerts/{id}',
        errorResponses: missing,
        tags,
        protect: true,
        summary: 'Change a price alert, pause it (`active: false`) or turn it on again',
      },
    })
    .input(userPriceAlertUpdateInput)
    .output(userPriceAlertSchema)
    .mutation(updatePriceAlertHandler),

  remove: subscriberProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/user/price-alerts/{id}',
        errorResponses: missing,
        tags,
        protect: true,
        summary: 'Delete a price alert',
      },
    })
    .input(idParam)
    .output(deletedSchema)
    .mutation(deletePriceAlertHandler),
} satisfies TRPCRouterRecord;
