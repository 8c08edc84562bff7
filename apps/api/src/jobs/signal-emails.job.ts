import { deliverSignalEmails, JOB_NAMES, type SignalEmailOptions } from '@t0/server';
import type { JobDefinition, JobDeps } from './types';

export const SIGNAL_EMAILS_JOB = JOB_NAMES.signalEmails;

export interface SignalEmailsData {
  signalId: number;
  /** A lifecycle event of the signal to tell of (activated, T0 hit, closed...); absent: the publication. */
  eventId?: number;
}

/**
 * E-mails a new signal (or one of its lifecycle events) to its recipients in batches. If any delivery failed the job fails, and
 * pg-boss retries it with a growing delay; each retry sends only to those not yet reached. The
 * delivery records and the signal stay whatever happens. Recipients held by their quiet hours are
 * e-mailed by a run queued for when those end.
 */
export async function runSignalEmails(
  data: SignalEmailsData,
  deps: JobDeps,
  opts: SignalEmailOptions = {},
): Promise<void> {
  const signalId = Number(data?.signalId);
  if (!Number.isInteger(signalId) || signalId <= 0) {
    deps.log.warn({ data }, 'signal-emails job without a signal id: nothing to send');
    return;
  }
  const eventId = data?.eventId === undefined ? 0 : Number(data.eventId);
  if (!Number.isInteger(eventId) || eventId < 0) {
    deps.log.warn({ data }, 'signal-emails job with an invalid event id: nothing to send');
    return;
  }
  const report = await deliverSignalEmails(
    {
      db: deps.db.db,
      mailer: deps.ports.mailer,
      settings: { publicUrl: deps.config.publicUrl, adminEmails: deps.config.adminEmails },
      log: deps.log,
    },
    signalId,
    opts,
    eventId,
  );
  if (!report.signalFound) {
    deps.log.info({ signalId }, 'signal gone before its e-mails went out');
    return;
  }
  if (report.failed > 0) {
    throw new Error(`${report.failed} of ${report.recipients} signal e-mails failed; they will be retried`);
  }
  // Recipients in their quiet hours get it when those end (queued by the run that completes, once).
  if (report.heldUntil) {
    const at = report.heldUntil;
    await deps.ports.jobs.send(
      SIGNAL_EMAILS_JOB,
      { signalId, ...(eventId ? { eventId } : {}) },
      { startAfter: at, singletonKey: `signal-emails:${signalId}:${eventId}:${at.getTime()}` },
    );
  }
}

export const signalEmailsJob: JobDefinition<SignalEmailsData> = {
  name: SIGNAL_EMAILS_JOB,
  handler: (data, deps) => runSignalEmails(data, deps),
  // First retry after about 2 s, then doubling (about half an hour over ten retries).
  options: { retryLimit: 10, retryDelaySeconds: 2, retryBackoff: true, expireInSeconds: 15 * 60 },
};
