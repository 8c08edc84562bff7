import { extendFreeAccess } from '@t0/contracts/domain/admin-users/admin-users';
import { isTerminal } from '@t0/contracts/domain/billing/subscriptions';
import type { User } from '@t0/contracts/schemas/auth/auth';
import type {
  AddNoteInput,
  AdminCancelInput,
  AdminUserActionOutput,
  AdminUserDetail,
  AdminUserIdInput,
  GrantDaysInput,
  SetAdminInput,
} from '@t0/contracts/schemas/admin-users/admin-users';
import type { Db, UserRow } from '@t0/db';
import type { Context } from '../core/context';
import { conflict, notFound, unavailable, validationError } from '../core/errors';
import { changeAccess } from '../access/access.handler';
import { endUserGrants, findFreeDaysGrantForUpdate, insertGrant, setGrantEnd } from '../access/access-grants.queries';
import { findDefaultPlan, findPlanByKey } from '../plans/plans.queries';
import { announceAccountChange } from '../events/events.queries';
import { countActiveSessions, insertAdminNote, readAdminUserDetail } from './admin-users.queries';
import { findSubscription } from '../billing/billing.queries';
import { findUserById, isProvenAdminEmail, toUser, updateUser } from '../auth/users.queries';
import { endCredentials, mailRevokedTokens } from '../api-tokens/end-credentials';
import { cancelSubscriptionHandler, STRIPE_UNREACHABLE } from '../billing/billing.handler';
import { localId } from '../billing/checkout.handler';
import { applyPaymentEvent } from '../billing/payment-events.handler';
import { sendWelcomeEmail } from '../billing/welcome-email.job';
import { transact } from '../core/transaction';

type Ctx = Context & { user: User };

const day = (d: Date) => d.toISOString().slice(0, 10);

async function targetOf(ctx: Ctx, userId: number) {
  const row = await findUserById(ctx.db, userId);
  if (!row) throw notFound('User');
  return row;
}

export async function adminUserDetailHandler({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: AdminUserIdInput;
}): Promise<AdminUserDetail> {
  const detail = await readAdminUserDetail(ctx.db, input.userId, ctx.settings.adminEmails);
  if (!detail) throw notFound('User');
  return withProviderInvoices(ctx, detail);
}

/** A Stripe subscriber's invoices as Stripe holds them; the drawer still opens when Stripe cannot be read. */
async function withProviderInvoices(ctx: Ctx, detail: AdminUserDetail): Promise<AdminUserDetail> {
  const billing = ctx.ports.payments.billing;
  const sub = detail.subscription;
  if (!billing || !sub || sub.provider !== 'stripe') return detail;
  const row = await findUserById(ctx.db, detail.account.id);
  if (!row?.stripeCustomerId) return detail;
  try {
    const { invoices } = await billing.customerBilling(row.stripeCustomerId, sub.id);
    return { ...detail, providerInvoices: invoices };
  } catch (err) {
    ctx.log.warn({ err, userId: row.id }, 'Stripe invoices could not be read for the user drawer');
    return { ...detail, providerInvoicesUnavailable: true };
  }
}

async function answer(ctx: Ctx, userId: number, message: string): Promise<AdminUserActionOutput> {
  return { message, detail: await adminUserDetailHandler({ ctx, input: { userId } }) };
}

/** Free access to a plan's rooms for `days` more days: from the end of its free days still running, else from now. */
export async function grantDaysHandler({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: GrantDaysInput;
}): Promise<AdminUserActionOutput> {
  const plan = input.plan === undefined ? await findDefaultPlan(ctx.db) : await findPlanByKey(ctx.db, input.plan);
  // An archived plan keeps its holders and takes no new ones.
  if (!plan || plan.archivedAt !== null)
    throw validationError([{ path: ['plan'], message: `No open plan has the key ${input.plan}` }]);
  const until = await transact(ctx.db, async (trx) => {
    let until = new Date();
    const after = await changeAccess(trx, input.userId, async (t, before) => {
      // The plan's running free days are extended from their end; otherwise they start now.
      const running = await findFreeDaysGrantForUpdate(t, before.id, plan.id);
      until = extendFreeAccess(running?.endsAt ?? null, input.days);
      if (running) await setGrantEnd(t, running.id, until);
      else await insertGrant(t, { userId: before.id, planId: plan.id, source: 'free_days', endsAt: until });
      const latest = before.freeAccessUntil && before.freeAccessUntil > until ? before.freeAccessUntil : until;
      await updateUser(t, before.id, { freeAccessUntil: latest });
    });
    if (!after) throw notFound('User');
    return until;
  });
  return answer(
    ctx,
    input.userId,
    `${input.days} free day${input.days === 1 ? '' : 's'} granted on the ${plan.name} plan: access until ${day(until)}.`,
  );
}

