import type { Db } from '@t0/db';
import { sql } from 'kysely';
import { FINISHED_STATUSES } from '@t0/contracts/domain/signals/signal-lifecycle';
import type { Operations } from '@t0/contracts/schemas/operations/operations';
import { outboxBacklog } from '../outbox/outbox.queries';

/** A queued job waiting longer than this means the workers are not keeping up (or not running). */
export const JOB_LAG_WARN_MS = 60_000;

/** Round trip of one trivial statement: the database as every request sees it. */
export async function databaseLatency(db: Db): Promise<Operations['health']['database']> {
  const started = performance.now();
  try {
    await sql`select 1`.execute(db);
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    return { ok: true, latencyMs, detail: `${latencyMs} ms`, checkedAt: new Date().toISOString() };
  } catch (err) {
    return {
      ok: false,
      latencyMs: Math.round(performance.now() - started),
      detail: `unreachable: ${(err as Error).message}`,
      checkedAt: new Date().toISOString(),
    };
  }
}

/**
 * Queued jobs that are due and not yet taken, and how long the oldest has waited. Read from the job
 * runner's own table (schema `pgboss`); null when the runner never started on this database.
 */
export async function jobQueueLag(db: Db, schema = 'pgboss'): Promise<Operations['health']['jobs']> {
  const checkedAt = new Date().toISOString();
  try {
    const { rows } = await sql<{ waiting: number; lag_ms: number | null }>`
      select count(*)::int as waiting,
             (extract(epoch from (now() - min(start_after))) * 1000)::float8 as lag_ms
        from ${sql.table(`${schema}.job`)}
       where state in ('created', 'retry') and start_after <= now()`.execute(db);
    const waiting = rows[0]?.waiting ?? 0;
    const lagMs = rows[0]?.lag_ms == null ? 0 : Math.max(0, Math.round(Number(rows[0].lag_ms)));
    const ok = lagMs < JOB_LAG_WARN_MS;
    return {
      ok,
      lagMs,
      waiting,
      detail: waiting === 0 ? 'no job waiting' : `${waiting} waiting, oldest ${Math.round(lagMs / 1000)} s`,
      checkedAt,
    };
  } catch {
    return { ok: null, lagMs: null, waiting: null, detail: 'job runner not started', checkedAt };
  }
}

/**
 * A delivery is stuck when its due or retry time passed this long ago without a send, or an
 * outbox row waited this long for its relay (which runs every few seconds, at once after a commit).
 */
export const DELIVERY_STUCK_AFTER_MS = 60_000;
/** A send that began this long ago and never ended (a stopped process; the recovery sweep takes it). */
const SENDING_STUCK_AFTER_MS = 5 * 60_000;

/** Outbox rows waiting for their relay and channel deliveries past their schedule. */
export async function deliveryBacklog(db: Db): Promise<Operations['health']['deliveries']> {
  const checkedAt = new Date().toISOString();
  const outbox = await outboxBacklog(db);
  const stuck = await db
    .selectFrom('deliveries')
    .select(sql<number>`count(*)::int`.as('n'))
    .where((eb) =>
      eb.or([
        eb.and([
          eb('status', 'in', ['queued', 'held']),
          eb(
            sql`coalesce(next_attempt_at, due_at)`,
            '<',
            sql<Date>`now() - make_interval(secs => ${DELIVERY_STUCK_AFTER_MS / 1000})`,
          ),
        ]),
        eb.and([
          eb('status', '=', 'sending'),
          eb('claimedAt', '<', sql<Date>`now() - make_interval(secs => ${SENDING_STUCK_AFTER_MS / 1000})`),
        ]),
      ]),
    )
    .executeTakeFirstOrThrow();
  const outboxStuck = outbox.oldestAgeMs !== null && outbox.oldestAgeMs > DELIVERY_STUCK_AFTER_MS;
  const parts = [
    outbox.pending === 0
      ? 'outbox empty'
      : `${outbox.pending} in the outbox, oldest ${Math.round((outbox.oldestAgeMs ?? 0) / 1000)} s`,
    stuck.n === 0 ? 'none past its schedule' : `${stuck.n} past their schedule`,
  ];
  return {
    ok: !outboxStuck && stuck.n === 0,
    outboxWaiting: outbox.pending,
    outboxOldestMs: outbox.oldestAgeMs,
    stuck: stuck.n,
    detail: parts.join(', '),
    checkedAt,
  };
}

