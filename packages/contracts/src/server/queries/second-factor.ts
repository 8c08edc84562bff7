import type { Database } from '@t0/db';
import { sql, type Kysely } from 'kysely';

type Db = Kysely<Database>;

/** The administrator's TOTP row (enabled or an enrolment not yet confirmed), if any. */
export function findSecondFactor(db: Db, userId: number) {
  return db.selectFrom('adminSecondFactors').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** True when the administrator has a confirmed second factor. */
export async function hasSecondFactor(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('adminSecondFactors')
    .select('userId')
    .where('userId', '=', userId)
    .where('enabledAt', 'is not', null)
    .executeTakeFirst();
  return !!row;
}

/** Starts (or restarts) an enrolment with a new secret; an enabled factor is left alone. */
export async function startEnrolment(db: Db, userId: number, secret: string): Promise<boolean> {
  const result = await db
    .insertInto('adminSecondFactors')
    .values({ userId, secret, enabledAt: null, lastTimeStep: null })
    .onConflict((oc) =>
      oc.column('userId').doUpdateSet({ secret, lastTimeStep: null, createdAt: sql`now()` }).where('adminSecondFactors.enabledAt', 'is', null),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Records that a code of `timeStep` was accepted, only if no code of that step or a later one
 * was: answers false for a replay (two concurrent uses of one code: one wins).
 */
export async function claimTimeStep(db: Db, userId: number, timeStep: number, enable = false): Promise<boolean> {
  const result = await db
    .updateTable('adminSecondFactors')
    .set(enable ? { lastTimeStep: timeStep, enabledAt: new Date() } : { lastTimeStep: timeStep })
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('lastTimeStep', 'is', null), eb('lastTimeStep', '<', timeStep)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteSecondFactor(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('adminRecoveryCodes').where('userId', '=', userId).execute();
  await db.deleteFrom('adminSecondFactors').where('userId', '=', userId).execute();
}

/** Replaces the administrator's recovery codes with these hashes. */
export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[]): Promise<void> {
  await db.deleteFrom('adminRecoveryCodes').where('userId', '=', userId).execute();
  await db.insertInto('adminRecoveryCodes').values(hashes.map((codeHash) => ({ userId, codeHash, usedAt: null }))).execute();
}

/** Uses a recovery code once: answers false when it is unknown or already used. */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
  const row = await db
    .updateTable('adminRecoveryCodes')
    .set({ usedAt: new Date() })
    .where('userId', '=', userId)
    .where('codeHash', '=', codeHash)
    .where('usedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

export async function countRecoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('adminRecoveryCodes')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Notes a sign-in from a device (fingerprint) and answers true when the administrator had never
 * signed in from it (the first of two concurrent sign-ins wins).
 */
export async function noteDevice(
  db: Db,
  device: { userId: number; fingerprint: string; userAgent: string; address: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('adminDevices')
    .values(device)
    .onConflict((oc) => oc.columns(['userId', 'fingerprint']).doNothing())
    .returning('fingerprint')
    .executeTakeFirst();
  if (inserted) return true;
  await db
    .updateTable('adminDevices')
    .set({ lastSeenAt: new Date() })
    .where('userId', '=', device.userId)
    .where('fingerprint', '=', device.fingerprint)
    .execute();
  return false;
}
