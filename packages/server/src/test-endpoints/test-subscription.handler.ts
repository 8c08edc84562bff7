import { periodEndOf } from '@t0/contracts/domain/billing/billing';
import { findRunningGrantForUpdate, insertGrant } from '../access/access-grants.queries';
import { findPlanByKey } from '../plans/plans.queries';
import { listPlans } from '../plans/plan-admin.queries';
import { createAccount } from '../auth/accounts.handler';
import type { PaymentEventResult } from '../billing/payment-events.handler';
import type {
  TestActivateInput,
  TestEmailInput,
  TestPlansOutput,
} from '@t0/contracts/schemas/test-endpoints/test-endpoints';
import type { Context } from '../core/context';
import { notFound, validationError } from '../core/errors';
import { changeAccess } from '../access/access.handler';
import { endUserGrants } from '../access/access-grants.queries';
import { planTrialDays } from '@t0/contracts/domain/plans/plans';
import { hasSubscribedBefore } from '../billing/billing.queries';
import { completePendingPayment, insertPendingPayment } from '../billing/pending-payments.queries';
import { readSiteSettings } from '../site/site-settings.queries';
import { findLatestPaymentOfUser } from '../ledger/ledger-entries.queries';
import { findUserByEmail, toUser, updateUser } from '../auth/users.queries';
import { localId } from '../billing/checkout.handler';
import { applyPaymentEvent } from '../billing/payment-events.handler';
import { transact } from '../core/transaction';

// The development-only test page: each call goes through the same code as a real payment.

/** The open plan with this key, or a 400 naming `plan`. */
async function openPlan(ctx: Context, key: string) {
  const plan = await findPlanByKey(ctx.db, key);
  if (!plan || plan.archivedAt !== null)
    throw validationError([{ path: ['plan'], message: `No open plan has the key ${key}` }]);
  return plan;
}

type PlanRow = NonNullable<Awaited<ReturnType<typeof findPlanByKey>>>;

async function activate(
  ctx: Context,
  input: TestActivateInput,
  plan: PlanRow,
  pendingPaymentId: number | null,
  trialDays = 0,
) {
  if (plan.terms !== 'recurring') return grantOnce(ctx, input, plan, pendingPaymentId);
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
      plan: plan.key,
      customerId: existing?.stripeCustomerId?.startsWith('local_') ? existing.stripeCustomerId : localId('cus'),
      subscriptionId: localId('sub'),
      status: trialEnd ? 'trialing' : 'active',
      occurredAt,
      pendingPaymentId,
      currentPeriodEnd: trialEnd ?? periodEndOf(occurredAt, plan.interval ?? 'month', plan.intervalCount ?? 1),
      trialEnd,
    },
  });
  if (!result.user) throw new Error('activation did not reach a user');
  return { result, user: toUser(result.user, ctx.settings.adminEmails) };
}

/**
 * A plan paid once (a pass of N days, lifetime): the same path as a paid one-off checkout (its grant;
 * a running pass of the plan extended). A free plan (a teaser): its grant, as joining it would. The
 * account is made first when the address has none (it gets the set-password e-mail).
 */
async function grantOnce(ctx: Context, input: TestActivateInput, plan: PlanRow, pendingPaymentId: number | null) {
  if (plan.terms !== 'free') {
    const result = await applyPaymentEvent(ctx, {
      id: localId('evt'),
      provider: 'local',
      providerType: 'checkout.session.completed',
      event: {
        type: 'purchase.completed',
        email: input.email,
        plan: plan.key,
        customerId: null,
        paymentRef: localId('evt'),
        occurredAt: new Date(),
        pendingPaymentId,
      },
    });
    if (!result.user) throw new Error('activation did not reach a user');
    return { result, user: toUser(result.user, ctx.settings.adminEmails) };
  }
  let accountCreated = false;
  let row = await findUserByEmail(ctx.db, input.email);
  if (!row) {
    row = await createAccount(ctx, { email: input.email });
    accountCreated = row !== undefined;
    row ??= await findUserByEmail(ctx.db, input.email);
    if (!row) throw new Error('account could not be created');
  }
  const userId = row.id;
  const after = await transact(ctx.db, (trx) =>
    changeAccess(trx, userId, async (t) => {
      if (await findRunningGrantForUpdate(t, { userId, planId: plan.id, source: 'free' })) return;
      await insertGrant(t, { userId, planId: plan.id, source: 'free', endsAt: null });
    }),
  );
  if (!after) throw notFound('User');
  if (pendingPaymentId !== null) await completePendingPayment(ctx.db, { id: pendingPaymentId });
  return {
    result: { applied: true, user: after, accountCreated } as PaymentEventResult,
    user: toUser(after, ctx.settings.adminEmails),
  };
}

