import { bpsOfPercent, percentOfBps } from '@t0/contracts/domain/affiliates/affiliates';
import { csvDocument } from '@t0/contracts/domain/common/csv';
import { minorToDecimal } from '@t0/contracts/domain/ledger/ledger';
import type { AdminAffiliates, AffiliateSettings } from '@t0/contracts/schemas/affiliates/affiliates';
import type { User } from '@t0/contracts/schemas/auth/auth';
import type { Context } from '../core/context';
import { conflict, notFound, validationError } from '../core/errors';
import { transact } from '../core/transaction';
import { findPlanByKey } from '../plans/plans.queries';
import { findPromotionCode } from '../promotions/promotions.queries';
import {
  affiliateCounts,
  deleteCommissionRule,
  findAffiliateById,
  insertPayout,
  linkPromotionCode,
  listAffiliates,
  listCommissionRows,
  listCommissionRules,
  lockPayableRows,
  promotionCodesOfAffiliates,
  setAffiliateRate,
  setAffiliateStatus,
  settleCommissions,
  upsertCommissionRule,
  voidUnpaidCommissions,
  writeAffiliateSettings,
} from './affiliates.queries';
import { earningsOf } from './affiliates.handler';
import { affiliateClock } from './clock';
import { readAffiliateSettings } from './settings';

type AdminCtx = Context & { user: User };

/** Console › AFFILIATES: every affiliate with its figures, the rules per plan and the settings. */
export async function listAffiliatesHandler({ ctx }: { ctx: AdminCtx }): Promise<AdminAffiliates> {
  const now = affiliateClock.now();
  const [affiliates, counts, rows, rules, codes, settings] = await Promise.all([
    listAffiliates(ctx.db),
    affiliateCounts(ctx.db),
    listCommissionRows(ctx.db),
    listCommissionRules(ctx.db),
    promotionCodesOfAffiliates(ctx.db),
    readAffiliateSettings(ctx.db),
  ]);
  return {
    affiliates: affiliates.map((a) => {
      const c = counts.find((x) => x.id === a.id);
      return {
        id: a.id,
        userId: a.userId,
        email: a.email,
        code: a.code,
        status: a.status === 'suspended' ? 'suspended' : 'active',
        ratePercent: a.rateOverrideBps === null ? null : percentOfBps(a.rateOverrideBps),
        termsAcceptedAt: a.termsAcceptedAt.toISOString(),
        createdAt: a.createdAt.toISOString(),
        clicks: c?.clicks ?? 0,
        signUps: c?.signUps ?? 0,
        conversions: c?.conversions ?? 0,
        earnings: earningsOf(
          rows.filter((r) => r.affiliateId === a.id),
          now,
        ),
        promotionCodes: codes.filter((p) => p.affiliateId === a.id).map((p) => p.code),
      };
    }),
    rules: rules.map((r) => ({
      plan: r.planKey,
      percent: percentOfBps(r.percentBps),
      recurringMonths: r.recurringMonths ?? 0,
    })),
    settings,
  };
}

async function affiliateOrNotFound(ctx: AdminCtx, id: number) {
  const affiliate = await findAffiliateById(ctx.db, id);
  if (!affiliate) throw notFound('Affiliate');
  return affiliate;
}

/** Suspends an affiliate: their link stops counting and attributing, and every unpaid commission is voided. */
export async function suspendAffiliateHandler({ ctx, input }: { ctx: AdminCtx; input: { id: number } }) {
  await affiliateOrNotFound(ctx, input.id);
  const voided = await transact(ctx.db, async (trx) => {
    await setAffiliateStatus(trx, input.id, 'suspended');
    return voidUnpaidCommissions(trx, input.id);
  });
  return { ok: true as const, voided };
}

/** Lets a suspended affiliate earn again (what was voided stays voided). */
export async function reactivateAffiliateHandler({ ctx, input }: { ctx: AdminCtx; input: { id: number } }) {
  await affiliateOrNotFound(ctx, input.id);
  await transact(ctx.db, (trx) => setAffiliateStatus(trx, input.id, 'active'));
  return { ok: true as const, voided: 0 };
}

/** The affiliate's own percent over the plans' rules (null: the rules again), for payments from now on. */
export async function setAffiliateRateHandler({
  ctx,
  input,
}: {
  ctx: AdminCtx;
  input: { id: number; percent: number | null };
}) {
  await affiliateOrNotFound(ctx, input.id);
  await transact(ctx.db, (trx) =>
    setAffiliateRate(trx, input.id, input.percent === null ? null : bpsOfPercent(input.percent)),
  );
  return { ok: true as const, voided: 0 };
}

/**
 * Marks the affiliate's payable total paid: one payout per currency whose payable total is above
 * nothing, with the reference given; the commissions it settles are marked with it (a negative
 * balance, a claw-back of a commission paid before, is settled against them). 409 when nothing is due.
 */
