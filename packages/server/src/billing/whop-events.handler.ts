import { grantsAccess } from '@t0/contracts/domain/billing/subscriptions';
import { changeAccess } from '../access/access.handler';
import { endSubscriptionGrant, keepSubscriptionGrant } from '../access/access-grants.queries';
import { createAccount } from '../auth/accounts.handler';
import { findUserByEmail, updateUser } from '../auth/users.queries';
import { blacklistEntryFor } from '../blacklist/refuse';
import { claimLedgerEntriesFor, recordLedgerEntry } from '../ledger/record-entry';
import { findDefaultPlan } from '../plans/plans.queries';
import { findWhopPlanTarget } from '../plans/whop-plans.queries';
import type { PaymentEvent } from '../ports';
import type { Applied } from './payment-events.handler';
import { applySubscriptionState, findSubscriptionPlan } from './payment-subscriptions.queries';
import { findUserForWhop } from './subscribers.queries';
import type { MailDeps } from './welcome-email.job';

// Whop's memberships and payments (docs/features/whop.md), applied in the payment event's
// transaction (`applyPaymentEvent`: each webhook id once). A membership is kept beside Stripe's
// subscriptions (`payment_subscriptions`, provider `whop`, the membership id as the subscription id)
// so that its newest state wins whatever the arrival order, and its grant is a `subscription` grant
// of the membership. The account carries the Whop user (`whop_user_id`) and its membership
// (`whop_subscription_id`).

type Deps = MailDeps;
type PlanRow = Awaited<ReturnType<typeof findDefaultPlan>>;

/**
 * The T0 plan a Whop plan grants: the desk's mapping, else the default plan. A mapping to a plan
 * archived since is not followed (an archived plan takes no new holders): the default plan, logged.
 */
async function planOfWhopPlan(deps: Deps, whopPlanId: string | null): Promise<PlanRow> {
  const mapped = whopPlanId ? await findWhopPlanTarget(deps.db, whopPlanId) : undefined;
  if (mapped && mapped.archivedAt === null) return mapped;
  if (mapped)
    deps.log.warn({ whopPlanId, plan: mapped.key }, 'Whop plan mapped to an archived plan: the default plan granted');
  return findDefaultPlan(deps.db);
}

/**
 * A membership activated or deactivated. Its newest state wins (an older event changes nothing); an
 * activation grants the mapped plan (made for the account, which is created for a new address and
 * then gets the set-password e-mail after the commit), a deactivation ends the membership's grant.
 * A blacklisted address or Whop user is granted nothing.
 */
export async function whopMembershipChanged(
  deps: Deps,
  e: Extract<PaymentEvent, { type: 'whop.membership' }>,
): Promise<Applied> {
  const { db } = deps;
  const plan = await planOfWhopPlan(deps, e.whopPlanId);
  const { state, changed } = await applySubscriptionState(db, {
    subscriptionId: e.membershipId,
    provider: 'whop',
    customerId: e.whopUserId,
    email: e.email,
    plan: plan.key,
    status: e.status,
    eventAt: e.occurredAt,
  });
  if (!changed) return {}; // an older event than the one already applied
  const hasAccess = grantsAccess(state.status);
  const email = e.email ?? state.email;
  const whopUserId = e.whopUserId ?? state.customerId;
  let user = await findUserForWhop(db, { membershipId: e.membershipId, whopUserId, email });
  if (hasAccess) {
    const entry = await blacklistEntryFor(db, { email: email ?? user?.email, whop: whopUserId });
    if (entry) {
      deps.log.warn(
        { blacklistEntry: entry.id, kind: entry.kind, membershipId: e.membershipId },
        'Whop membership of a blacklisted person: nothing granted',
      );
      return {};
    }
  }
  let accountCreated = false;
  if (!user) {
    if (!hasAccess) return {};
    if (!email) {
      deps.log.error(
        { membershipId: e.membershipId, whopUserId },
        'Whop membership without an e-mail address: no account to grant (give the webhook member:email:read)',
      );
      return {};
    }
    user = await createAccount({ db, ports: deps.ports }, { email });
    accountCreated = user !== undefined;
    user ??= await findUserByEmail(db, email);
    if (!user) throw new Error('account could not be created');
  }
  // Payments told before their buyer was known get the buyer now.
  await claimLedgerEntriesFor(db, e.membershipId, user.id);
  const updated = await changeAccess(db, user.id, async (trx, before) => {
    await updateUser(trx, before.id, {
      whopUserId: whopUserId ?? before.whopUserId,
      // The membership that grants is the account's; an old one ending leaves a newer one in place.
      whopSubscriptionId: hasAccess || !before.whopSubscriptionId ? e.membershipId : before.whopSubscriptionId,
    });
    if (hasAccess)
      await keepSubscriptionGrant(trx, { userId: before.id, planId: plan.id, subscriptionId: e.membershipId });
    else await endSubscriptionGrant(trx, e.membershipId);
  });
  return { user: updated, accountCreated };
}

/** Money Whop took: one ledger entry (its payment id), with the buyer and the membership's plan when known. */
export async function whopPaymentSucceeded(
  deps: Deps,
  e: Extract<PaymentEvent, { type: 'whop.payment' }>,
): Promise<Applied> {
  const { db } = deps;
  const user = await findUserForWhop(db, { membershipId: e.membershipId, whopUserId: e.whopUserId, email: e.email });
  const stored = e.membershipId ? await findSubscriptionPlan(db, e.membershipId) : undefined;
  const planKey = stored?.plan ?? (await planOfWhopPlan(deps, e.whopPlanId)).key;
  await recordLedgerEntry(db, {
    kind: 'payment',
    userId: user?.id ?? null,
    amount: e.payment.amount,
    currency: e.payment.currency,
    fee: e.payment.fee,
    provider: 'whop',
    providerObjectId: e.payment.objectId,
    chargeId: e.payment.chargeId,
    subscriptionId: e.membershipId,
    planKey,
    occurredAt: e.occurredAt,
  });
  return {};
}
