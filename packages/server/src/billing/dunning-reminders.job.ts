import { DUNNING_REMINDER_DAYS_BEFORE, dunningReminderDue } from '@t0/contracts/domain/billing/dunning';
import { graceDaysOf } from '../core/context';
import { transact } from '../core/transaction';
import { relayCommitted } from '../outbox/outbox-relay.job';
import { enqueueJobs } from '../outbox/queue';
import { billingNoticeJob } from './billing-notices.job';
import { claimDunningReminder, listPastDueHeld } from './dunning.queries';
import type { MailDeps } from './welcome-email.job';

/**
 * The grace period's reminders (the billing sweep's part): for each past-due subscription still
 * held, the reminder due now (`dunningReminderDue`: 3 days and 1 day before access ends) is claimed
 * and its message queued in one transaction, so each goes out once; none once the invoice is paid
 * (no longer past due) or access has ended. Answers how many were queued.
 */
export async function queueDunningReminders(deps: MailDeps, now = new Date()): Promise<number> {
  const graceDays = graceDaysOf(deps.settings);
  let queued = 0;
  for (const sub of await listPastDueHeld(deps.db)) {
    const step = dunningReminderDue(new Date(sub.pastDueSince!), graceDays, sub.dunningRemindersSent, now);
    if (step === 0) continue;
    const outbox = await transact(deps.db, async (trx) => {
      if (!(await claimDunningReminder(trx, sub.subscriptionId, step))) return [];
      return enqueueJobs(trx, [
        billingNoticeJob({
          kind: 'payment_reminder',
          userId: sub.userId,
          subscriptionId: sub.subscriptionId,
          daysLeft: DUNNING_REMINDER_DAYS_BEFORE[step - 1]!,
        }),
      ]);
    });
    if (outbox.length === 0) continue;
    queued += 1;
    await relayCommitted({ db: deps.db, jobs: deps.ports.jobs, log: deps.log }, outbox);
  }
  return queued;
}