/**
 * Ends access now: the free access granted and the subscription. A Stripe subscription is
 * cancelled at Stripe first (no proration, no final invoice); if Stripe cannot be reached nothing
 * changes here. Stripe's own `customer.subscription.deleted` webhook then finds it already ended.
 * A test-mode subscription ends through the same path as its provider's own end.
 */
export async function endAccessHandler({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: AdminUserIdInput;
}): Promise<AdminUserActionOutput> {
  const row = await targetOf(ctx, input.userId);
  const live = await liveSubscriptionOf(ctx, row);
  if (!row.hasActiveSubscription && !row.freeAccessUntil && !live) throw conflict('This user has no access to end');
  const liveSub = await cancelLiveSubscription(ctx, row, `Access ended by an administrator (${ctx.user.email})`);
  // One transaction for every change (and the audit entry): the free days, the subscription's end,
  // every grant, the folded access.
  await transact(ctx.db, (trx) => endAccessInTransaction(ctx, trx, row, liveSub));
  return answer(ctx, row.id, 'Access ended now.');
}

type LiveSubscription = NonNullable<Awaited<ReturnType<typeof findSubscription>>>;

async function liveSubscriptionOf(ctx: Ctx, row: UserRow): Promise<LiveSubscription | undefined> {
  const sub = row.stripeSubscriptionId ? await findSubscription(ctx.db, row.stripeSubscriptionId) : undefined;
  return sub && !isTerminal(sub.status) ? sub : undefined;
}

/**
 * The first half of ending access now: the user's running subscription, cancelled at Stripe at
 * once (no proration, no final invoice) when it is Stripe's. If Stripe cannot be reached nothing
 * changes (503). Answers the subscription for `endAccessInTransaction`.
 */
export async function cancelLiveSubscription(
  ctx: Ctx,
  row: UserRow,
  comment: string,
): Promise<LiveSubscription | undefined> {
  const liveSub = await liveSubscriptionOf(ctx, row);
  if (liveSub && liveSub.provider !== 'local') {
    const billing = ctx.ports.payments.billing;
    if (!billing) throw unavailable('Stripe is not configured here; end the subscription in Stripe.');
    try {
      await billing.cancelNow(liveSub.subscriptionId, comment);
    } catch (err) {
      ctx.log.error({ err, userId: row.id }, 'Stripe subscription could not be ended');
      throw unavailable(STRIPE_UNREACHABLE);
    }
  }
  return liveSub;
}

/**
 * The second half, in the caller's transaction: the free days, the subscription's end (recorded as
 * our own event: Stripe's own `customer.subscription.deleted` webhook then finds it already ended;
 * a test-mode subscription ends through the same path as its provider's own end), every grant, and
 * the folded access (whose change tells the user's streams and queues the community follow-up).
 */
export async function endAccessInTransaction(
  ctx: Ctx,
  trx: Db,
  row: UserRow,
  liveSub: LiveSubscription | undefined,
): Promise<void> {
  await changeAccess(trx, row.id, async (t) => {
    await updateUser(t, row.id, { freeAccessUntil: null });
    // (A cancelled subscription sends no welcome e-mail, so nothing runs after this transaction.)
    if (liveSub)
      await applyPaymentEvent(
        { ...ctx, db: t },
        {
          id: localId('evt'),
          provider: 'local',
          providerType: 'customer.subscription.deleted',
          event: {
            type: 'subscription.changed',
            subscriptionId: liveSub.subscriptionId,
            customerId: liveSub.customerId,
            email: null,
            plan: null,
            status: 'canceled',
            occurredAt: new Date(),
          },
        },
      );
    // Every grant ends: free days, passes, lifetime, the subscription's.
    await endUserGrants(t, row.id);
  });
}

