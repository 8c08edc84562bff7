import type { UserRow } from '@t0/db';
import { keepsAccess } from '@t0/contracts/domain/billing/billing';
import { passEndsAt } from '@t0/contracts/domain/plans/plans';
import { normaliseBlacklistValue } from '@t0/contracts/domain/blacklist/blacklist';
import { grantsAccess, isTerminal } from '@t0/contracts/domain/billing/subscriptions';
import { graceDaysOf } from '../core/context';
import { changeAccess } from '../access/access.handler';
import {
  endSubscriptionGrant,
  endUserGrants,
  findRunningGrantForUpdate,
  insertGrant,
  keepSubscriptionGrant,
  setGrantEnd,
} from '../access/access-grants.queries';
import { findPlanByKey } from '../plans/plans.queries';
import type { PaymentEvent, PaymentEventEnvelope } from '../ports';
import {
  advancePeriod,
  chargeLocalInvoice,
  findSubscription,
  insertLocalInvoice,
  setPeriodStart,
} from './billing.queries';
import { localCycleOf, planKeyOfPrice, subscriptionPlanRow } from './plan-prices';
import { redeemPromotionCode } from '../promotions/promotions.queries';
import { recordPaymentEvent } from './payment-events.queries';
import {
  applySubscriptionState,
  findSubscriptionPlan,
  findSubscriptionStatus,
  setSubscriptionCard,
} from './payment-subscriptions.queries';
import { completePendingPayment } from './pending-payments.queries';
import { findUserByCustomer, findUserByWhopUser, findUserForSubscription } from './subscribers.queries';
import { whopMembershipChanged, whopPaymentSucceeded } from './whop-events.handler';
import { findUserByEmail, findUserById, updateUser } from '../auth/users.queries';
import { appendAuditEntry } from '../audit/audit-log.queries';
import { insertBlacklistEntries } from '../blacklist/blacklisted-emails.queries';
import { findLedgerEntryOfCharge, findLedgerPaymentByCharge } from '../ledger/ledger-entries.queries';
import { claimLedgerEntriesFor, ledgerProviderOf, recordLedgerEntry } from '../ledger/record-entry';
import { createAccount } from '../auth/accounts.handler';
import { sendTrialReminder } from './trial-reminders.job';
import { welcomeNowOrLater, type MailDeps, type WelcomeOutcome } from './welcome-email.job';
import { transact } from '../core/transaction';
import { enqueueJobs } from '../outbox/queue';
import { relayCommitted } from '../outbox/outbox-relay.job';
import { billingNoticeJob } from './billing-notices.job';
import { setDunningUrl } from './dunning.queries';
import { blacklistEntryFor } from '../blacklist/refuse';
import { recordCardFingerprint } from './card-fingerprints.queries';
import { attributeCheckout } from '../affiliates/attribution';

type Tx = MailDeps['db'];

export interface PaymentEventResult {
  /** False when the event was seen before (nothing changed). */
  applied: boolean;
  /** The user the event ended on, if any. */
  user?: UserRow;
  accountCreated?: boolean;
  welcome?: WelcomeOutcome;
}

export interface Applied {
  user?: UserRow;
  accountCreated?: boolean;
  /** A disputed buyer's subscription at the provider, to cancel there once this transaction commits. */
  cancelAtProvider?: string;
  /** Jobs written into the outbox by this event, relayed once it commits. */
  outbox?: number[];
}

/**
 * The one code path from a payment to access: the Stripe webhook, the local checkout page and the
 * test page all end here (a subscription's events, and a plan paid once). Each event id is applied once (recorded in the same transaction); the
 * newest provider state of each subscription wins whatever the arrival order; activation creates
 * the account if the address had none and then sends the welcome e-mail once.
 */
