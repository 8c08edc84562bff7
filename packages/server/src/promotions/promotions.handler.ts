import { TRPCError } from '@trpc/server';
import type { User } from '@t0/contracts/schemas/auth/auth';
import type {
  CreatePromotionCodeInput,
  PromotionCodeView,
  PromotionsOutput,
  UpdatePromotionCodeInput,
} from '@t0/contracts/schemas/promotions/promotions';
import type { Db } from '@t0/db';
import type { Context } from '../core/context';
import { notFound, validationError } from '../core/errors';
import { listPlans } from '../plans/plan-admin.queries';
import { findAffiliateById } from '../affiliates/affiliates.queries';
import { insertPromotionCode, listLocalPromotions, updatePromotionCode } from './promotions.queries';
import { transact } from '../core/transaction';
import { listWinBackFailures } from '../billing/dunning.queries';

/**
 * The console's promotion codes, one view over both providers: with Stripe, its promotion codes and
 * the checkouts that took a discount (asked of Stripe; 503-free: marked unavailable when Stripe does
 * not answer); in the local test mode, our own codes and redemptions. With either, from our records,
 * the win-back offers not made (Stripe refused them, or failed on every try; nothing was sent).
 */
export async function listPromotionsHandler(ctx: Context): Promise<PromotionsOutput> {
  return { ...(await providerPromotions(ctx)), winBackFailures: await winBackFailuresOf(ctx.db) };
}

/** The codes and redemptions where they live: Stripe's, the local test mode's, or none. */
async function providerPromotions(ctx: Context): Promise<Omit<PromotionsOutput, 'winBackFailures'>> {
  const { payments } = ctx.ports;
  if (payments.mode === 'stripe') {
    if (!payments.billing?.promotions)
      return { source: 'stripe', canCreate: false, codes: [], redemptions: [], unavailable: true };
    try {
      return { source: 'stripe', canCreate: false, unavailable: false, ...(await payments.billing.promotions()) };
    } catch (err) {
      ctx.log.warn({ err }, 'Stripe promotion codes could not be read');
      return { source: 'stripe', canCreate: false, codes: [], redemptions: [], unavailable: true };
    }
  }
  if (payments.mode === 'local')
    return { source: 'local', canCreate: true, unavailable: false, ...(await listLocalPromotions(ctx.db)) };
  return { source: 'none', canCreate: false, codes: [], redemptions: [], unavailable: false };
}

/** The win-back offers not made (kept on their subscriptions' rows), as the console lists them. */
async function winBackFailuresOf(db: Db): Promise<PromotionsOutput['winBackFailures']> {
  return (await listWinBackFailures(db)).map((r) => ({
    email: r.email,
    subscriptionId: r.subscriptionId,
    endedAt: r.endedAt ? new Date(r.endedAt).toISOString() : null,
    failedAt: new Date(r.winBackFailedAt!).toISOString(),
    failure: r.winBackFailure ?? '',
  }));
}

/** With Stripe, codes are made and limited in Stripe's Dashboard (409). */
function localOnly(ctx: Context) {
  if (ctx.ports.payments.mode !== 'local') {
    throw new TRPCError({
      code: 'CONFLICT',
      message: 'Promotion codes are created in the Stripe Dashboard when Stripe is configured',
    });
  }
}

/** 400 naming `plans` for a key no plan has (an archived plan's key is a plan's all the same). */
async function checkPlanKeys(db: Db, keys: readonly string[]) {
  if (keys.length === 0) return;
  const known = new Set((await listPlans(db)).map((p) => p.key));
  const unknown = keys.filter((k) => !known.has(k));
  if (unknown.length > 0)
    throw validationError([{ path: ['plans'], message: `plans: no plan has the key ${unknown.join(', ')}` }]);
}

/** 400 naming `affiliateId` unless it is an active affiliate's (null: the code belongs to none). */
async function checkAffiliate(db: Db, affiliateId: number | null | undefined) {
  if (affiliateId === null || affiliateId === undefined) return;
  const affiliate = await findAffiliateById(db, affiliateId);
  if (!affiliate)
    throw validationError([{ path: ['affiliateId'], message: `affiliateId: no affiliate has the id ${affiliateId}` }]);
  if (affiliate.status !== 'active')
    throw validationError([
      { path: ['affiliateId'], message: `affiliateId: the affiliate ${affiliate.code} is suspended` },
    ]);
}

async function viewOf(ctx: Context, id: number): Promise<PromotionCodeView> {
  const { codes } = await listLocalPromotions(ctx.db, new Date(), { codeId: id });
  const view = codes.find((c) => c.id === String(id));
  if (!view) throw new Error('promotion code not found after writing it');
  return view;
}

/** A local test-mode code (with Stripe, codes are made in Stripe's Dashboard: 409). */
export async function createPromotionCodeHandler({
  ctx,
  input,
}: {
  ctx: Context & { user: User };
  input: CreatePromotionCodeInput;
}): Promise<PromotionCodeView> {
  localOnly(ctx);
  await checkPlanKeys(ctx.db, input.plans);
  // With its audit entry, in one transaction; a code that exists already, or an affiliate suspended
  // meanwhile, is refused inside it.
  const row = await transact(ctx.db, async (trx) => {
    await checkAffiliate(trx, input.affiliateId);
    const made = await insertPromotionCode(trx, input, ctx.user.id);
    if (!made) throw new TRPCError({ code: 'CONFLICT', message: `code: ${input.code} exists already` });
    return made;
  });
  return viewOf(ctx, row.id);
}

/** Changes the plans a local code applies to (empty: every plan) and its affiliate, with its audit entry. */
export async function updatePromotionCodeHandler({
  ctx,
  input,
}: {
  ctx: Context & { user: User };
  input: UpdatePromotionCodeInput;
}): Promise<PromotionCodeView> {
  localOnly(ctx);
  await checkPlanKeys(ctx.db, input.plans ?? []);
  const row = await transact(ctx.db, async (trx) => {
    await checkAffiliate(trx, input.affiliateId);
    const changed = await updatePromotionCode(trx, input.id, { plans: input.plans, affiliateId: input.affiliateId });
    if (!changed) throw notFound('Promotion code');
    return changed;
  });
  return viewOf(ctx, row.id);
}