/** The newest payment-provider event this product processed (any provider). */
export async function lastPaymentEvent(db: Db): Promise<{ at: Date; type: string } | null> {
  const row = await db
    .selectFrom('processedPaymentEvents')
    .select(['processedAt', 'type'])
    .orderBy('processedAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { at: row.processedAt, type: row.type } : null;
}

/** Signal e-mail deliveries today (UTC) and over 30 days, from the delivery records. */
export async function emailFigures(db: Db): Promise<Operations['email']> {
  const [row, welcome, all] = await Promise.all([
    db
      .selectFrom('signalEmails')
      .select([
        sql<number>`count(*) filter (where delivery_status = 'sent' and sent_at >= date_trunc('day', now() at time zone 'utc') at time zone 'utc')::int`.as(
          'sentToday',
        ),
        sql<number>`count(*) filter (where delivery_status = 'failed' and sent_at >= date_trunc('day', now() at time zone 'utc') at time zone 'utc')::int`.as(
          'failedToday',
        ),
        sql<number>`count(*) filter (where delivery_status = 'sent' and sent_at >= now() - interval '30 days')::int`.as(
          'sent30d',
        ),
        sql<number>`count(*) filter (where delivery_status = 'failed' and sent_at >= now() - interval '30 days')::int`.as(
          'failed30d',
        ),
        sql<Date | null>`max(sent_at) filter (where delivery_status = 'failed')`.as('lastFailureAt'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('hasActiveSubscription', '=', true)
      .where('welcomeEmailSentAt', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('emailLog')
      .select([
        sql<number>`count(*) filter (where status = 'sent')::int`.as('sent'),
        sql<number>`count(*) filter (where status = 'failed')::int`.as('failed'),
      ])
      .where('createdAt', '>=', sql<Date>`date_trunc('day', now() at time zone 'utc') at time zone 'utc'`)
      .executeTakeFirstOrThrow(),
  ]);
  const attempted = row.sent30d + row.failed30d;
  return {
    sentToday: row.sentToday,
    failedToday: row.failedToday,
    sent30d: row.sent30d,
    failed30d: row.failed30d,
    deliveryRate30d: attempted === 0 ? null : Math.round((row.sent30d / attempted) * 1000) / 10,
    lastFailureAt: row.lastFailureAt ? new Date(row.lastFailureAt).toISOString() : null,
    welcomePending: welcome.n,
    allSentToday: all.sent,
    allFailedToday: all.failed,
  };
}

/** Channel deliveries over 30 days by outcome, from the delivery records. */
export async function channelFigures(db: Db): Promise<Operations['channels']> {
  const row = await db
    .selectFrom('deliveries')
    .select([
      sql<number>`count(*) filter (where status = 'sent')::int`.as('sent30d'),
      sql<number>`count(*) filter (where status = 'failed')::int`.as('failed30d'),
      sql<number>`count(*) filter (where status = 'skipped')::int`.as('skipped30d'),
    ])
    .where('createdAt', '>=', sql<Date>`now() - interval '30 days'`)
    .executeTakeFirstOrThrow();
  const attempted = row.sent30d + row.failed30d;
  return { ...row, deliveryRate30d: attempted === 0 ? null : Math.round((row.sent30d / attempted) * 1000) / 10 };
}

/** Published signals (every stored signal is published), open and finished. */
export async function signalFigures(db: Db): Promise<Operations['signals']> {
  const row = await db
    .selectFrom('signals')
    .select([
      sql<number>`count(*)::int`.as('published'),
      sql<number>`count(*) filter (where status in (${sql.join(FINISHED_STATUSES.map((s) => sql.lit(s)))}))::int`.as(
        'finished',
      ),
    ])
    .executeTakeFirstOrThrow();
  return { published: row.published, finished: row.finished, open: row.published - row.finished };
}

export async function activeSubscriberCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('hasActiveSubscription', '=', true)
    .executeTakeFirstOrThrow();
  return row.n;
}