export async function applyPaymentEvent(deps: MailDeps, envelope: PaymentEventEnvelope): Promise<PaymentEventResult> {
  const outcome = await transact(deps.db, (trx) => applyPaymentEventInTransaction({ ...deps, db: trx }, envelope));
  if (!outcome) {
    deps.log.info({ eventId: envelope.id }, 'payment event already processed');
    return { applied: false };
  }
  const { cancelAtProvider, outbox, ...applied } = outcome;
  const result: PaymentEventResult = { applied: true, ...applied };
  if (outbox) await relayCommitted({ db: deps.db, jobs: deps.ports.jobs, log: deps.log }, outbox);
  if (cancelAtProvider) await cancelDisputedSubscription(deps, cancelAtProvider);
  // After the commit: the e-mail never holds the transaction. A failed send is retried in the
  // background, and the admin's welcome-e-mail monitoring lists the user until it succeeds.
  if (outcome.user && outcome.user.hasActiveSubscription && !outcome.user.welcomeEmailSentAt) {
    result.welcome = await welcomeNowOrLater(deps, outcome.user);
  }
  // Stripe's word that a trial ends in three days: the reminder now (the billing sweep sends it
  // otherwise; either way once per trial).
  if (
    envelope.providerType === 'customer.subscription.trial_will_end' &&
    envelope.event.type === 'subscription.changed'
  ) {
    const sub = await findSubscription(deps.db, envelope.event.subscriptionId);
    if (sub) await sendTrialReminder(deps, sub);
  }
  return result;
}

/**
 * The same path in the caller's transaction, for a change that writes more beside its payment event
 * (a local plan change: its invoice and credit balance); null when the event was applied before.
 * What follows a commit (the welcome e-mail, the trial reminder) is the caller's.
 */
export async function applyPaymentEventInTransaction(
  deps: MailDeps & { db: Tx },
  envelope: PaymentEventEnvelope,
): Promise<Applied | null> {
  const fresh = await recordPaymentEvent(deps.db, {
    id: envelope.id,
    provider: envelope.provider,
    type: envelope.providerType,
  });
  if (!fresh) return null;
  return applyInTransaction(deps, envelope);
}

async function applyInTransaction(deps: MailDeps & { db: Tx }, envelope: PaymentEventEnvelope): Promise<Applied> {
  const { event } = envelope;
  switch (event.type) {
    case 'checkout.completed':
      return checkoutCompleted(deps, envelope.provider, event);
    case 'subscription.changed':
      return subscriptionChanged(deps, envelope.provider, event);
    case 'payment.failed':
      return paymentFailed(deps, envelope.provider, event);
    case 'invoice.paid':
      return invoicePaid(deps, envelope.provider, event);
    case 'purchase.completed':
      return purchaseCompleted(deps, event);
    case 'charge.refunded':
      return chargeRefunded(deps, envelope.provider, event);
    case 'dispute.opened':
      return disputeOpened(deps, envelope.provider, event);
    case 'dispute.closed':
      return disputeClosed(deps, envelope.provider, event);
    case 'whop.membership':
      return whopMembershipChanged(deps, event);
    case 'whop.payment':
      return whopPaymentSucceeded(deps, event);
  }
}

/**
 * Sets the user's subscription; an activation or an end tells the user's open streams (same
 * transaction). Access follows the status, and past_due keeps it for the grace period.
 */
async function setSubscription(
  db: Tx,
  user: UserRow,
  s: { customerId: string | null; subscriptionId: string | null; status: string; hasAccess: boolean },
) {
  if (s.subscriptionId) await claimLedgerEntriesFor(db, s.subscriptionId, user.id);
  return changeAccess(db, user.id, async (trx) => {
    await updateUser(trx, user.id, {
      stripeCustomerId: s.customerId ?? user.stripeCustomerId,
      stripeSubscriptionId: s.subscriptionId ?? user.stripeSubscriptionId,
      subscriptionStatus: s.status.slice(0, 50),
    });
    // The subscription's grant follows its access: kept (on the subscription's plan) or ended. Other
    // grants (free days an administrator granted, a pass, lifetime) stay whatever the subscription does.
    if (!s.subscriptionId) return;
    if (!s.hasAccess) return endSubscriptionGrant(trx, s.subscriptionId);
    const plan = await subscriptionPlanRow(trx, (await findSubscriptionPlan(trx, s.subscriptionId))?.plan ?? null);
    await keepSubscriptionGrant(trx, { userId: user.id, planId: plan.id, subscriptionId: s.subscriptionId });
  });
}

