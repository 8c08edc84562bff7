import type { WhopPlanIdInput, WhopPlanList, WhopPlanSetInput, WhopPlanView } from '@t0/contracts/schemas/plans/plans';
import type { Context } from '../core/context';
import { notFound, validationError } from '../core/errors';
import { transact } from '../core/transaction';
import { findDefaultPlan, findPlanByKey } from './plans.queries';
import { deleteWhopPlan, listWhopPlans, upsertWhopPlan } from './whop-plans.queries';

// The console's Whop plans (docs/features/whop.md): which T0 plan a Whop membership of each Whop
// plan grants. Each change is audited by the administrator's procedure, in its transaction.

type Args<I> = { ctx: Context; input: I };

const viewOf = (r: Awaited<ReturnType<typeof listWhopPlans>>[number]): WhopPlanView => ({
  whopPlanId: r.whopPlanId,
  plan: r.planKey,
  planName: r.planName,
  updatedAt: r.updatedAt.toISOString(),
});

export async function listWhopPlansHandler({ ctx }: { ctx: Context }): Promise<WhopPlanList> {
  const [rows, fallback] = await Promise.all([listWhopPlans(ctx.db), findDefaultPlan(ctx.db)]);
  return {
    mappings: rows.map(viewOf),
    defaultPlan: { key: fallback.key, name: fallback.name },
    webhookConfigured: ctx.settings.whopWebhook === true,
  };
}

/** Maps a Whop plan to a T0 plan: 400 naming `plan` for no such plan or an archived one. */
export async function setWhopPlanHandler({ ctx, input }: Args<WhopPlanSetInput>): Promise<WhopPlanView> {
  const plan = await findPlanByKey(ctx.db, input.plan);
  if (!plan) throw validationError([{ path: ['plan'], message: `plan: no plan has the key ${input.plan}` }]);
  if (plan.archivedAt !== null) throw validationError([{ path: ['plan'], message: `plan: ${input.plan} is archived` }]);
  await transact(ctx.db, (trx) => upsertWhopPlan(trx, input.whopPlanId, plan.id));
  const saved = (await listWhopPlans(ctx.db)).find((r) => r.whopPlanId === input.whopPlanId);
  if (!saved) throw notFound('Whop plan');
  return viewOf(saved);
}

/** Removes a mapping (the Whop plan grants the default plan again); 404 when there is none. */
export async function removeWhopPlanHandler({ ctx, input }: Args<WhopPlanIdInput>): Promise<{ removed: boolean }> {
  // Thrown inside the transaction: nothing removed is not audited as a removal.
  return transact(ctx.db, async (trx) => {
    if (!(await deleteWhopPlan(trx, input.whopPlanId))) throw notFound('Whop plan');
    return { removed: true };
  });
}
