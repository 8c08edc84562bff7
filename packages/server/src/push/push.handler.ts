import { createHash, ECDH } from 'node:crypto';
import { PUSH_ENDPOINT_TAKEN, PUSH_SUBSCRIPTIONS_MAX } from '@t0/contracts/domain/push/push';
import { readableAgent } from '@t0/contracts/domain/auth/user-agent';
import type { PushConfig, PushSubscribeInput, PushTestResult } from '@t0/contracts/schemas/push/push';
import type { Context } from '../core/context';
import type { DeliveryMessage, PushDeviceOutcome } from '../ports';
import { badRequest, conflict, notFound, RetryLater, validationError } from '../core/errors';
import { recordAuthAttempt, secondsUntilAllowed } from '../auth/auth-attempts.queries';
import { TRPCError } from '@trpc/server';
import {
  countPushSubscriptions,
  deletePushSubscription,
  deletePushSubscriptionByEndpoint,
  listPushSubscriptions,
  pushTargetOf,
  toPushSubscription,
  upsertPushSubscription,
} from './push-subscriptions.queries';

type Ctx = Pick<Context, 'db' | 'ports'> & { user: { id: number } };

/** Whether this server sends web push, and the VAPID key browsers subscribe with. */
export function pushConfig(ports: Context['ports']): PushConfig {
  const publicKey = ports.delivery.channels.web_push ? (ports.delivery.webPushPublicKey ?? null) : null;
  return { enabled: publicKey !== null, publicKey, maxDevices: PUSH_SUBSCRIPTIONS_MAX };
}

function webPushPort(ctx: Pick<Context, 'ports'>) {
  const port = ctx.ports.delivery.channels.web_push;
  if (!port) throw badRequest('Web push is not configured on this server');
  return port;
}

/** Whether base64url `key` is a point on the P-256 curve (the schema checked its length and form). */
function isP256Point(key: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(key, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

export async function subscribePushHandler({
  ctx,
  input,
}: {
  ctx: Ctx & Pick<Context, 'request'>;
  input: PushSubscribeInput;
}) {
  const port = webPushPort(ctx);
  const reason = await port.checkTarget(input.endpoint);
  if (reason) throw validationError([{ path: ['endpoint'], message: `endpoint ${reason}` }]);
  if (!isP256Point(input.keys.p256dh))
    throw validationError([{ path: ['keys', 'p256dh'], message: 'keys.p256dh is not a point on the P-256 curve' }]);
  if ((await countPushSubscriptions(ctx.db, ctx.user.id, input.endpoint)) >= PUSH_SUBSCRIPTIONS_MAX) {
    throw badRequest(`At most ${PUSH_SUBSCRIPTIONS_MAX} devices with web push: remove one first`);
  }
  const userAgent = ctx.request.userAgent.slice(0, 300);
  const row = await upsertPushSubscription(ctx.db, {
    userId: ctx.user.id,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    label: (input.label || readableAgent(userAgent).browser).slice(0, 100),
    userAgent,
  });
  // Held by another account: it stays theirs (a browser shared by two accounts makes a new
  // subscription, and so a new endpoint, for the second one; the web app does so on this answer).
  if (!row) throw conflict(PUSH_ENDPOINT_TAKEN);
  return toPushSubscription(row);
}

export async function unsubscribePushHandler({ ctx, input }: { ctx: Ctx; input: { endpoint: string } }) {
  const rows = await deletePushSubscriptionByEndpoint(ctx.db, ctx.user.id, input.endpoint);
  return { removed: rows.length };
}

export async function removePushHandler({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const rows = await deletePushSubscription(ctx.db, ctx.user.id, input.id);
  if (rows.length === 0) throw notFound('Push subscription');
  return { success: true as const, id: input.id };
}

export const listPushHandler = (ctx: Ctx) => listPushSubscriptions(ctx.db, ctx.user.id);

/** Sends a test notification to every browser of the caller now; answers how many push services accepted it. */
/** Test notifications a user may send per minute (each posts to every one of their push services). */
export const PUSH_TESTS_PER_MINUTE = 3;

/**
 * Counts one test send of the user in the database (every process counts alike, in the sliding
 * one-minute window of the sign-in limits); past the budget, 429 with the seconds to wait.
 */
async function limitPushTests(ctx: Ctx): Promise<void> {
  const key = createHash('sha256').update(`push-test:${ctx.user.id}`).digest('hex');
  const [count] = await recordAuthAttempt(ctx.db, [key]);
  if (count && count.count > PUSH_TESTS_PER_MINUTE) {
    const wait = await secondsUntilAllowed(ctx.db, key, count.count, PUSH_TESTS_PER_MINUTE);
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: `At most ${PUSH_TESTS_PER_MINUTE} test notifications a minute: try again in ${wait} s`,
      cause: new RetryLater(wait),
    });
  }
}

export async function testPushHandler({ ctx }: { ctx: Ctx }): Promise<PushTestResult> {
  const port = webPushPort(ctx);
  await limitPushTests(ctx);
  const outcomes = new Map<number, PushDeviceOutcome>();
  const target = await pushTargetOf(ctx.db, ctx.user.id, (id, outcome) => outcomes.set(id, outcome));
  if (!target?.push) throw badRequest('No device has web push enabled: enable it on this device first');
  const message: DeliveryMessage = {
    id: `msg_test:push:${ctx.user.id}:${Date.now()}`,
    event: 'test',
    urgent: false,
    title: 'T0 TERMINAL TEST',
    text: 'Web push works: signal alerts will appear on this device.',
    occurredAt: new Date().toISOString(),
  };
  try {
    await port.send(target, message);
  } catch {
    // Every device failed: the counts below say so.
  }
  const count = (o: PushDeviceOutcome) => [...outcomes.values()].filter((v) => v === o).length;
  return { devices: target.push.devices.length, accepted: count('accepted'), removed: count('gone') };
}