export async function testActivateHandler({ ctx, input }: { ctx: Context; input: TestActivateInput }) {
  const plan = await openPlan(ctx, input.plan);
  const { user } = await activate(ctx, input, plan, null);
  return { user, message: `Subscription activated for ${user.email} (${input.plan} plan)` };
}

/**
 * A simulated paid checkout: recorded as a pending payment, then completed like a real one, with
 * the same free trial a checkout offers (the plan's days, once per person).
 */
export async function testCheckoutSuccessHandler({ ctx, input }: { ctx: Context; input: TestActivateInput }) {
  const plan = await openPlan(ctx, input.plan);
  const { settings } = await readSiteSettings(ctx.db);
  // A plan's own trial days, else the site's setting for its interval (once per person); none for a plan paid once.
  const trialDays = (await hasSubscribedBefore(ctx.db, input.email)) ? 0 : planTrialDays(plan, settings.trialDays);
  const pending = await insertPendingPayment(ctx.db, {
    email: input.email,
    plan: input.plan,
    provider: 'local',
    trialDays,
  });
  const { result, user } = await activate(ctx, input, plan, pending.id, trialDays);
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

/** `GET /api/test/plans`: every plan the page can activate (not archived), listed or not. */
export async function testPlansHandler({ ctx }: { ctx: Context }): Promise<TestPlansOutput> {
  const rows = (await listPlans(ctx.db)).filter((p) => p.archivedAt === null);
  return {
    plans: rows.map((p) => ({
      key: p.key,
      name: p.name,
      terms: p.terms,
      interval: p.interval,
      intervalCount: p.intervalCount,
      passDays: p.passDays,
      listed: p.listed,
      isDefault: p.isDefault,
    })),
  };
}

/**
 * The test mode's chargeback: the user's newest payment is disputed through the same path as a
 * provider's `charge.dispute.created` (recorded, access ended at once, the paid chats left). A test
 * mode payment has no card fingerprint, so nothing is blacklisted.
 */
export async function testDisputeHandler({ ctx, input }: { ctx: Context; input: TestEmailInput }) {
  const row = await findUserByEmail(ctx.db, input.email);
  if (!row) throw notFound('User');
  const payment = await findLatestPaymentOfUser(ctx.db, row.id);
  if (!payment || payment.provider !== 'local') throw notFound('Test-mode payment of this user');
  const disputeId = `local_dp_${payment.id}`;
  await applyPaymentEvent(ctx, {
    id: localId('evt'),
    provider: 'local',
    providerType: 'charge.dispute.created',
    event: {
      type: 'dispute.opened',
      disputeId,
      chargeId: payment.chargeId ?? payment.providerObjectId,
      amount: payment.amount,
      currency: payment.currency,
      occurredAt: new Date(),
      customerId: null,
      cardFingerprint: null,
    },
  });
  const after = await findUserByEmail(ctx.db, input.email);
  if (!after) throw notFound('User');
  return {
    disputeId,
    user: toUser(after, ctx.settings.adminEmails),
    message: `Payment ${payment.providerObjectId} of ${after.email} disputed: access ended.`,
  };
}
