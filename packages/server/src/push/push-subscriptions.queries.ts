import type { Db, PushSubscriptionRow } from '@t0/db';
import { sql } from 'kysely';
import { PUSH_DEAD_AFTER_DAYS, PUSH_MAX_FAILURES } from '@t0/contracts/domain/push/push';
import type { PushSubscriptionInfo } from '@t0/contracts/schemas/push/push';
import type { DeliveryTarget, PushDevice, PushDeviceOutcome } from '../ports';

function serviceOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '';
  }
}

export function toPushSubscription(r: PushSubscriptionRow): PushSubscriptionInfo {
  return {
    id: r.id,
    endpoint: r.endpoint,
    service: serviceOf(r.endpoint),
    label: r.label,
    createdAt: r.createdAt.toISOString(),
    lastSuccessAt: r.lastSuccessAt ? r.lastSuccessAt.toISOString() : null,
    failures: r.failures,
  };
}

export async function listPushSubscriptions(db: Db, userId: number): Promise<PushSubscriptionInfo[]> {
  const rows = await db
    .selectFrom('pushSubscriptions')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map(toPushSubscription);
}

export async function countPushSubscriptions(db: Db, userId: number, exceptEndpoint: string): Promise<number> {
  const row = await db
    .selectFrom('pushSubscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('endpoint', '<>', exceptEndpoint)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Stores a browser's subscription. The endpoint is unique: the account that holds it subscribing
 * it again updates its keys; another account's endpoint is left as it is, and the answer is
 * undefined (decided in the one statement, so two accounts racing for an endpoint cannot both win).
 */
export async function upsertPushSubscription(
  db: Db,
  s: { userId: number; endpoint: string; p256dh: string; auth: string; label: string; userAgent: string },
) {
  return db
    .insertInto('pushSubscriptions')
    .values(s)
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet({ p256dh: s.p256dh, auth: s.auth, label: s.label, userAgent: s.userAgent, failures: 0 })
        .where('pushSubscriptions.userId', '=', s.userId),
    )
    .returningAll()
    .executeTakeFirst();
}

/** Removes the user's subscription of this browser (endpoint); answers the rows removed (none or one). */
export function deletePushSubscriptionByEndpoint(db: Db, userId: number, endpoint: string) {
  return db
    .deleteFrom('pushSubscriptions')
    .where('userId', '=', userId)
    .where('endpoint', '=', endpoint)
    .returning('id')
    .execute();
}

/** Removes one of the user's subscriptions by id; answers the rows removed (none when it is not theirs). */
export function deletePushSubscription(db: Db, userId: number, id: number) {
  return db.deleteFrom('pushSubscriptions').where('userId', '=', userId).where('id', '=', id).returning('id').execute();
}

/** Users who have at least one browser subscribed (the fan-out's reachability). */
export async function usersWithPush(db: Db, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('pushSubscriptions')
    .select('userId')
    .distinct()
    .where('userId', 'in', [...userIds])
    .execute();
  return new Set(rows.map((r) => r.userId));
}

/** Records what a push service answered for one device: gone ones are deleted. */
export async function recordPushOutcome(db: Db, id: number, outcome: PushDeviceOutcome): Promise<void> {
  if (outcome === 'gone') await db.deleteFrom('pushSubscriptions').where('id', '=', id).execute();
  else if (outcome === 'accepted')
    await db
      .updateTable('pushSubscriptions')
      .set({ lastSuccessAt: sql<Date>`now()`, failures: 0 })
      .where('id', '=', id)
      .execute();
  else {
    await db
      .updateTable('pushSubscriptions')
      .set({ failures: sql<number>`failures + 1` })
      .where('id', '=', id)
      .execute();
    // Failing for days in a row: the browser is gone without saying so (see PUSH_MAX_FAILURES).
    await db
      .deleteFrom('pushSubscriptions')
      .where('id', '=', id)
      .where('failures', '>=', PUSH_MAX_FAILURES)
      .where(
        sql<boolean>`coalesce(last_success_at, created_at) < now() - make_interval(days => ${PUSH_DEAD_AFTER_DAYS})`,
      )
      .execute();
  }
}

/** A user's browsers as a delivery target, read at send time; null when they have none. */
export async function pushTargetOf(
  db: Db,
  userId: number,
  onOutcome?: (id: number, outcome: PushDeviceOutcome) => void,
): Promise<DeliveryTarget | null> {
  const devices: PushDevice[] = await db
    .selectFrom('pushSubscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('userId', '=', userId)
    .orderBy('id')
    .execute();
  if (devices.length === 0) return null;
  return {
    url: '',
    push: {
      devices,
      async report(id, outcome) {
        onOutcome?.(id, outcome);
        await recordPushOutcome(db, id, outcome);
      },
    },
  };
}
