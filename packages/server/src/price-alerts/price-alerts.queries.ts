import type { Db, Database } from '@t0/db';
import { sql, type Insertable, type Updateable } from 'kysely';

// A subscriber's price alerts and their firings (migration 20261231000000_price_alerts).

export function listUserPriceAlerts(db: Db, userId: number) {
  return db.selectFrom('priceAlerts').selectAll().where('userId', '=', userId).orderBy('id').execute();
}

export async function countUserPriceAlerts(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('priceAlerts')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return row.n;
}

export function findUserPriceAlert(db: Db, userId: number, id: number) {
  return db.selectFrom('priceAlerts').selectAll().where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
}

export function insertPriceAlert(db: Db, values: Insertable<Database['priceAlerts']>) {
  return db.insertInto('priceAlerts').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updatePriceAlert(db: Db, id: number, values: Updateable<Database['priceAlerts']>) {
  return db
    .updateTable('priceAlerts')
    .set({ ...values, updatedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deletePriceAlert(db: Db, userId: number, id: number) {
  return db.deleteFrom('priceAlerts').where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
}

/**
 * The active alerts on these instruments, of users with access whose "price alerts" switch is on (no settings
 * row: the default, on), each with its row locked until the transaction ends and skipped when
 * another process judges it now.
 */
export function lockActiveAlerts(db: Db, instruments: readonly string[]) {
  if (instruments.length === 0) return Promise.resolve([]);
  return (
    db
      .selectFrom('priceAlerts as a')
      .innerJoin('users as u', 'u.id', 'a.userId')
      .leftJoin('userSettings as s', 's.userId', 'a.userId')
      .selectAll('a')
      .where('a.active', '=', true)
      // An account whose access ended keeps its alerts, not judged until it has access again.
      .where((eb) => eb.or([eb('u.hasActiveSubscription', '=', true), eb('u.isAdmin', '=', true)]))
      .where('a.instrument', 'in', [...instruments])
      .where((eb) => eb.or([eb('s.priceAlerts', 'is', null), eb('s.priceAlerts', '=', true)]))
      .orderBy('a.id')
      .forUpdate('a')
      .skipLocked()
      .execute()
  );
}

export function insertPriceAlertFire(db: Db, fire: { alertId: number; userId: number; price: number; firedAt: Date }) {
  return db.insertInto('priceAlertFires').values(fire).returning('id').executeTakeFirstOrThrow();
}

/** One firing with its alert (the fan-out words its message from them). */
export function findPriceAlertFire(db: Db, id: number) {
  return db
    .selectFrom('priceAlertFires as f')
    .innerJoin('priceAlerts as a', 'a.id', 'f.alertId')
    .select(['f.id', 'f.userId', 'f.price', 'f.firedAt', 'a.instrument', 'a.condition', 'a.level', 'a.side', 'a.note'])
    .where('f.id', '=', id)
    .executeTakeFirst();
}
