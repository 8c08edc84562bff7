import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { idParam, noInput } from '@t0/contracts/schemas/common/common';
import {
  channelStatsSchema,
  deliveryPreferencesInput,
  deliveryPreferencesOutput,
  deliverySchema,
  webhookEndpointCreate,
  webhookEndpointCreated,
  webhookEndpointSchema,
} from '@t0/contracts/schemas/delivery/delivery';
import { deletedSchema } from '@t0/contracts/schemas/signals/signals';
import { DELIVERY_CHANNELS } from '@t0/contracts/domain/delivery/delivery';
import {
  channelStates,
  createEndpointHandler,
  deskDestination,
  deleteEndpointHandler,
  enableEndpointHandler,
  listEndpointsHandler,
  readDeliveryPreferences,
  saveDeliveryPreferencesHandler,
  testEndpointHandler,
} from './delivery.handler';
import { deliveryStats, listUserDeliveries } from './deliveries.queries';
import {
  adminProcedure,
  subscriberProcedure,
  targetSubscriberProcedure,
  targetUserProcedure,
  userProcedure,
} from '../procedures';

const tags = ['delivery'];

export const deliveryRouter = {
  preferences: userProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/delivery-preferences',
        tags,
        protect: true,
        summary: 'Which events reach which channels, instrument filter and quiet hours',
      },
    })
    .input(noInput)
    .output(deliveryPreferencesOutput)
    .query(({ ctx }) => readDeliveryPreferences(ctx)),

  savePreferences: targetUserProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/user/delivery-preferences',
        errorResponses: {
          400: 'Discord is not configured, it refuses the Discord webhook URL, or an analyst rule names no analyst (or follows and mutes one analyst on one channel)',
          403: 'A session short of its second factor may not change where deliveries go',
        },
        tags,
        protect: true,
        summary:
          'Save the events × channels table, instrument filter, analysts followed or muted, quiet hours and Discord webhook',
        description:
          '`channels` has every event (published, activated, t0_hit, stop_moved, closed, withdrawn, broadcast) with every channel (in_app, email, web_push, telegram, discord, webhook) on or off. ' +
          "`instruments` empty means all. `quietHours` start/end are HH:MM in the user's time zone; `urgentStillComes` lets closes, withdrawals and high-priority announcements through. " +
          "`analysts` (absent: unchanged) lists rules `{ channel, analyst, rule }`, the analyst by slug (GET /analysts): on that channel a `mute`d analyst's signals are not delivered; " +
          "with any analyst `follow`ed on a channel, only the followed analysts' signals are delivered there. The desk's own signals and announcements pass both. " +
          'Channels: email, web_push, telegram, discord, webhook (the in-app list shows every signal of the rooms you hold). An unknown analyst is a 400 naming `analysts.<i>.analyst`.',
      },
    })
    .input(deliveryPreferencesInput)
    .output(deliveryPreferencesOutput)
    .mutation(saveDeliveryPreferencesHandler),

  webhooks: subscriberProcedure
    .meta({
      openapi: { method: 'GET', path: '/user/webhooks', tags, protect: true, summary: 'Your signed webhook endpoints' },
    })
    .input(noInput)
    .output(z.array(webhookEndpointSchema))
    .query(({ ctx }) => listEndpointsHandler(ctx)),

  createWebhook: targetSubscriberProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/webhooks',
        errorResponses: {
          400: 'Webhooks are not configured, the URL is refused, or the most endpoints an account may have',
        },
        tags,
        protect: true,
        summary: 'Register an HTTPS endpoint; the signing secret is answered once',
        description:
          'Payloads follow Standard Webhooks: headers webhook-id, webhook-timestamp and webhook-signature (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` with the base64-decoded part of the `whsec_` secret). At most 5 endpoints; private addresses are refused.',
      },
    })
    .input(webhookEndpointCreate)
    .output(webhookEndpointCreated)
    .mutation(createEndpointHandler),

  deleteWebhook: subscriberProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/user/webhooks/{id}',
        errorResponses: { 404: 'No endpoint of yours has this id' },
        tags,
        protect: true,
        summary: 'Remove a webhook endpoint',
      },
    })
    .input(idParam)
    .output(deletedSchema)
    .mutation(deleteEndpointHandler),

  enableWebhook: targetSubscriberProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/webhooks/{id}/enable',
        errorResponses: { 404: 'No endpoint of yours has this id' },
        tags,
        protect: true,
        summary: 'Enable a webhook endpoint again after it was disabled',
      },
    })
    .input(idParam)
    .output(webhookEndpointSchema)
    .mutation(enableEndpointHandler),

  testWebhook: subscriberProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/webhooks/{id}/test',
        errorResponses: { 400: 'The endpoint is disabled', 404: 'No endpoint of yours has this id' },
        tags,
        protect: true,
        summary: 'Send a signed test event to the endpoint',
      },
    })
    .input(idParam)
    .output(z.object({ deliveryId: z.number().int() }))
    .mutation(testEndpointHandler),

  deliveries: userProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/deliveries',
        tags,
        protect: true,
        summary: 'Your last 20 deliveries with their status',
      },
    })
    .input(noInput)
    .output(z.array(deliverySchema))
    .query(({ ctx }) => listUserDeliveries(ctx.db, ctx.user.id)),

  stats: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/deliveries',
        tags: ['admin'],
        protect: true,
        summary: 'Per channel: sent, failed, waiting, median latency and the last error',
      },
    })
    .input(noInput)
    .output(z.array(channelStatsSchema))
    .query(async ({ ctx }) => {
      const stats = await deliveryStats(ctx.db);
      const states = channelStates(ctx.ports);
      // In-app and e-mail keep their own records (notifications, the e-mail tab).
      return DELIVERY_CHANNELS.filter((c) => c !== 'in_app' && c !== 'email').map((channel) => ({
        ...(stats.find((s) => s.channel === channel) ?? {
          sent: 0,
          failed: 0,
          pending: 0,
          oldestPendingMs: null,
          medianLatencyMs: null,
          lastError: null,
          lastErrorAt: null,
        }),
        channel,
        configured: states[channel] === 'ready',
        desk: deskDestination(channel, ctx.ports.delivery),
      }));
    }),
} satisfies TRPCRouterRecord;
