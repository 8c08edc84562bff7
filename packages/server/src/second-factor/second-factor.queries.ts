import type { Db } from '@t0/db';
import { sql } from 'kysely';

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
      oc
        .column('userId')
        .doUpdateSet({ secret, lastTimeStep: null, createdAt: sql`now()` })
        .where('adminSecondFactors.enabledAt', 'is', null),
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
  await db
    .insertInto('adminRecoveryCodes')
    .values(hashes.map((codeHash) => ({ userId, codeHash, usedAt: null })))
    .execute();
}

/**
 * Uses a recovery code once: finds the unused code it matches (each stored salted, so every one is
 * checked) and marks it used; answers false when none matches or it was used meanwhile (two
 * concurrent uses of one code: one wins).
 */
export async function useRecoveryCode(db: Db, userId: number, matches: (stored: string) => boolean): Promise<boolean> {
  const unused = await db
    .selectFrom('adminRecoveryCodes')
    .select(['id', 'codeHash'])
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .execute();
  const hit = unused.find((c) => matches(c.codeHash));
  if (!hit) return false;
  const row = await db
    .updateTable('adminRecoveryCodes')
    .set({ usedAt: new Date() })
    .where('id', '=', hit.id)
    .where('usedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

/** Whole seconds (at least 1) the second-factor step stays locked for the user; 0 when open. */
export async function codeStepLockedFor(db: Db, userId: number): Promise<number> {
  const row = await sql<{ wait: number | string | null }>`
    select ceil(extract(epoch from (locked_until - now()))) as wait
    from admin_second_factors
    where user_id = ${userId} and locked_until > now()`.execute(db);
  const wait = Number(row.rows[0]?.wait ?? 0);
  return Number.isFinite(wait) && wait > 0 ? Math.max(1, wait) : 0;
}

/**
 * Counts a wrong code at the second-factor step; the `max`-th since the last accepted one locks the
 * step for `lockSeconds` (and the count starts again). One statement: concurrent failures all
 * count. Answers true when this failure locked the step.
 */
export async function recordCodeFailure(db: Db, userId: number, max: number, lockSeconds: number): Promise<boolean> {
  const row = await sql<{ locked: boolean }>`
    update admin_second_factors set
      failed_attempts = case when failed_attempts + 1 >= ${max}::int then 0 else failed_attempts + 1 end,
      locked_until = case when failed_attempts + 1 >= ${max}::int then now() + make_interval(secs => ${lockSeconds}::int) else locked_until end
    where user_id = ${userId}
    returning (failed_attempts = 0) as locked`.execute(db);
  return row.rows[0]?.locked === true;
}

/** An accepted code: the wrong ones before it are forgotten. */
export async function clearCodeFailures(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('adminSecondFactors')
    .set({ failedAttempts: 0 })
    .where('userId', '=', userId)
    .where('failedAttempts', '>', 0)
    .execute();
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
