import { healthTally, relativeTime, type Operations } from '@t0/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';

/** Measured health is re-measured once a minute while the console is open (and on focus). */
export const OPERATIONS_REFRESH_MS = 60_000;

export function useOperations() {
  const trpc = useTRPC();
  return useQuery(trpc.operations.summary.queryOptions(undefined, { refetchInterval: OPERATIONS_REFRESH_MS }));
}

export interface HealthLine {
  name: string;
  ok: boolean | null;
  state: string;
}

/** The console's status lines, each from a measurement (or saying that nothing could be measured). */
export function healthLines(ops: Operations, now = new Date()): HealthLine[] {
  const { database, mail, payments, jobs, live, deliveries } = ops.health;
  const lastEvent = payments.lastEventAt
    ? `LAST EVENT ${(relativeTime(payments.lastEventAt, now) ?? '').toUpperCase()}`
    : 'NO EVENT RECEIVED YET';
  return [
    { name: 'Database', ok: database.ok, state: database.ok ? `${database.latencyMs} MS` : 'UNREACHABLE' },
    {
      name: 'Email service',
      ok: mail.ok,
      state:
        mail.ok === null
          ? 'NOT CHECKED'
          : mail.ok
            ? mail.transport === 'file'
              ? 'FILES (NO SMTP)'
              : 'SMTP VERIFIED'
            : mail.detail.toUpperCase(),
    },
    {
      name: 'Membership webhook',
      ok: payments.ok,
      state:
        payments.mode === 'none'
          ? 'NOT CONFIGURED'
          : `${payments.mode === 'stripe' ? 'STRIPE' : 'TEST MODE'} · ${lastEvent}`,
    },
    {
      name: 'Job queue',
      ok: jobs.ok,
      state:
        jobs.ok === null
          ? 'NOT STARTED'
          : jobs.waiting
            ? `${jobs.waiting} WAITING · OLDEST ${Math.round((jobs.lagMs ?? 0) / 1000)} S`
            : 'NO BACKLOG',
    },
    {
      name: 'Live streams',
      ok: live.ok,
      state: live.openStreams === null ? 'OFF' : `${live.openStreams} OPEN ON THIS SERVER`,
    },
    { name: 'Deliveries', ok: deliveries.ok, state: deliveriesState(deliveries) },
  ];
}

/** "ON SCHEDULE", or what is stuck: deliveries past their schedule, the outbox's oldest row. */
function deliveriesState(d: Operations['health']['deliveries']): string {
  const parts: string[] = [];
  if (d.stuck > 0) parts.push(`${d.stuck} PAST SCHEDULE`);
  if (d.outboxWaiting > 0)
    parts.push(`OUTBOX ${d.outboxWaiting} · OLDEST ${Math.round((d.outboxOldestMs ?? 0) / 1000)} S`);
  return parts.length ? parts.join(' · ') : 'ON SCHEDULE';
}

/** "4/5 OK": checks that passed out of those that could be made. */
export function healthSummary(ops: Operations): { text: string; allOk: boolean } {
  const { ok, checked } = healthTally(ops.health);
  return { text: `${ok}/${checked} OK`, allOk: ok === checked };
}