export async function markPayoutHandler({ ctx, input }: { ctx: AdminCtx; input: { id: number; reference: string } }) {
  await affiliateOrNotFound(ctx, input.id);
  const now = affiliateClock.now();
  const payouts = await transact(ctx.db, async (trx) => {
    const rows = await lockPayableRows(trx, input.id, now);
    const made = [];
    for (const currency of [...new Set(rows.map((r) => r.currency))].sort()) {
      const of = rows.filter((r) => r.currency === currency);
      const total = of.reduce((s, r) => s + r.amount, 0);
      if (total <= 0) continue;
      const payout = await insertPayout(trx, {
        affiliateId: input.id,
        total,
        currency,
        reference: input.reference,
        paidBy: ctx.user.id,
      });
      await settleCommissions(
        trx,
        of.map((r) => r.id),
        payout.id,
      );
      made.push({ ...payout, paidAt: payout.paidAt.toISOString() });
    }
    if (made.length === 0) throw conflict('Nothing is payable to this affiliate');
    return made;
  });
  return { payouts };
}

/**
 * Gives a promotion code to the affiliate: a checkout that redeems it attributes its buyer to them.
 * A suspended affiliate earns nothing, so is given no code (409, as `affiliateId` of a code is refused).
 */
export async function linkPromotionCodeHandler({ ctx, input }: { ctx: AdminCtx; input: { id: number; code: string } }) {
  await affiliateOrNotFound(ctx, input.id);
  const linked = await transact(ctx.db, async (trx) => {
    const affiliate = await findAffiliateById(trx, input.id);
    if (affiliate?.status === 'suspended')
      throw conflict(
        `The affiliate ${affiliate.code} is suspended: reactivate them before giving them a promotion code`,
      );
    const code = await findPromotionCode(trx, input.code);
    if (!code) return false;
    // A code made for one account (a win-back offer, in Stripe or here) is that buyer's discount, not a referral.
    if (code.userId !== null || code.stripePromotionCodeId !== null)
      throw validationError([
        {
          path: ['code'],
          message: 'This code was made for one account (a win-back offer): it cannot belong to an affiliate',
        },
      ]);
    return linkPromotionCode(trx, code.id, input.id);
  });
  if (!linked) throw validationError([{ path: ['code'], message: 'No promotion code has this text' }]);
  return { ok: true as const, voided: 0 };
}

export async function affiliateSettingsHandler({ ctx }: { ctx: AdminCtx }): Promise<AffiliateSettings> {
  return readAffiliateSettings(ctx.db);
}

export async function saveAffiliateSettingsHandler({
  ctx,
  input,
}: {
  ctx: AdminCtx;
  input: AffiliateSettings;
}): Promise<AffiliateSettings> {
  await transact(ctx.db, (trx) => writeAffiliateSettings(trx, input, ctx.user.id));
  return readAffiliateSettings(ctx.db);
}

/** A plan's own rule (percent of the first payment, or of every payment for N months). */
export async function setCommissionRuleHandler({
  ctx,
  input,
}: {
  ctx: AdminCtx;
  input: { plan: string; percent: number; recurringMonths: number };
}) {
  if (!(await findPlanByKey(ctx.db, input.plan)))
    throw validationError([{ path: ['plan'], message: `No plan has the key ${input.plan}` }]);
  await transact(ctx.db, (trx) =>
    upsertCommissionRule(trx, {
      planKey: input.plan,
      percentBps: bpsOfPercent(input.percent),
      recurringMonths: input.recurringMonths,
      updatedBy: ctx.user.id,
    }),
  );
  return { plan: input.plan, percent: input.percent, recurringMonths: input.recurringMonths };
}

/** Drops a plan's own rule: it takes the site's default again. */
export async function deleteCommissionRuleHandler({ ctx, input }: { ctx: AdminCtx; input: { plan: string } }) {
  const removed = await transact(ctx.db, (trx) => deleteCommissionRule(trx, input.plan));
  if (!removed) throw notFound('Commission rule');
  return { ok: true as const, voided: 0 };
}

export const PAYOUTS_CSV_HEADER = ['affiliate_id', 'email', 'code', 'status', 'currency', 'payable', 'pending'];

/** What is due: one row per affiliate and currency with a payable total above nothing (amounts as decimals). */
export async function payoutsExportHandler({ ctx }: { ctx: AdminCtx }) {
  const { affiliates } = await listAffiliatesHandler({ ctx });
  const rows = affiliates.flatMap((a) =>
    a.earnings
      .filter((e) => e.payable > 0)
      .map((e) => [a.id, a.email, a.code, a.status, e.currency, minorToDecimal(e.payable), minorToDecimal(e.pending)]),
  );
  const day = affiliateClock.now().toISOString().slice(0, 10);
  return { filename: `affiliate-payouts-${day}.csv`, rows: rows.length, csv: csvDocument(PAYOUTS_CSV_HEADER, rows) };
}
