import type { TRPCRouterRecord } from '@trpc/server';
import { ledgerExportSchema, ledgerFilterInput, ledgerListInput, ledgerPageSchema } from '@t0/contracts/schemas/ledger';
import { adminProcedure } from '../procedures';
import { ledgerExportHandler, ledgerListHandler } from './ledger.handler';

const tags = ['admin'];
const filters =
  'Filters: `kind` (payment, refund, dispute_opened, dispute_won, dispute_lost), `userId`, `from` and `to` (dates; `to` excluded).';

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
} satisfies TRPCRouterRecord;
