import type { Db } from '@t0/db';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long records that grow with use are kept. The console's figures reach back 30 days, so
 * these windows leave every figure whole; a delivery still waiting (queued, held, sending) is
 * never removed, whatever its age.
 */
export const RETENTION_DAYS = {
  /** `email_log`: every e-mail sent, with its recipient. */
  emailLog: 180,
  /** `deliveries` that reached an end (sent, failed, skipped). */
  deliveries: 90,
} as const;

/** Deletes the records past their window; answers how many went from each table. */
export async function pruneRecords(db: Db, now = new Date()): Promise<{ emailLog: number; deliveries: number }> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const emailLog = await db
    .deleteFrom('emailLog')
    .where('createdAt', '<', before(RETENTION_DAYS.emailLog))
    .executeTakeFirst();
  const deliveries = await db
    .deleteFrom('deliveries')
    .where('createdAt', '<', before(RETENTION_DAYS.deliveries))
    .where('status', 'in', ['sent', 'failed', 'skipped'])
    .executeTakeFirst();
  return { emailLog: Number(emailLog.numDeletedRows), deliveries: Number(deliveries.numDeletedRows) };
}
