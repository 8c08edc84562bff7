import {
  disputeRateAlert,
  disputeRatePercent,
  isDisputeKind,
  ledgerCsv,
  utcMonthOf,
  type LedgerKind,
} from '@t0/contracts/domain/ledger/ledger';
import {
  LEDGER_EXPORT_MAX,
  type DisputeRate,
  type LedgerEntry,
  type LedgerExport,
  type LedgerPage,
  type ledgerFilterInput,
  type ledgerListInput,
} from '@t0/contracts/schemas/ledger/ledger';
import type { z } from 'zod';
import type { Context } from '../core/context';
import { readLedgerSettings } from '../site/site-settings.queries';
import {
  countLedgerEntries,
  countPaymentsAndDisputes,
  listLedgerEntries,
  type LedgerFilter,
} from './ledger-entries.queries';

type Row = Awaited<ReturnType<typeof listLedgerEntries>>[number];

const view = (r: Row): LedgerEntry => ({
  id: r.id,
  kind: r.kind as LedgerKind,
  dispute: isDisputeKind(r.kind),
  occurredAt: r.occurredAt.toISOString(),
  userId: r.userId,
  userEmail: r.userEmail ?? null,
  amount: r.amount,
  currency: r.currency,
  fee: r.fee,
  provider: r.provider,
  providerObjectId: r.providerObjectId,
  chargeId: r.chargeId,
  plan: r.planKey,
  reportingCurrency: r.reportingCurrency,
  reportingAmount: r.reportingAmount,
  reportingRate: r.reportingRate === null ? null : Number(r.reportingRate),
});

/** This UTC month's dispute rate against the site's alert threshold. */
export async function disputeRateNow(ctx: Pick<Context, 'db'>, now = new Date()): Promise<DisputeRate> {
  const { from, to } = utcMonthOf(now);
  const [counts, settings] = await Promise.all([
    countPaymentsAndDisputes(ctx.db, from, to),
    readLedgerSettings(ctx.db),
  ]);
  const ratePercent = disputeRatePercent(counts.disputesOpened, counts.payments);
  return {
    month: from.toISOString().slice(0, 7),
    payments: counts.payments,
    disputesOpened: counts.disputesOpened,
    ratePercent,
    alertPercent: settings.disputeRateAlertPercent,
    alert: disputeRateAlert(ratePercent, settings.disputeRateAlertPercent),
  };
}

export async function ledgerListHandler({
  ctx,
  input,
}: {
  ctx: Context;
  input: z.output<typeof ledgerListInput>;
}): Promise<LedgerPage> {
  const { page, pageSize, ...filter } = input;
  const [rows, total, disputeRate, settings] = await Promise.all([
    listLedgerEntries(ctx.db, filter as LedgerFilter, (page - 1) * pageSize, pageSize),
    countLedgerEntries(ctx.db, filter as LedgerFilter),
    disputeRateNow(ctx),
    readLedgerSettings(ctx.db),
  ]);
  return { entries: rows.map(view), total, page, pageSize, reportingCurrency: settings.reportingCurrency, disputeRate };
}

export async function ledgerExportHandler({
  ctx,
  input,
}: {
  ctx: Context;
  input: z.output<typeof ledgerFilterInput>;
}): Promise<LedgerExport> {
  const rows = (await listLedgerEntries(ctx.db, input as LedgerFilter, 0, LEDGER_EXPORT_MAX)).map(view);
  const day = new Date().toISOString().slice(0, 10);
  return { filename: `t0-ledger-${day}.csv`, rows: rows.length, csv: ledgerCsv(rows) };
}
