import type { TRPCRouterRecord } from '@trpc/server';
import { auditListInput, auditPageSchema } from '@t0/contracts/schemas/audit/audit';
import { listAuditEntries } from './audit-log.queries';
import { adminProcedure } from '../procedures';

export const auditRouter = {
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/audit',
        tags: ['admin'],
        protect: true,
        summary: 'The audit log of administrator actions, newest first, paged',
        description:
          'Filters: `actor` (part of the e-mail), `action` (a procedure such as `signals.update`, or a prefix ending in a dot: `signals.`), ' +
          '`target` (`signal` or `signal:12`), `from` and `to` (dates). `before` and `after` hold the fields the action changed.',
      },
    })
    .input(auditListInput)
    .output(auditPageSchema)
    .query(async ({ ctx, input }) => {
      const { page, pageSize, ...filter } = input;
      const { entries, total } = await listAuditEntries(ctx.db, filter, page, pageSize);
      return { entries, total, page, pageSize };
    }),
} satisfies TRPCRouterRecord;