async function checkoutCompleted(
  deps: MailDeps & { db: Tx },
  provider: string,
  e: Extract<PaymentEvent, { type: 'checkout.completed' }>,
): Promise<Applied> {
  const { db } = deps;
  await completePendingPayment(db, { id: e.pendingPaymentId, providerSessionId: e.checkoutSessionId });
  if (await paidByBlacklisted(deps, e)) return {};
  // The newest known state of this subscription decides, even if a later event came first.
  let status = e.status;
  let hasAccess = grantsAccess(status);
  if (e.subscriptionId) {
    // A checkout only knows "paid, access": when the subscription's own events already told a status
    // that grants access (trialing, say), that precise status stays.
    const known = await findSubscriptionStatus(db, e.subscriptionId);
    const checkoutStatus = known && grantsAccess(known.status) && grantsAccess(e.status) ? known.status : e.status;
    const { state, inserted } = await applySubscriptionState(db, {
      subscriptionId: e.subscriptionId,
      provider,
      customerId: e.customerId,
      email: e.email,
      plan: e.plan,
      status: checkoutStatus,
      eventAt: e.occurredAt,
      currentPeriodEnd: e.currentPeriodEnd,
      trialEnd: e.trialEnd,
    });
    status = state.status;
    hasAccess = keepsAccess(state, graceDaysOf(deps.settings));
    if (inserted && provider === 'local') await recordLocalPayment(deps, e, e.subscriptionId);
  }
  let user = await findUserByEmail(db, e.email);
  let accountCreated = false;
  if (!user && !hasAccess) return {};
  if (!user) {
    user = await createAccount({ db, ports: deps.ports }, { email: e.email });
    accountCreated = user !== undefined;
    user ??= await findUserByEmail(db, e.email);
    if (!user) throw new Error('account could not be created');
  }
  await keepCard(deps, user.id, e.cardFingerprint, e.occurredAt);
  // The affiliate who brought the buyer (the checkout's referral or promotion code), before its payments are claimed.
  await attributeCheckout(db, user.id, e);
  const updated = await setSubscription(db, user, {
    customerId: e.customerId,
    subscriptionId: e.subscriptionId,
    status,
    hasAccess,
  });
  return { user: updated, accountCreated };
}

/**
 * The card that paid, kept with the account (its fingerprint only), so that blacklisting the
 * account blacklists its cards. A value that is not a fingerprint is logged and not kept.
 */
async function keepCard(deps: MailDeps & { db: Tx }, userId: number, fingerprint: string | null | undefined, at: Date) {
  if (!fingerprint) return;
  const card = normaliseBlacklistValue('card', fingerprint);
  if (!card.ok) {
    deps.log.warn({ userId }, 'card fingerprint of a payment not kept: not one');
    return;
  }
  await recordCardFingerprint(deps.db, userId, card.value, at);
}

/** A payment by a blacklisted address or card grants nothing (a provider's is refunded before it gets here). */
async function paidByBlacklisted(
  deps: MailDeps & { db: Tx },
  e: { email: string; cardFingerprint?: string | null; checkoutSessionId?: string | null },
): Promise<boolean> {
  const entry = await blacklistEntryFor(deps.db, { email: e.email, card: e.cardFingerprint });
  if (entry)
    deps.log.warn(
      { blacklistEntry: entry.id, kind: entry.kind, checkoutSessionId: e.checkoutSessionId },
      'payment by a blacklisted person: nothing granted',
    );
  return entry !== undefined;
}

/**
 * A plan paid once: a pass's grant ends `passDays` after the payment (a pass of the same plan that
 * still runs is extended by them instead), lifetime's never. The account is made when the address
 * has none; the welcome e-mail follows as for a subscription. The event id makes it happen once.
 */
