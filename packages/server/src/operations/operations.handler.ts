import type { Context } from '../core/context';
import type { Mailer } from '../ports';
import type { HealthCheck, Operations } from '@t0/contracts/schemas/operations/operations';
import {
  activeSubscriberCount,
  channelFigures,
  databaseLatency,
  deliveryBacklog,
  emailFigures,
  jobQueueLag,
  lastPaymentEvent,
  signalFigures,
} from './operations.queries';

/** A mail transport check opens an SMTP connection: at most one a minute per process. */
export const MAIL_CHECK_TTL_MS = 60_000;
/** An SMTP server that does not answer in this time counts as failed (the console never waits longer). */
export const MAIL_CHECK_TIMEOUT_MS = 5_000;
const mailChecks = new WeakMap<Mailer, { at: number; result: Promise<HealthCheck> }>();

function checkMail(mailer: Mailer): Promise<HealthCheck> {
  const kept = mailChecks.get(mailer);
  if (kept && Date.now() - kept.at < MAIL_CHECK_TTL_MS) return kept.result;
  const result = (async (): Promise<HealthCheck> => {
    const checkedAt = new Date().toISOString();
    if (!mailer.verify) return { ok: null, detail: 'cannot be checked', checkedAt };
    try {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer in ${MAIL_CHECK_TIMEOUT_MS / 1000} s`)),
          MAIL_CHECK_TIMEOUT_MS,
        );
      });
      await Promise.race([mailer.verify(), timeout]).finally(() => clearTimeout(timer));
      return {
        ok: true,
        detail: mailer.transport === 'file' ? 'writing .eml files (no SMTP configured)' : 'SMTP verified',
        checkedAt,
      };
    } catch (err) {
      return { ok: false, detail: `failed: ${(err as Error).message}`.slice(0, 200), checkedAt };
    }
  })();
  mailChecks.set(mailer, { at: Date.now(), result });
  return result;
}

/** What the console shows as health and figures: each one measured now or read from the records. */
export async function operationsHandler({ ctx }: { ctx: Context }): Promise<Operations> {
  const now = new Date();
  const [database, mail, jobs, lastEvent, email, signals, active, channels, deliveries] = await Promise.all([
    databaseLatency(ctx.db),
    checkMail(ctx.ports.mailer),
    jobQueueLag(ctx.db),
    lastPaymentEvent(ctx.db),
    emailFigures(ctx.db),
    signalFigures(ctx.db),
    activeSubscriberCount(ctx.db),
    channelFigures(ctx.db),
    deliveryBacklog(ctx.db),
  ]);
  const mode = ctx.ports.payments.mode;
  const payments: Operations['health']['payments'] = {
    mode,
    lastEventAt: lastEvent?.at.toISOString() ?? null,
    lastEventType: lastEvent?.type ?? null,
    // Configured is all that can be known without a provider call: whether events arrive is the
    // last event's age, which the console shows beside it.
    ok: mode === 'none' ? null : true,
    detail: mode === 'none' ? 'not configured' : mode === 'local' ? 'local test-mode checkout' : 'Stripe',
    checkedAt: now.toISOString(),
  };
  const openStreams = ctx.live?.size ?? null;
  return {
    measuredAt: now.toISOString(),
    health: {
      database,
      mail: { ...mail, transport: ctx.ports.mailer.transport ?? 'smtp' },
      payments,
      jobs,
      live: {
        ok: openStreams === null ? null : true,
        openStreams,
        detail: openStreams === null ? 'no live streams on this process' : `${openStreams} open on this server process`,
        checkedAt: now.toISOString(),
      },
      deliveries,
    },
    email,
    channels,
    signals,
    subscribers: { active },
  };
}
