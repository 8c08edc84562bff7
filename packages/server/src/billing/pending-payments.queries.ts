import type { ConsentPage } from '@t0/contracts/domain/site/site-settings';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@t0/db';
import { sql } from 'kysely';
import { CHECKOUT_SESSION_TTL_MS } from '@t0/contracts/domain/billing/subscriptions';
import { normalizeEmail } from '../auth/users.queries';

export const hashReference = (reference: string) => createHash('sha256').update(reference).digest('hex');

/** Records a started checkout; answers its id and the single-use reference (only its hash is stored). */
export async function insertPendingPayment(
  db: Db,
  values: {
    email: string;
    plan: string;
    provider: string;
    trialDays?: number;
    /** The pages accepted at checkout, by version, and from where. */
    consent?: { versions: Record<ConsentPage, number>; shown: boolean; ip: string; userAgent: string };
  },
) {
  const reference = randomBytes(32).toString('base64url');
  const row = await db
    .insertInto('pendingPayments')
    .values({
      email: normalizeEmail(values.email),
      plan: values.plan,
      provider: values.provider,
      trialDays: values.trialDays ?? 0,
      referenceHash: hashReference(reference),
      expiresAt: new Date(Date.now() + CHECKOUT_SESSION_TTL_MS),
      ...(values.consent
        ? {
            consent: JSON.stringify({ ...values.consent.versions, shown: values.consent.shown }),
            consentIp: values.consent.ip.slice(0, 64),
            consentUserAgent: values.consent.userAgent.slice(0, 512),
          }
        : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, reference };
}

export async function setPendingPaymentSession(db: Db, id: number, providerSessionId: string) {
  await db.updateTable('pendingPayments').set({ providerSessionId }).where('id', '=', id).execute();
}

/** A started checkout that can still be finished (unused, unexpired), by its reference. */
export function findOpenPendingPayment(db: Db, reference: string) {
  return db
    .selectFrom('pendingPayments')
    .select(['id', 'email', 'plan', 'expiresAt', 'trialDays'])
    .where('referenceHash', '=', hashReference(reference))
    .where('completedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Closes a started checkout once: answers it only to the first caller. Atomic. */
export function claimPendingPayment(db: Db, reference: string) {
  return db
    .updateTable('pendingPayments')
    .set({ completedAt: sql<Date>`now()` })
    .where('referenceHash', '=', hashReference(reference))
    .where('completedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .returning(['id', 'email', 'plan', 'trialDays'])
    .executeTakeFirst();
}

/** Marks the pending payment of a provider checkout session (or our own id) completed. */
export async function completePendingPayment(db: Db, by: { id?: number | null; providerSessionId?: string | null }) {
  if (by.id) {
    await db
      .updateTable('pendingPayments')
      .set({ completedAt: sql<Date>`coalesce(completed_at, now())` })
      .where('id', '=', by.id)
      .execute();
  } else if (by.providerSessionId) {
    await db
      .updateTable('pendingPayments')
      .set({ completedAt: sql<Date>`coalesce(completed_at, now())` })
      .where('providerSessionId', '=', by.providerSessionId)
      .execute();
  }
}

/** The consent of the buyer's last completed checkout at or before `before` (by address), if recorded. */
export function findConsentOfBuyer(db: Db, email: string, before: Date) {
  return db
    .selectFrom('pendingPayments')
    .select(['consent', 'consentIp', 'consentUserAgent', 'createdAt'])
    .where('email', '=', normalizeEmail(email))
    .where('consent', 'is not', null)
    .where('completedAt', 'is not', null)
    .where('createdAt', '<=', before)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}