async function purchaseCompleted(
  deps: MailDeps & { db: Tx },
  e: Extract<PaymentEvent, { type: 'purchase.completed' }>,
): Promise<Applied> {
  const { db } = deps;
  await completePendingPayment(db, { id: e.pendingPaymentId, providerSessionId: e.checkoutSessionId });
  if (await paidByBlacklisted(deps, e)) return {};
  const plan = e.plan ? await findPlanByKey(db, e.plan) : undefined;
  if (!plan || (plan.terms !== 'pass' && plan.terms !== 'lifetime')) {
    // Paid, but for no plan paid once that we know: nothing to grant. Shown in the logs for a refund or a grant by hand.
    deps.log.error({ plan: e.plan, email: e.email, paymentRef: e.paymentRef }, 'one-off payment for an unknown plan');
    return {};
  }
  let user = await findUserByEmail(db, e.email);
  let accountCreated = false;
  if (!user) {
    user = await createAccount({ db, ports: deps.ports }, { email: e.email });
    accountCreated = user !== undefined;
    user ??= await findUserByEmail(db, e.email);
    if (!user) throw new Error('account could not be created');
  }
  await keepCard(deps, user.id, e.cardFingerprint, e.occurredAt);
  await attributeCheckout(db, user.id, e);
  const terms = plan.terms;
  const updated = await changeAccess(db, user.id, async (trx, before) => {
    // The buyer's customer at the provider, unless a subscription's customer is on record already.
    if (e.customerId && !before.stripeCustomerId) await updateUser(trx, before.id, { stripeCustomerId: e.customerId });
    if (terms === 'lifetime') {
      await insertGrant(trx, {
        userId: before.id,
        planId: plan.id,
        source: 'lifetime',
        sourceRef: e.paymentRef,
        endsAt: null,
      });
      return;
    }
    const running = await findRunningGrantForUpdate(
      trx,
      { userId: before.id, planId: plan.id, source: 'pass' },
      e.occurredAt,
    );
    const endsAt = passEndsAt(e.occurredAt, plan.passDays ?? 0, running?.endsAt ?? null);
    if (running) await setGrantEnd(trx, running.id, endsAt);
    else
      await insertGrant(trx, {
        userId: before.id,
        planId: plan.id,
        source: 'pass',
        sourceRef: e.paymentRef,
        endsAt,
      });
  });
  return { user: updated, accountCreated };
}

/** The local test mode's first invoice and card, kept by ourselves (Stripe keeps its own). */
async function recordLocalPayment(
  deps: MailDeps & { db: Tx },
  e: Extract<PaymentEvent, { type: 'checkout.completed' }>,
  subscriptionId: string,
) {
  if (e.card) {
    await setSubscriptionCard(deps.db, subscriptionId, e.card);
  }
  await setPeriodStart(deps.db, subscriptionId, e.occurredAt);
  if (e.promotionCodeId) {
    const redeemed = await redeemPromotionCode(
      deps.db,
      { codeId: e.promotionCodeId, subscriptionId, email: e.email },
      e.occurredAt,
    );
    if (!redeemed)
      deps.log.warn(
        { subscriptionId, promotionCodeId: e.promotionCodeId },
        'promotion code no longer redeemable: full price',
      );
  }
  const { price } = await localCycleOf(deps.db, deps.settings, e.plan);
  if (price && e.currentPeriodEnd) {
    const period = {
      subscriptionId,
      currency: price.currency,
      periodStart: e.occurredAt,
      periodEnd: e.currentPeriodEnd,
    };
    // A trial's invoice is for nothing (as Stripe's is); the code's discount waits for the first paid one.
    if (e.trialEnd) await insertLocalInvoice(deps.db, { ...period, amountCents: 0 });
    else await chargeLocalInvoice(deps.db, { ...period, amountCents: price.amountCents });
  }
}

async function subscriptionChanged(
  deps: MailDeps & { db: Tx },
  provider: string,
  e: Extract<PaymentEvent, { type: 'subscription.changed' }>,
): Promise<Applied> {
  const { db } = deps;
  // The item's price names the plan (a switch in Stripe's Customer Portal leaves the metadata as it
  // was); the metadata's key otherwise.
  const stored = e.priceId ? ((await findSubscriptionPlan(db, e.subscriptionId))?.plan ?? null) : null;
  const plan = (await planKeyOfPrice(db, deps.ports.payments.billing, e.priceId, stored)) ?? e.plan;
  const { state, changed } = await applySubscriptionState(db, {
    subscriptionId: e.subscriptionId,
    provider,
    customerId: e.customerId,
    email: e.email,
    plan,
    status: e.status,
    eventAt: e.occurredAt,
    cancelAtPeriodEnd: e.cancelAtPeriodEnd,
    currentPeriodEnd: e.currentPeriodEnd,
    cancelReason: e.cancelReason,
    trialEnd: e.trialEnd,
  });
  if (!changed) return {}; // an older event than the one already applied
  const hasAccess = keepsAccess(state, graceDaysOf(deps.settings));
  const user = await findUserForSubscription(db, {
    subscriptionId: e.subscriptionId,
    customerId: e.customerId,
    email: e.email,
  });
  if (!user) {
    // The subscription's first news (checkout completion not seen yet): an active one carrying
    // the buyer's address activates like a checkout; otherwise the stored state waits for it.
    if (e.email && hasAccess) {
      return checkoutCompleted(deps, provider, {
        type: 'checkout.completed',
        email: e.email,
        plan,
        customerId: e.customerId,
        subscriptionId: e.subscriptionId,
        status: state.status,
        occurredAt: e.occurredAt,
      });
    }
    return {};
  }
  const updated = await setSubscription(db, user, {
    customerId: e.customerId,
    subscriptionId: e.subscriptionId,
    status: state.status,
    hasAccess,
  });
  return { user: updated };
}

