import type { Db, UserRow } from '@t0/db';
import { sql } from 'kysely';

// Access grants: what a person holds, apart from the payment that bought it. A grant gives the
// rooms of its plan from `starts_at` until `ends_at` (null: no end) unless it was ended early
// (`ended_at`). `users.access_rooms` folds the grants into { room slug: end | null } and
// `users.has_active_subscription` into "any grant now" (the spec's meaning); both are rewritten by
// `refreshRoomAccess` in the transaction of every grant change.

export type GrantSource = 'subscription' | 'pass' | 'lifetime' | 'free' | 'free_days' | 'test';

export interface NewGrant {
  userId: number;
  planId: number;
  source: GrantSource;
  sourceRef?: string | null;
  startsAt?: Date;
  endsAt: Date | null;
}

export function insertGrant(db: Db, g: NewGrant) {
  return db
    .insertInto('accessGrants')
    .values({
      userId: g.userId,
      planId: g.planId,
      source: g.source,
      sourceRef: g.sourceRef ?? null,
      ...(g.startsAt ? { startsAt: g.startsAt } : {}),
      endsAt: g.endsAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A subscription's grant, one while the subscription gives access: made for its plan, or moved to
 * a new plan when the subscription's plan changed (the old grant ends now, a new one starts).
 */
export async function keepSubscriptionGrant(
  db: Db,
  g: { userId: number; planId: number; subscriptionId: string },
): Promise<void> {
  const current = await db
    .selectFrom('accessGrants')
    .selectAll()
    .where('source', '=', 'subscription')
    .where('sourceRef', '=', g.subscriptionId)
    .where('endedAt', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (current && current.userId === g.userId && current.planId === g.planId) return;
  if (current)
    await db
      .updateTable('accessGrants')
      .set({ endedAt: sql<Date>`now()` })
      .where('id', '=', current.id)
      .execute();
  await insertGrant(db, { ...g, source: 'subscription', sourceRef: g.subscriptionId, endsAt: null });
}

/** Ends a subscription's grant now (access lost: cancelled, unpaid past the grace, refunded). */
export async function endSubscriptionGrant(db: Db, subscriptionId: string, now?: Date): Promise<void> {
  await db
    .updateTable('accessGrants')
    .set({ endedAt: now ?? sql<Date>`now()` })
    .where('source', '=', 'subscription')
    .where('sourceRef', '=', subscriptionId)
    .where('endedAt', 'is', null)
    .execute();
}

/** Ends a user's grants now: all of them, or those of some sources. */
export async function endUserGrants(
  db: Db,
  userId: number,
  opts: { sources?: readonly GrantSource[]; now?: Date } = {},
): Promise<void> {
  let q = db
    .updateTable('accessGrants')
    .set({ endedAt: opts.now ?? sql<Date>`now()` })
    .where('userId', '=', userId)
    .where('endedAt', 'is', null);
  if (opts.sources) q = q.where('source', 'in', [...opts.sources]);
  await q.execute();
}

/** A user's grants that count now (started, not ended, not past their end), oldest first. */
export function listCurrentGrants(db: Db, userId: number, now: Date = new Date()) {
  return db
    .selectFrom('accessGrants as g')
    .innerJoin('plans as p', 'p.id', 'g.planId')
    .selectAll('g')
    .select(['p.key as planKey', 'p.name as planName'])
    .where('g.userId', '=', userId)
    .where('g.endedAt', 'is', null)
    .where('g.startsAt', '<=', now)
    .where((eb) => eb.or([eb('g.endsAt', 'is', null), eb('g.endsAt', '>', now)]))
    .orderBy('g.id')
    .execute();
}

/** A grant is over at `now`: ended early, or its end has passed. */
const grantOver = (now: Date) =>
  sql<boolean>`((g.ended_at is not null and g.ended_at <= ${now}) or (g.ends_at is not null and g.ends_at <= ${now}))`;

/**
 * A user's grants with their plan's key and name, for the console: every grant not over (current
 * or starting later), by start, then the newest `pastShown` over (latest stop first), with the
 * number of older ones left out.
 */
export async function listUserGrants(db: Db, userId: number, pastShown: number, now: Date = new Date()) {
  const base = () =>
    db
      .selectFrom('accessGrants as g')
      .innerJoin('plans as p', 'p.id', 'g.planId')
      .selectAll('g')
      .select(['p.key as planKey', 'p.name as planName'])
      .where('g.userId', '=', userId);
  const [running, over, total] = await Promise.all([
    base()
      .where(sql<boolean>`not ${grantOver(now)}`)
      .orderBy('g.startsAt')
      .orderBy('g.id')
      .execute(),
    base()
      .where(grantOver(now))
      .orderBy(sql`least(g.ended_at, g.ends_at)`, 'desc')
      .orderBy('g.id', 'desc')
      .limit(pastShown)
      .execute(),
    db
      .selectFrom('accessGrants as g')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('g.userId', '=', userId)
      .where(grantOver(now))
      .executeTakeFirstOrThrow(),
  ]);
  return { grants: [...running, ...over], olderGrants: Math.max(0, Number(total.n) - over.length) };
}

/**
 * Rewrites the user's folded access from their grants: `access_rooms` (each room held now, with the latest end of the grants covering it, null when one has none) and
 * `has_active_subscription` (a grant counts now). Call it in the transaction of the grant change;
 * answers the user's row as it is then.
 */
export async function refreshRoomAccess(db: Db, userId: number, at?: Date): Promise<UserRow | undefined> {
  // The database's clock (the transaction's start) unless a time is given: grants written in the
  // same transaction start at that same instant.
  const now = at ?? sql<Date>`now()`;
  return db
    .updateTable('users')
    .set({
      accessRooms: sql`coalesce((
        select jsonb_object_agg(held.slug, held.until) from (
          select r.slug,
                 case when bool_or(g.ends_at is null) then null
                      else to_char(max(g.ends_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end as until
            from access_grants g
            join plan_rooms pr on pr.plan_id = g.plan_id
            join rooms r on r.id = pr.room_id
           where g.user_id = users.id and g.ended_at is null and g.starts_at <= ${now}
             and (g.ends_at is null or g.ends_at > ${now})
           group by r.slug) held), '{}'::jsonb)`,
      hasActiveSubscription: sql<boolean>`exists (
        select 1 from access_grants g
         where g.user_id = users.id and g.ended_at is null and g.starts_at <= ${now}
           and (g.ends_at is null or g.ends_at > ${now}))`,
      updatedAt: sql<Date>`now()`,
    })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Users holding a grant whose end has passed but whose folded access still counts it. */
export function listUsersWithLapsedGrants(db: Db, now: Date = new Date()) {
  return db
    .selectFrom('accessGrants')
    .select('userId')
    .distinct()
    .where('endedAt', 'is', null)
    .where('endsAt', '<=', now)
    .execute();
}

/** Marks grants whose end has passed as ended at their end (tidying; they stopped counting then). */
export async function closeLapsedGrants(db: Db, userId: number, now: Date = new Date()): Promise<void> {
  await db
    .updateTable('accessGrants')
    .set({ endedAt: sql`ends_at` })
    .where('userId', '=', userId)
    .where('endedAt', 'is', null)
    .where('endsAt', '<=', now)
    .execute();
}

/** The user's running free days on a plan (an administrator's grant), locked, or undefined. */
export function findFreeDaysGrantForUpdate(db: Db, userId: number, planId: number, now: Date = new Date()) {
  return db
    .selectFrom('accessGrants')
    .selectAll()
    .where('userId', '=', userId)
    .where('planId', '=', planId)
    .where('source', '=', 'free_days')
    .where('endedAt', 'is', null)
    .where('endsAt', '>', now)
    .orderBy('endsAt', 'desc')
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The user's grant of a plan from one source that still counts at `now` (no end, or an end ahead),
 * the latest-ending first, locked; undefined when there is none. A second pass extends the running
 * one; joining a free plan held already changes nothing.
 */
export function findRunningGrantForUpdate(
  db: Db,
  g: { userId: number; planId: number; source: GrantSource },
  now: Date = new Date(),
) {
  return db
    .selectFrom('accessGrants')
    .selectAll()
    .where('userId', '=', g.userId)
    .where('planId', '=', g.planId)
    .where('source', '=', g.source)
    .where('endedAt', 'is', null)
    .where((eb) => eb.or([eb('endsAt', 'is', null), eb('endsAt', '>', now)]))
    .orderBy(sql`ends_at desc nulls first`)
    .forUpdate()
    .executeTakeFirst();
}

export async function setGrantEnd(db: Db, grantId: number, endsAt: Date): Promise<void> {
  await db.updateTable('accessGrants').set({ endsAt }).where('id', '=', grantId).execute();
}
