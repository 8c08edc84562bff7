import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { idParam, noInput } from '@t0/contracts/schemas/common/common';
import {
  pushConfigSchema,
  pushRemovedSchema,
  pushSubscribeInput,
  pushSubscriptionSchema,
  pushTestResultSchema,
  pushUnsubscribeInput,
} from '@t0/contracts/schemas/push/push';
import { deletedSchema } from '@t0/contracts/schemas/signals/signals';
import {
  listPushHandler,
  pushConfig,
  removePushHandler,
  subscribePushHandler,
  testPushHandler,
  unsubscribePushHandler,
} from './push.handler';
import { publicProcedure, subscriberProcedure, userProcedure } from '../procedures';

const tags = ['push'];

// Web push: the browsers a user enabled push notifications on. Subscribing and the test
// need an active subscription (deliveries go to subscribers only); listing and removing do not.
export const pushRouter = {
  config: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/push/config',
        tags,
        protect: false,
        summary: 'Whether this server sends web push, and its VAPID public key',
      },
    })
    .input(noInput)
    .output(pushConfigSchema)
    .query(({ ctx }) => pushConfig(ctx.ports)),

  list: userProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/push/subscriptions',
        tags,
        protect: true,
        summary: 'Your browsers with web push enabled',
      },
    })
    .input(noInput)
    .output(z.array(pushSubscriptionSchema))
    .query(({ ctx }) => listPushHandler(ctx)),

  subscribe: subscriberProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/push/subscriptions',
        errorResponses: {
          400: 'Web push is not configured, the endpoint or key is refused, or the most devices an account may have',
          409: 'Another account holds the endpoint',
        },
        tags,
        protect: true,
        summary:
          "Enable web push on a browser: the body is the browser's PushSubscription (endpoint, keys.p256dh, keys.auth)",
        description:
          'The endpoint must be an https:// address of a push service on the public internet. `keys.p256dh` is the 65-byte P-256 public key and `keys.auth` the 16-byte secret, both base64url. ' +
          'Subscribing the same endpoint again updates it; an endpoint another account holds is refused (409, nothing changes). At most 10 browsers per account.',
      },
    })
    .input(pushSubscribeInput)
    .output(pushSubscriptionSchema)
    .mutation(subscribePushHandler),

  unsubscribe: userProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/push/unsubscribe',
        tags,
        protect: true,
        summary: 'Disable web push on a browser, named by its endpoint',
      },
    })
    .input(pushUnsubscribeInput)
    .output(pushRemovedSchema)
    .mutation(unsubscribePushHandler),

  remove: userProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/push/subscriptions/{id}',
        errorResponses: { 404: 'No device of yours has this id' },
        tags,
        protect: true,
        summary: 'Remove a browser from your web push devices',
      },
    })
    .input(idParam)
    .output(deletedSchema)
    .mutation(removePushHandler),

  test: subscriberProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/push/test',
        errorResponses: { 400: 'Web push is not configured, or no device has it on', 429: 'Too many test messages' },
        tags,
        protect: true,
        summary: 'Send a test notification to your browsers now; answers how many push services accepted it',
      },
    })
    .input(noInput)
    .output(pushTestResultSchema)
    .mutation(testPushHandler),
} satisfies TRPCRouterRecord;
