import { z } from 'zod';
import { dateParam } from '../common/common';
import { AUDIT_PAGE_SIZE } from '../../domain/audit/audit';

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** `GET /api/admin/audit`: filters (all optional) and the page. */
export const auditListInput = z.object({
  /** The actor's e-mail (or part of it). */
  actor: optionalText('actor', 255),
  /** The procedure, exactly or by prefix (`signals.` for every signal action). */
  action: optionalText('action', 100),
  /** `type` or `type:id` (`signals:12`). */
  target: optionalText('target', 160),
  from: dateParam('from'),
  to: dateParam('to'),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(100_000, 'page must be at most 100000')
    .default(1),
  pageSize: z.coerce
    .number({ error: `pageSize must be from 1 to ${AUDIT_PAGE_SIZE * 4}` })
    .int()
    .min(1, `pageSize must be from 1 to ${AUDIT_PAGE_SIZE * 4}`)
    .max(AUDIT_PAGE_SIZE * 4, `pageSize must be from 1 to ${AUDIT_PAGE_SIZE * 4}`)
    .default(AUDIT_PAGE_SIZE),
});
export type AuditListInput = z.input<typeof auditListInput>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.number().int().nullable(),
  actorEmail: z.string(),
  address: z.string(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** The changed fields before the action (null when the procedure cannot give them). */
  before: z.record(z.string(), z.unknown()).nullable(),
  /** The changed fields after the action, or the action's input. */
  after: z.record(z.string(), z.unknown()).nullable(),
  /** `done`, or `refused`: an administrator procedure refused to a signed-in user. */
  outcome: z.enum(['done', 'refused']),
  /** Why it was refused (null when done). */
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
