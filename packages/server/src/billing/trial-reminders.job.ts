import type { Database } from '@t0/db';
import type { Selectable } from 'kysely';
import { formatAmount } from '@t0/contracts/domain/billing/billing';
import { languageOf, wordsFor } from '../core/words';
import { trialEndingMail } from '../mail/trial-ending';
import { subscriberLanguage } from '../preferences/language';
import { readDefaultLanguage } from '../site/site-settings.queries';
import { claimTrialReminder, listTrialRemindersDue, releaseTrialReminder } from './billing.queries';
import { localCycleOf } from './plan-prices';
import { findUserForSubscription } from './subscribers.queries';
import type { MailDeps } from './welcome-email.job';

/** The reminder goes out this long before a trial ends. */
export const TRIAL_REMINDER_BEFORE_MS = 3 * 24 * 60 * 60 * 1000;

type Subscription = Selectable<Database['paymentSubscriptions']>;

/**
 * Sends one trial's reminder e-mail, once: the claim on the subscription's row is taken before the
 * send and given back if the send fails (the next sweep tries again). Answers whether it was sent.
 */
export async function sendTrialReminder(deps: MailDeps, sub: Subscription, now = new Date()): Promise<boolean> {
  if (sub.status !== 'trialing' || !sub.trialEnd || sub.trialReminderSentAt) return false;
  const user = await findUserForSubscription(deps.db, {
    subscriptionId: sub.subscriptionId,
    customerId: sub.customerId,
    email: sub.email,
  });
  const to = user?.email ?? sub.email;
  if (!to) return false;
  if (!(await claimTrialReminder(deps.db, sub.subscriptionId, now))) return false;
  // The price of the plan the trial is on now (a trial may have changed plan).
  const { price } = await localCycleOf(deps.db, deps.settings, sub.plan);
  try {
    // In the subscriber's language (their choice, else the desk's default); a buyer without an account reads the desk's.
    const t = wordsFor(
      user ? await subscriberLanguage(deps.db, user.id) : languageOf(null, await readDefaultLanguage(deps.db)),
    );
    await deps.ports.mailer.send(
      trialEndingMail(
        to,
        sub.trialEnd,
        deps.settings.publicUrl,
        price ? formatAmount(price.amountCents, price.currency) : null,
        t,
      ),
    );
  } catch (err) {
    await releaseTrialReminder(deps.db, sub.subscriptionId);
    deps.log.error({ err, subscriptionId: sub.subscriptionId }, 'trial reminder e-mail failed');
    return false;
  }
  deps.log.info({ subscriptionId: sub.subscriptionId }, 'trial reminder sent');
  return true;
}

/** The periodic part: every trial (Stripe's or local) ending within three days gets its reminder once. */
export async function sendTrialReminders(deps: MailDeps, now = new Date()): Promise<number> {
  let sent = 0;
  for (const sub of await listTrialRemindersDue(deps.db, now, TRIAL_REMINDER_BEFORE_MS)) {
    if (await sendTrialReminder(deps, sub, now)) sent += 1;
  }
  return sent;
}
