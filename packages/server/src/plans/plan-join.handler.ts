import type { User } from '@t0/contracts/schemas/auth/auth';
import type { JoinPlanOutput, PlanPathInput } from '@t0/contracts/schemas/billing/payments';
import type { Context } from '../core/context';
import { unauthorized, validationError } from '../core/errors';
import { transact } from '../core/transaction';
import { changeAccess } from '../access/access.handler';
import { findRunningGrantForUpdate, insertGrant } from '../access/access-grants.queries';
import { toUser } from '../auth/users.queries';
import { findPlanByKey } from './plans.queries';

/**
 * `POST /api/plans/{plan}/join`: a signed-in user joins a free plan (the teaser room), no payment
 * provider involved. Its grant has no end; joining a plan held already changes nothing. Any plan
 * that is not free, archived or unknown is a 400 naming `plan`.
 */
export async function joinPlanHandler({
  ctx,
  input,
}: {
  ctx: Context & { user: User };
  input: PlanPathInput;
}): Promise<JoinPlanOutput> {
  const plan = await findPlanByKey(ctx.db, input.plan);
  if (!plan || plan.archivedAt !== null)
    throw validationError([{ path: ['plan'], message: `No open plan has the key ${input.plan}` }]);
  if (plan.terms !== 'free')
    throw validationError([
      { path: ['plan'], message: `${plan.name} is not a free plan: it is bought through the checkout` },
    ]);
  let joined = false;
  const after = await transact(ctx.db, (trx) =>
    changeAccess(trx, ctx.user.id, async (t, before) => {
      const held = await findRunningGrantForUpdate(t, { userId: before.id, planId: plan.id, source: 'free' });
      if (held) return;
      await insertGrant(t, { userId: before.id, planId: plan.id, source: 'free', endsAt: null });
      joined = true;
    }),
  );
  if (!after) throw unauthorized();
  if (joined) ctx.log.info({ userId: after.id, plan: plan.key }, 'free plan joined');
  const fresh = toUser(after, ctx.settings.adminEmails);
  return {
    joined,
    message: joined ? `You joined ${plan.name}.` : `You hold ${plan.name} already.`,
    // The caller as the request sees them (their second factor, a token's narrowed role), with the access now held.
    user: { ...ctx.user, access: fresh.access, hasActiveSubscription: ctx.user.isAdmin || after.hasActiveSubscription },
  };
}
