import { periodEndOf } from '@t0/contracts/domain/billing/billing';
import { graceDaysOf } from '../core/context';
import { changeAccess } from '../access/access.handler';
import {
  closeLapsedGrants,
  endSubscriptionGrant,
  endUserGrants,
  listUsersWithLapsedGrants,
} from '../access/access-grants.queries';
import {
  advancePeriod,
  chargeLocalInvoice,
  listFreeAccessEnded,
  listGraceExpired,
  listLocalPeriodsEnded,
  listLocalRenewalsDue,
  listLocalTrialsEnded,
} from './billing.queries';
import { localCycleOf } from './plan-prices';
import { sendTrialReminders } from './trial-reminders.job';
import { queueDunningReminders } from './dunning-reminders.job';
import { offerWinBacks } from './win-back.job';
import { updateUser } from '../auth/users.queries';
import { localId } from './checkout.handler';
import { applyPaymentEvent } from './payment-events.handler';
import type { MailDeps } from './welcome-email.job';
import { transact } from '../core/transaction';

export interface BillingSweepReport {
  /** Users whose past-due grace period ran out: access ended. */
  graceEnded: number;
  /** Local (test-mode) subscriptions cancelled at their period's end that are now over. */
  periodsEnded: number;
  /** Local (test-mode) subscriptions renewed for another period, each with its invoice. */
  renewed: number;
  /** Users whose free access (granted by an administrator) ran out without a paid subscription: access ended. */
  freeAccessEnded: number;
  /** Local (test-mode) trials over and not cancelled: converted with their first paid invoice. */
  trialsConverted: number;
  /** Users with a grant (a pass, free days) whose end came: their rooms were recomputed. */
  grantsEnded: number;
  /** Trial reminder e-mails sent (three days before a trial ends, once each; any provider). */
  trialReminders: number;
  /** Failed-payment reminders queued (3 days and 1 day before a past-due grace period ends, once each). */
  dunningReminders: number;
  /** Win-back offers made (subscriptions ended the set days ago, once each, when win-back is on). */
  winBackOffers: number;
}

/**
 * The periodic billing housekeeping: ends access once a past-due grace period runs out, and ends
 * the local test mode's subscriptions that were cancelled at the period end when the period is over,
 * and renews the other local ones with a new invoice (Stripe does both itself and says so through
 * its webhooks).
 */
export async function sweepBilling(deps: MailDeps, now = new Date()): Promise<BillingSweepReport> {
  const report: BillingSweepReport = {
    graceEnded: 0,
    periodsEnded: 0,
    renewed: 0,
    freeAccessEnded: 0,
    trialsConverted: 0,
    grantsEnded: 0,
    trialReminders: 0,
    dunningReminders: 0,
    winBackOffers: 0,
  };
  for (const user of await listFreeAccessEnded(deps.db, now)) {
    // The free days' grant ends; a paid subscription (or one in its past-due grace) keeps its own grant.
    const ended = await transact(deps.db, async (trx) => {
      let had = false;
      const after = await changeAccess(
        trx,
        user.id,
        async (t, before) => {
          had = before.hasActiveSubscription;
          await updateUser(t, user.id, { freeAccessUntil: null });
          await endUserGrants(t, user.id, { sources: ['free_days'], now });
        },
        now,
      );
      return had && after?.hasActiveSubscription === false;
    });
    if (ended) {
      report.freeAccessEnded += 1;
      deps.log.info({ userId: user.id }, 'free access over: access ended');
    }
  }
  for (const user of await listGraceExpired(deps.db, graceDaysOf(deps.settings), now)) {
    const ended = await transact(deps.db, (trx) =>
      changeAccess(
        trx,
        user.id,
        async (t) => {
          if (user.stripeSubscriptionId) await endSubscriptionGrant(t, user.stripeSubscriptionId, now);
        },
        now,
      ),
    );
    if (ended) report.graceEnded += 1;
    deps.log.info({ userId: user.id }, 'past-due grace period over: access ended');
  }
  // Passes, free days and other grants whose end has come: the folded access drops them.
  for (const { userId } of await listUsersWithLapsedGrants(deps.db, now)) {
    const after = await transact(deps.db, (trx) =>
      changeAccess(trx, userId, (t) => closeLapsedGrants(t, userId, now), now),
    );
    if (after) report.grantsEnded += 1;
  }
  for (const sub of await listLocalPeriodsEnded(deps.db, now)) {
    const result = await applyPaymentEvent(deps, {
      id: localId('evt'),
      provider: 'local',
      providerType: 'customer.subscription.deleted',
      event: {
        type: 'subscription.changed',
        subscriptionId: sub.subscriptionId,
        customerId: sub.customerId,
        email: null,
        plan: null,
        status: 'canceled',
        occurredAt: now > new Date() ? now : new Date(),
      },
    });
    if (result.applied) report.periodsEnded += 1;
  }
  for (const sub of await listLocalRenewalsDue(deps.db, now)) {
    const from = sub.currentPeriodEnd!;
    // The plan's own cycle and price (a plan change may have moved it off the legacy ones).
    const { interval, intervalCount, price } = await localCycleOf(deps.db, deps.settings, sub.plan);
    // A period that ended long ago renews from now, not once per missed period.
    const start = now.getTime() - from.getTime() > 7 * 24 * 60 * 60 * 1000 ? now : from;
    const to = periodEndOf(start, interval, intervalCount);
    const renewed = await transact(deps.db, async (trx) => {
      if (!(await advancePeriod(trx, sub.subscriptionId, from, to, start))) return false;
      if (price)
        await chargeLocalInvoice(trx, {
          subscriptionId: sub.subscriptionId,
          amountCents: price.amountCents,
          currency: price.currency,
          periodStart: start,
          periodEnd: to,
        });
      return true;
    });
    if (renewed) report.renewed += 1;
  }
  for (const sub of await listLocalTrialsEnded(deps.db, now)) {
    // The trial's end is the first paid invoice (the card given at checkout): trialing to active, as
    // Stripe's invoice.paid says, billed in the same transaction. A cancelled trial ended above.
    const from = sub.currentPeriodEnd!;
    const start = now.getTime() - from.getTime() > 7 * 24 * 60 * 60 * 1000 ? now : from;
    const { interval, intervalCount } = await localCycleOf(deps.db, deps.settings, sub.plan);
    const result = await applyPaymentEvent(deps, {
      id: `local_evt_trial_${sub.subscriptionId}`,
      provider: 'local',
      providerType: 'invoice.paid',
      event: {
        type: 'invoice.paid',
        subscriptionId: sub.subscriptionId,
        customerId: sub.customerId,
        occurredAt: now > new Date() ? now : new Date(),
        localPeriod: { from, start, to: periodEndOf(start, interval, intervalCount) },
      },
    });
    if (result.applied) report.trialsConverted += 1;
  }
  report.trialReminders = await sendTrialReminders(deps, now);
  report.dunningReminders = await queueDunningReminders(deps, now);
  report.winBackOffers = await offerWinBacks(deps, now);
  return report;
}
