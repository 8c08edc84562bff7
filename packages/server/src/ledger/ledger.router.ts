import type { TRPCRouterRecord } from '@trpc/server';
import {
  ledgerExportSchema,
  ledgerFilterInput,
  ledgerListInput,
  ledgerPageSchema,
} from '@t0/contracts/schemas/ledger/ledger';
import { idParam } from '@t0/contracts/schemas/common/common';
import { disputeEvidenceSchema, disputeEvidenceSubmitOutput } from '@t0/contracts/schemas/ledger/dispute-evidence';
import { revenueExportSchema, revenueFiguresSchema, revenueInput } from '@t0/contracts/schemas/ledger/revenue';
import { adminProcedure } from '../procedures';
import { disputeEvidenceHandler, submitDisputeEvidenceHandler } from './dispute-evidence.handler';
import { ledgerExportHandler, ledgerListHandler } from './ledger.handler';
import { revenueExportHandler, revenueFiguresHandler } from './revenue.handler';

const tags = ['admin'];
const filters =
  'Filters: `kind` (payment, refund, dispute_opened, dispute_won, dispute_lost), `userId`, `from` and `to` (dates; `to` excluded).';

const revenueWindowText =
  '`from` and `to` are UTC months (`YYYY-MM`, both included; by default the 12 months to this one, at most 36).';

export const ledgerRouter = {
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/ledger',
        tags,
        protect: true,
        summary: 'The money ledger (payments, refunds, disputes), newest first, paged, with this month’s dispute rate',
        description: `${filters} Amounts are minor units (cents), positive; the kind says which way the money went.`,
      },
    })
    .input(ledgerListInput)
    .output(ledgerPageSchema)
    .query(ledgerListHandler),
  export: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/ledger/export',
        tags,
        protect: true,
        summary: 'The ledger entries the filters match, as CSV (at most 10000, newest first)',
        description: `${filters} Answers the file's name, its row count and the CSV text (amounts as decimals).`,
      },
    })
    .input(ledgerFilterInput)
    .output(ledgerExportSchema)
    .query(ledgerExportHandler),
  disputeEvidence: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/disputes/{id}/evidence',
        tags,
        protect: true,
        summary:
          'A dispute’s evidence: the buyer’s sign-ins, the signals delivered, the chats joined, the refund policy',
        description: '`id` is the ledger entry of the opened dispute.',
        errorResponses: { 404: 'No opened dispute has this ledger id' },
      },
    })
    .input(idParam)
    .output(disputeEvidenceSchema)
    .query(disputeEvidenceHandler),
  submitDisputeEvidence: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/disputes/{id}/evidence/submit',
        tags,
        protect: true,
        summary: 'Send the dispute’s evidence to Stripe and submit it (once)',
        description:
          'Stripe’s dispute update with `evidence[access_activity_log]`, `evidence[service_documentation]` (a text file uploaded for the purpose), `evidence[refund_policy_disclosure]`, `evidence[customer_email_address]` and `submit=true`. The submission is recorded (`submission` in the evidence). Outside production a test-mode dispute is recorded as submitted and sent nowhere.',
        errorResponses: {
          404: 'No opened dispute has this ledger id',
          409: 'Submitted already, or a dispute at no provider the product can send evidence to',
          503: 'Stripe did not take it',
        },
      },
    })
    .input(idParam)
    .output(disputeEvidenceSubmitOutput)
    .mutation(submitDisputeEvidenceHandler),
  revenue: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/metrics/revenue',
        tags,
        protect: true,
        summary:
          'Revenue figures per month: MRR and its movement, holders, churn, trial conversion, cohorts, refunds and disputes; ARPU and LTV per plan',
        description: `${revenueWindowText} Amounts are minor units of the reporting currency; amounts in another currency are left out and counted as not converted. Definitions: docs/features/revenue.md.`,
      },
    })
    .input(revenueInput)
    .output(revenueFiguresSchema)
    .query(revenueFiguresHandler),
  revenueExport: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/metrics/revenue/export',
        tags,
        protect: true,
        summary: 'The revenue figures per month as CSV',
        description: `${revenueWindowText} Answers the file's name, its row count (one per month) and the CSV text (amounts as decimals).`,
      },
    })
    .input(revenueInput)
    .output(revenueExportSchema)
    .query(revenueExportHandler),
} satisfies TRPCRouterRecord;
