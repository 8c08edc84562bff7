import type { User } from '../../schemas/auth';
import { changedFields, redactForAudit } from '../../domain/audit';
import type { Context } from '../context';
import { appendAuditEntry } from '../queries/audit-log';
import { auditTargetOf, readTarget } from './targets';

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (redactForAudit(value) as Record<string, unknown>) : null;

/**
 * Runs one administrator mutation and, when it succeeds, appends its audit entry: actor, address,
 * action (the procedure path), target, and the fields that changed (read from the record before
 * and after; a new record's fields after; a removed record's fields before). When the record
 * cannot be read, the action's input stands as `after`.
 */
export async function auditedMutation<R extends { ok: boolean; data?: unknown }>(
  ctx: Context & { user: User },
  path: string,
  rawInput: unknown,
  run: () => Promise<R>,
): Promise<R> {
  const target = auditTargetOf(path, rawInput);
  const before = await readTarget(ctx.db, target);
  const result = await run();
  if (!result.ok) return result;
  // A created record: its id comes with the answer.
  const createdId = target.id === null && result.data && typeof result.data === 'object' ? (result.data as { id?: unknown }).id : undefined;
  if ((typeof createdId === 'number' || typeof createdId === 'string') && target.table) {
    target.id = String(createdId);
    target.where = { id: createdId };
  }
  const after = target.where ? await readTarget(ctx.db, target) : undefined;
  let entryBefore: Record<string, unknown> | null;
  let entryAfter: Record<string, unknown> | null;
  if (before && after) ({ before: entryBefore, after: entryAfter } = changedFields(before, after));
  else if (before) [entryBefore, entryAfter] = [asRecord(before), null];
  else if (after) [entryBefore, entryAfter] = [null, asRecord(after)];
  else [entryBefore, entryAfter] = [null, asRecord(rawInput)];
  await appendAuditEntry(ctx.db, {
    actorId: ctx.user.id,
    actorEmail: ctx.user.email,
    address: ctx.request.ip,
    action: path,
    targetType: target.type,
    targetId: target.id,
    before: entryBefore,
    after: entryAfter,
  });
  return result;
}

/** Why an administrator procedure was refused to a signed-in user. */
export type RefusalReason = 'not an administrator' | 'second factor not passed' | 'second factor not enrolled' | 'token minted before the second factor';

/**
 * Appends the entry of a refused administrator attempt (outcome `refused`, with the reason): who
 * tried which procedure, from where. The answer itself is unchanged (403).
 */
export async function recordRefusedAttempt(ctx: Pick<Context, 'db' | 'request'> & { user: Pick<User, 'id' | 'email'> }, path: string, reason: RefusalReason): Promise<void> {
  await appendAuditEntry(ctx.db, {
    actorId: ctx.user.id,
    actorEmail: ctx.user.email,
    address: ctx.request.ip,
    action: path,
    targetType: null,
    targetId: null,
    before: null,
    after: null,
    outcome: 'refused',
    reason,
  });
}