/** A paid invoice brings a past-due subscription back to active (an ended one stays ended). */
async function invoicePaid(
  deps: MailDeps & { db: Tx },
  provider: string,
  e: Extract<PaymentEvent, { type: 'invoice.paid' }>,
): Promise<Applied> {
  if (e.payment) await recordInvoicePayment(deps.db, provider, e, e.payment);
  if (!e.subscriptionId) return {};
  if (provider === 'local' && e.localPeriod) {
    // The local test mode's invoice, billed in this transaction (once: the period moves on with it).
    const sub = await findSubscriptionPlan(deps.db, e.subscriptionId);
    const { from, start, to } = e.localPeriod;
    if (!(await advancePeriod(deps.db, e.subscriptionId, from, to, start))) return {};
    const { price } = await localCycleOf(deps.db, deps.settings, sub?.plan ?? null);
    if (price) {
      await chargeLocalInvoice(deps.db, {
        subscriptionId: e.subscriptionId,
        amountCents: price.amountCents,
        currency: price.currency,
        periodStart: e.localPeriod.start,
        periodEnd: e.localPeriod.to,
      });
    }
  }
  const applied = await subscriptionChanged(deps, provider, {
    type: 'subscription.changed',
    subscriptionId: e.subscriptionId,
    customerId: e.customerId,
    email: null,
    plan: null,
    status: 'active',
    occurredAt: e.occurredAt,
  });
  // The card that paid the invoice, kept with the subscription's account.
  const payer =
    applied.user ??
    (e.cardFingerprint
      ? await findUserForSubscription(deps.db, {
          subscriptionId: e.subscriptionId,
          customerId: e.customerId,
          email: null,
        })
      : undefined);
  if (payer) await keepCard(deps, payer.id, e.cardFingerprint, e.occurredAt);
  return applied;
}

async function paymentFailed(
  deps: MailDeps & { db: Tx },
  provider: string,
  e: Extract<PaymentEvent, { type: 'payment.failed' }>,
): Promise<Applied> {
  if (e.subscriptionId) {
    const applied = await subscriptionChanged(deps, provider, {
      type: 'subscription.changed',
      subscriptionId: e.subscriptionId,
      customerId: e.customerId,
      email: null,
      plan: null,
      status: 'past_due',
      occurredAt: e.occurredAt,
    });
    // The subscriber hears of it in this transaction: the message that fixes it is queued with the
    // failure (Telegram when linked; e-mail when the product sends the dunning e-mails).
    const sub = await findSubscription(deps.db, e.subscriptionId);
    if (!applied.user || sub?.status !== 'past_due' || !applied.user.hasActiveSubscription) return applied;
    await setDunningUrl(deps.db, e.subscriptionId, e.fixUrl ?? null);
    const outbox = await enqueueJobs(deps.db, [
      billingNoticeJob({ kind: 'payment_failed', userId: applied.user.id, subscriptionId: e.subscriptionId }),
    ]);
    return { ...applied, outbox };
  }
  // A one-off invoice outside any subscription: access is not tied to it.
  if (e.customerId) {
    const user = await findUserByCustomer(deps.db, e.customerId);
    deps.log.warn({ userId: user?.id, customerId: e.customerId }, 'payment failed outside a subscription');
  }
  return {};
}

