import { monthlyEquivalentCents } from '@t0/contracts/domain/plans/plan-figures';
import {
  parseMonth,
  revenueCsv,
  revenueFigures,
  revenueWindow,
  subscriptionEndReason,
  type RevenueGrant,
} from '@t0/contracts/domain/ledger/revenue';
import type { RevenueExport, RevenueFiguresView, revenueInput } from '@t0/contracts/schemas/ledger/revenue';
import type { z } from 'zod';
import type { Context } from '../core/context';
import { validationError } from '../core/errors';
import { plansWithMeasuredPrice } from '../plans/plan-figures.handler';
import { readLedgerSettings } from '../site/site-settings.queries';
import { listLedgerAmounts, listSubscriptionGrants } from './revenue.queries';

type Ctx = Pick<Context, 'db' | 'ports' | 'settings' | 'log'>;
type Input = z.output<typeof revenueInput>;

const nextMonth = (month: string) => {
  const d = parseMonth(month)!;
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
};

/**
 * `GET /api/admin/metrics/revenue`: the revenue figures of the window, from the subscription grants
 * and the ledger. A subscription's MRR is its plan's price as a month's share, the price and share
 * the figures per plan use (`plansWithMeasuredPrice`, `monthlyEquivalentCents`); a price in another
 * currency than the reporting one is not converted.
 */
export async function revenueFiguresHandler({ ctx, input }: { ctx: Ctx; input: Input }): Promise<RevenueFiguresView> {
  const now = new Date();
  const window = revenueWindow(input, now);
  if ('field' in window) throw validationError([{ path: [window.field], message: window.message }]);
  return revenueOver(ctx, window, now);
}

/**
 * The one MRR of the product: the running month's MRR by the revenue rule (the holders in the paid
 * part of a subscription grant now, each at their plan's monthly share in the reporting currency).
 * The business figures' MRR card shows this figure, so ANALYTICS shows one MRR.
 */
export async function mrrNow(
  ctx: Ctx,
  now = new Date(),
): Promise<{ amountCents: number; currency: string; holders: number; unpriced: number }> {
  const month = now.toISOString().slice(0, 7);
  const figures = await revenueOver(ctx, { from: month, to: month }, now);
  const running = figures.months[figures.months.length - 1];
  return {
    amountCents: running?.mrr ?? 0,
    currency: figures.reportingCurrency,
    holders: running?.activeHolders ?? 0,
    unpriced: running?.unpricedHolders ?? 0,
  };
}

async function revenueOver(ctx: Ctx, window: { from: string; to: string }, now: Date): Promise<RevenueFiguresView> {
  const until = nextMonth(window.to);
  const [grantRows, entryRows, plans, settings] = await Promise.all([
    listSubscriptionGrants(ctx.db, ctx.settings.adminEmails, until),
    listLedgerAmounts(ctx.db, parseMonth(window.from)!, until),
    plansWithMeasuredPrice(ctx),
    readLedgerSettings(ctx.db),
  ]);
  const reporting = settings.reportingCurrency.toUpperCase();
  const share = new Map(
    plans.map((p) => [
      p.key,
      p.price && p.price.currency.toUpperCase() === reporting ? monthlyEquivalentCents(p.price.amountCents, p) : null,
    ]),
  );
  const grants: RevenueGrant[] = grantRows.map((g) => {
    const endsAt = g.stoppedAt === null ? null : new Date(g.stoppedAt);
    return {
      userId: g.userId,
      subscriptionId: g.subscriptionId ?? `grant:${g.userId}`,
      plan: g.plan,
      monthlyAmount: share.get(g.plan) ?? null,
      startsAt: new Date(g.startsAt),
      endsAt,
      trialEndsAt: g.trialEnd === null ? null : new Date(g.trialEnd),
      endReason: endsAt
        ? subscriptionEndReason({ disputed: Boolean(g.disputed), cancelRequested: Boolean(g.cancelRequested) })
        : null,
    };
  });
  const figures = revenueFigures({
    ...window,
    now,
    grants,
    entries: entryRows.map((e) => ({
      kind: e.kind,
      occurredAt: new Date(e.occurredAt),
      plan: e.planKey,
      amount: e.reportingAmount,
    })),
  });
  const names = new Map(plans.map((p) => [p.key, p.name]));
  return {
    measuredAt: now.toISOString(),
    ...window,
    reportingCurrency: reporting,
    ...figures,
    plans: figures.plans.map((p) => ({ ...p, name: names.get(p.plan) ?? p.plan })),
  };
}

/** `GET /api/admin/metrics/revenue/export`: the window's months as CSV, one row each. */
export async function revenueExportHandler({ ctx, input }: { ctx: Ctx; input: Input }): Promise<RevenueExport> {
  const figures = await revenueFiguresHandler({ ctx, input });
  return {
    filename: `t0-revenue-${figures.from}-to-${figures.to}.csv`,
    rows: figures.months.length,
    csv: revenueCsv(figures.months, figures.reportingCurrency),
  };
}
