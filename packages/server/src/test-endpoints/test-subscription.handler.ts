import { periodEnd } from '@t0/contracts/domain/billing';
import type { TestActivateInput, TestEmailInput } from '@t0/contracts/schemas/test-endpoints';
import type { Context } from '../core/context';
import { notFound } from '../core/errors';
import { changeAccess } from '../access/access.handler';
import { endUserGrants } from '../access/access-grants.queries';
import { trialDaysFor } from '@t0/contracts/domain/trials';
import { hasSubscribedBefore } from '../billing/billing.queries';
import { insertPendingPayment } from '../billing/pending-payments.queries';
import { readSiteSettings } from '../site/site-settings.queries';
import { findUserByEmail, toUser, updateUser } from '../auth/users.queries';
import { localId } from '../billing/checkout.handler';
import { applyPaymentEvent } from '../billing/payment-events.handler';
import { transact } from '../core/transaction';

// The development-only test page: each call goes through the same code as a real payment.

async function activate(ctx: Context, input: TestActivateInput, pendingPaymentId: number | null, trialDays = 0) {
  const existing = await findUserByEmail(ctx.db, input.email);
  const occurredAt = new Date();
  const trialEnd = trialDays > 0 ? new Date(occurredAt.getTime() + trialDays * 24 * 60 * 60 * 1000) : null;
  const result = await applyPaymentEvent(ctx, {
    id: localId('evt'),
    provider: 'local',
    providerType: 'checkout.session.completed',
    event: {
      type: 'checkout.completed',
      email: input.email,
      plan: input.plan,
      customerId: existing?.stripeCustomerId?.startsWith('local_') ? existing.stripeCustomerId : localId('cus'),
      subscriptionId: localId('sub'),
      status: trialEnd ? 'trialing' : 'active',
      occurredAt,
      pendingPaymentId,
      currentPeriodEnd: trialEnd ?? periodEnd(occurredAt, input.plan),
      trialEnd,
    },
  });
  if (!result.user) throw new Error('activation did not reach a user');
  return { result, user: toUser(result.user, ctx.settings.adminEmails) };
}

export async function testActivateHandler({ ctx, input }: { ctx: Context; input: TestActivateInput }) {
  const { user } = await activate(ctx, input, null);
  return { user, message: `Subscription activated for ${user.email} (${input.plan} plan)` };
}

/**
 * A simulated paid checkout: recorded as a pending payment, then completed like a real one, with
 * the same free trial a checkout offers (the plan's days, once per person).
 */
export async function testCheckoutSuccessHandler({ ctx, input }: { ctx: Context; input: TestActivateInput }) {
  const { settings } = await readSiteSettings(ctx.db);
  const trialDays = trialDaysFor(settings.trialDays, input.plan, await hasSubscribedBefore(ctx.db, input.email));
  const pending = await insertPendingPayment(ctx.db, {
    email: input.email,
    plan: input.plan,
    provider: 'local',
    trialDays,
  });
  const { result, user } = await activate(ctx, input, pending.id, trialDays);
  const welcomeEmailSent = result.welcome?.status === 'sent';
  const trial = trialDays > 0 ? ` Free trial of ${trialDays} days: the first payment is taken when it ends.` : '';
  const message = result.accountCreated
    ? `Checkout complete. Account created for ${user.email}; a link to set the password was e-mailed.${trial}`
    : trialDays > 0
      ? `Checkout complete. Free trial of ${trialDays} days started for ${user.email}.`
      : `Checkout complete. Subscription active for ${user.email}.`;
  return { success: true as const, user, message, accountCreated: result.accountCreated === true, welcomeEmailSent };
}

export async function testDeactivateHandler({ ctx, input }: { ctx: Context; input: TestEmailInput }) {
  const row = await findUserByEmail(ctx.db, input.email);
  if (!row) throw notFound('User');
  if (row.stripeSubscriptionId) {
    // Ends the subscription on record the way a provider's cancellation would.
    await applyPaymentEvent(ctx, {
      id: localId('evt'),
      provider: 'local',
      providerType: 'customer.subscription.deleted',
      event: {
        type: 'subscription.changed',
        subscriptionId: row.stripeSubscriptionId,
        customerId: row.stripeCustomerId,
        email: row.email,
        plan: null,
        status: 'canceled',
        occurredAt: new Date(),
      },
    });
  }
  let after = await findUserByEmail(ctx.db, input.email);
  if (!after) throw notFound('User');
  if (after.hasActiveSubscription || after.subscriptionStatus !== 'canceled') {
    // Access without a subscription on record (a pass, lifetime, free days): every grant ends.
    const id = after.id;
    after = await transact(ctx.db, (trx) =>
      changeAccess(trx, id, async (t) => {
        await updateUser(t, id, { subscriptionStatus: 'canceled' });
        await endUserGrants(t, id);
      }),
    );
    if (!after) throw notFound('User');
  }
  const user = toUser(after, ctx.settings.adminEmails);
  return { success: true as const, user, message: `Subscription deactivated for ${user.email}` };
}

export async function testGetUserHandler({ ctx, input }: { ctx: Context; input: TestEmailInput }) {
  const row = await findUserByEmail(ctx.db, input.email);
  if (!row) throw notFound('User');
  return { user: toUser(row, ctx.settings.adminEmails) };
}