/** A provider's paid invoice in the ledger, with its holder and plan when known (else claimed later). */
async function recordInvoicePayment(
  db: Tx,
  provider: string,
  e: Extract<PaymentEvent, { type: 'invoice.paid' }>,
  payment: NonNullable<Extract<PaymentEvent, { type: 'invoice.paid' }>['payment']>,
) {
  const user = e.subscriptionId
    ? await findUserForSubscription(db, { subscriptionId: e.subscriptionId, customerId: e.customerId, email: null })
    : e.customerId
      ? await findUserByCustomer(db, e.customerId)
      : undefined;
  const plan = e.subscriptionId ? ((await findSubscriptionPlan(db, e.subscriptionId))?.plan ?? null) : null;
  await recordLedgerEntry(db, {
    kind: 'payment',
    userId: user?.id ?? null,
    amount: payment.amount,
    currency: payment.currency,
    fee: payment.fee,
    provider: ledgerProviderOf(provider),
    providerObjectId: payment.objectId,
    chargeId: payment.chargeId,
    subscriptionId: e.subscriptionId,
    planKey: plan,
    occurredAt: e.occurredAt,
  });
}

/** The user and plan a charge's refund or dispute concerns: its payment's, else the charge's customer's (or Whop user's). */
async function chargeHolder(
  db: Tx,
  provider: string,
  chargeId: string | null,
  customerId: string | null | undefined,
  whopUserId?: string | null,
) {
  const p = ledgerProviderOf(provider);
  const paid = chargeId
    ? ((await findLedgerPaymentByCharge(db, p, chargeId)) ?? (await findLedgerEntryOfCharge(db, p, chargeId)))
    : undefined;
  let user = paid?.userId ? await findUserById(db, paid.userId) : undefined;
  if (!user && customerId) user = await findUserByCustomer(db, customerId);
  if (!user && whopUserId) user = await findUserByWhopUser(db, whopUserId);
  return { user, planKey: paid?.planKey ?? null };
}

/** Each refund of a charge once, by its id. */
async function chargeRefunded(
  deps: MailDeps & { db: Tx },
  provider: string,
  e: Extract<PaymentEvent, { type: 'charge.refunded' }>,
): Promise<Applied> {
  const { user, planKey } = await chargeHolder(deps.db, provider, e.chargeId, e.customerId, e.whopUserId);
  for (const r of e.refunds) {
    await recordLedgerEntry(deps.db, {
      kind: 'refund',
      userId: user?.id ?? null,
      amount: r.amount,
      currency: r.currency,
      fee: null,
      provider: ledgerProviderOf(provider),
      providerObjectId: r.id,
      chargeId: e.chargeId,
      subscriptionId: null,
      planKey,
      occurredAt: r.occurredAt,
    });
  }
  return {};
}

/** The system's own audit entries (no administrator acted). */
const SYSTEM_ACTOR = { actorId: null, actorEmail: 'system', address: '' } as const;
export const DISPUTE_BLACKLIST_REASON = 'dispute';

/**
 * A chargeback, once per dispute: recorded, the charge's card (Whop: the buyer's Whop user) blacklisted (reason "dispute", audited
 * as the system), and the buyer's access ended at once as the console's end-access does (free days,
 * the subscription, every grant; the folded access's change queues the removal from the paid chats
 * and roles), all in this transaction. A provider's subscription is cancelled there after the commit.
 */