/** Cancels the user's subscription at the end of its period: the same path as the user's own cancel. */
export async function adminCancelHandler({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: AdminCancelInput;
}): Promise<AdminUserActionOutput> {
  const row = await targetOf(ctx, input.userId);
  const asUser: Ctx = { ...ctx, user: toUser(row, ctx.settings.adminEmails) };
  const { summary } = await cancelSubscriptionHandler({ ctx: asUser, input: { reason: input.reason } });
  const end = summary.currentPeriodEnd ? day(new Date(summary.currentPeriodEnd)) : 'the end of the period';
  return answer(ctx, row.id, `The subscription ends on ${end}; access continues until then.`);
}

/** Sends the welcome e-mail again (whether or not one was sent before). */
export async function resendWelcomeHandler({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: AdminUserIdInput;
}): Promise<AdminUserActionOutput> {
  const row = await targetOf(ctx, input.userId);
  // A failed send leaves what was recorded before as it was.
  const outcome = await sendWelcomeEmail(ctx, row, { again: true });
  if (outcome.status === 'in-progress')
    throw conflict('A welcome e-mail to this user is being sent right now; try again in a minute.');
  if (outcome.status === 'failed') throw unavailable(`The welcome e-mail could not be sent: ${outcome.error}`);
  return answer(ctx, row.id, `Welcome e-mail sent to ${row.email}.`);
}

/**
 * Makes the user an administrator or removes the role. An address in ADMIN_EMAILS stays an
 * administrator whatever the console does, and nobody removes their own role.
 */
export async function setAdminHandler({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: SetAdminInput;
}): Promise<AdminUserActionOutput> {
  const row = await targetOf(ctx, input.userId);
  if (!input.admin) {
    if (row.id === ctx.user.id) throw conflict('You cannot remove your own administrator role');
    if (isProvenAdminEmail(row, ctx.settings.adminEmails)) {
      throw conflict('This address is an administrator through the ADMIN_EMAILS setting; remove it there to demote it');
    }
  }
  if (row.isAdmin !== input.admin) {
    await transact(ctx.db, async (trx) => {
      const after = await updateUser(trx, row.id, { isAdmin: input.admin });
      await announceAccountChange(trx, row, after);
    });
  }
  return answer(
    ctx,
    row.id,
    input.admin ? `${row.email} is an administrator.` : `${row.email} is no longer an administrator.`,
  );
}

/** Ends every session and API token of the user (the actor's own current session stays when acting on themselves). */
export async function signOutEverywhereHandler({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: AdminUserIdInput;
}): Promise<AdminUserActionOutput> {
  const row = await targetOf(ctx, input.userId);
  // One transaction: the sessions, every API token of the user, and the `session.ended` event that
  // ends their live streams on every process.
  const { ended, credentials } = await transact(ctx.db, async (trx) => {
    const before = await countActiveSessions(trx, row.id);
    const credentials = await endCredentials(trx, {
      userId: row.id,
      event: 'sign_out_everywhere',
      keepSessionId: row.id === ctx.user.id ? ctx.session.currentId() : undefined,
    });
    return { ended: before - (await countActiveSessions(trx, row.id)), credentials };
  });
  await mailRevokedTokens(ctx, credentials);
  const revoked = credentials.revokedTokens.length;
  const tokens = revoked > 0 ? ` ${revoked} API token${revoked === 1 ? '' : 's'} revoked.` : '';
  return answer(ctx, row.id, `${ended} session${ended === 1 ? '' : 's'} ended.${tokens}`);
}

export async function addNoteHandler({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: AddNoteInput;
}): Promise<AdminUserActionOutput> {
  const row = await targetOf(ctx, input.userId);
  await transact(ctx.db, (trx) =>
    insertAdminNote(trx, { userId: row.id, authorId: ctx.user.id, authorEmail: ctx.user.email, body: input.body }),
  );
  return answer(ctx, row.id, 'Note added.');
}
