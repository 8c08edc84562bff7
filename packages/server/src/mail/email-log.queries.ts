import type { Db } from '@t0/db';
import { sql } from 'kysely';
import {
  MAIL_FAILURES_SHOWN,
  MAIL_KINDS,
  type MailKind,
  type MailLogStatus,
} from '@t0/contracts/domain/mail/mail-kinds';
import type { EmailLogSummary } from '@t0/contracts/schemas/business/business';

export async function insertEmailLog(
  db: Db,
  row: { kind: MailKind; toAddress: string; subject: string; status: MailLogStatus; error?: string | null },
) {
  await db
    .insertInto('emailLog')
    .values({
      kind: row.kind,
      toAddress: row.toAddress.slice(0, 255),
      subject: row.subject.slice(0, 255),
      status: row.status,
      error: row.error ? row.error.slice(0, 500) : null,
    })
    .execute();
}

const TODAY = sql`date_trunc('day', now() at time zone 'utc') at time zone 'utc'`;

/** Sent and failed e-mails per kind, today (since 00:00 UTC) and over 30 days, and the newest failures. */
export async function emailLogSummary(db: Db): Promise<EmailLogSummary> {
  const [rows, failures] = await Promise.all([
    db
      .selectFrom('emailLog')
      .select([
        'kind',
        sql<number>`count(*) filter (where status = 'sent' and created_at >= ${TODAY})::int`.as('sentToday'),
        sql<number>`count(*) filter (where status = 'failed' and created_at >= ${TODAY})::int`.as('failedToday'),
        sql<number>`count(*) filter (where status = 'sent')::int`.as('sent30d'),
        sql<number>`count(*) filter (where status = 'failed')::int`.as('failed30d'),
      ])
      .where('createdAt', '>=', sql<Date>`now() - interval '30 days'`)
      .groupBy('kind')
      .execute(),
    db
      .selectFrom('emailLog')
      .select(['id', 'kind', 'toAddress', 'subject', 'error', 'createdAt'])
      .where('status', '=', 'failed')
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(MAIL_FAILURES_SHOWN)
      .execute(),
  ]);
  const zero = { sentToday: 0, failedToday: 0, sent30d: 0, failed30d: 0 };
  const byKind = MAIL_KINDS.map((kind) => {
    const r = rows.find((x) => x.kind === kind);
    return {
      kind,
      ...(r
        ? { sentToday: r.sentToday, failedToday: r.failedToday, sent30d: r.sent30d, failed30d: r.failed30d }
        : zero),
    };
  });
  const totals = rows.reduce(
    (t, r) => ({
      sentToday: t.sentToday + r.sentToday,
      failedToday: t.failedToday + r.failedToday,
      sent30d: t.sent30d + r.sent30d,
      failed30d: t.failed30d + r.failed30d,
    }),
    zero,
  );
  return {
    measuredAt: new Date().toISOString(),
    byKind,
    totals,
    lastFailures: failures.map((f) => ({ ...f, id: Number(f.id), createdAt: f.createdAt.toISOString() })),
  };
}