async function disputeOpened(
  deps: MailDeps & { db: Tx },
  provider: string,
  e: Extract<PaymentEvent, { type: 'dispute.opened' }>,
): Promise<Applied> {
  const { db } = deps;
  const { user, planKey } = await chargeHolder(db, provider, e.chargeId, e.customerId, e.whopUserId);
  const fresh = await recordDisputeEntry(db, provider, 'dispute_opened', e, user?.id ?? null, planKey);
  if (!fresh) return {};
  const card = e.cardFingerprint ? normaliseBlacklistValue('card', e.cardFingerprint) : null;
  if (card && !card.ok) deps.log.warn({ disputeId: e.disputeId }, 'disputed card fingerprint not blacklisted: not one');
  // Whop tells no card: the buyer's Whop user stands for what paid.
  const whopId = e.whopUserId ?? (provider === 'whop' ? user?.whopUserId : null);
  const whop = whopId ? normaliseBlacklistValue('whop', whopId) : null;
  for (const [kind, checked] of [
    ['card', card],
    ['whop', whop],
  ] as const) {
    if (!checked?.ok) continue;
    const added = await insertBlacklistEntries(db, [
      {
        kind,
        value: checked.value,
        email: null,
        reason: DISPUTE_BLACKLIST_REASON,
        userId: user?.id ?? null,
        blacklistedBy: SYSTEM_ACTOR.actorEmail,
      },
    ]);
    if (added.length)
      await appendAuditEntry(db, {
        ...SYSTEM_ACTOR,
        action: 'blacklist.add',
        targetType: 'blacklist',
        targetId: String(added[0]!.id),
        before: null,
        after: {
          kind,
          value: checked.value,
          reason: DISPUTE_BLACKLIST_REASON,
          dispute: e.disputeId,
          userId: user?.id ?? null,
        },
      });
  }
  if (!user) {
    deps.log.warn({ disputeId: e.disputeId, chargeId: e.chargeId }, 'dispute of a payment no user is known for');
    return {};
  }
  // The Stripe (or test-mode) subscription and the Whop membership the buyer holds, when running.
  const live: NonNullable<Awaited<ReturnType<typeof findSubscription>>>[] = [];
  for (const id of [user.stripeSubscriptionId, user.whopSubscriptionId]) {
    const sub = id ? await findSubscription(db, id) : undefined;
    if (sub && !isTerminal(sub.status)) live.push(sub);
  }
  const updated = await changeAccess(db, user.id, async (t) => {
    await updateUser(t, user.id, { freeAccessUntil: null });
    // The subscription ends here and now (its grant with every other below): one change of access,
    // so the paid chats and roles are left once.
    for (const sub of live) {
      await applySubscriptionState(t, {
        subscriptionId: sub.subscriptionId,
        provider: sub.provider,
        customerId: sub.customerId,
        email: null,
        plan: null,
        status: 'canceled',
        eventAt: new Date(),
      });
      if (sub.provider !== 'whop') await updateUser(t, user.id, { subscriptionStatus: 'canceled' });
    }
    await endUserGrants(t, user.id);
  });
  await appendAuditEntry(db, {
    ...SYSTEM_ACTOR,
    action: 'billing.disputeEndedAccess',
    targetType: 'user',
    targetId: String(user.id),
    before: { hasActiveSubscription: user.hasActiveSubscription },
    after: { hasActiveSubscription: updated?.hasActiveSubscription ?? false, dispute: e.disputeId },
  });
  return {
    user: updated,
    // Stripe's is cancelled there after the commit; a Whop membership is ended by Whop itself.
    cancelAtProvider: live.find((sub) => sub.provider === 'stripe')?.subscriptionId,
  };
}

/** After the commit: the disputed buyer's subscription ends at the provider too (else it would bill again). */
async function cancelDisputedSubscription(deps: MailDeps, subscriptionId: string) {
  const billing = deps.ports.payments.billing;
  if (!billing) return;
  try {
    await billing.cancelNow(subscriptionId, 'Disputed payment (chargeback)');
  } catch (err) {
    deps.log.error({ err, subscriptionId }, 'disputed subscription not cancelled at the provider: cancel it there');
  }
}

/** A decided dispute: won or lost, once per dispute; another closing status records nothing. */
async function disputeClosed(
  deps: MailDeps & { db: Tx },
  provider: string,
  e: Extract<PaymentEvent, { type: 'dispute.closed' }>,
): Promise<Applied> {
  if (!e.outcome) return {};
  const { user, planKey } = await chargeHolder(deps.db, provider, e.chargeId, null);
  const kind = e.outcome === 'won' ? 'dispute_won' : 'dispute_lost';
  await recordDisputeEntry(deps.db, provider, kind, e, user?.id ?? null, planKey);
  return {};
}

/** A dispute's ledger entry (opened, won or lost), under the dispute's id: once, however often it is told. */
function recordDisputeEntry(
  db: Tx,
  provider: string,
  kind: 'dispute_opened' | 'dispute_won' | 'dispute_lost',
  e: { disputeId: string; chargeId: string | null; amount: number; currency: string; occurredAt: Date },
  userId: number | null,
  planKey: string | null,
) {
  return recordLedgerEntry(db, {
    kind,
    userId,
    amount: e.amount,
    currency: e.currency,
    fee: null,
    provider: ledgerProviderOf(provider),
    providerObjectId: e.disputeId,
    chargeId: e.chargeId,
    subscriptionId: null,
    planKey,
    occurredAt: e.occurredAt,
  });
}
