import type { User } from '@t0/contracts/schemas/auth/auth';
import { changedFields, redactForAudit } from '@t0/contracts/domain/audit/audit';
import type { Context } from '../core/context';
import { appendAuditEntry } from './audit-log.queries';
import { MutationScope, runInMutation } from '../core/mutation-scope';
import { auditTargetOf, readTarget } from './targets';

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (redactForAudit(value) as Record<string, unknown>)
    : null;

/** The id of a record a transaction created, from what it answered (a row, `{ id }`, or `{ row }`). */
const createdIdOf = (answer: unknown): number | string | undefined => {
  if (!answer || typeof answer !== 'object') return undefined;
  const { id, row } = answer as { id?: unknown; row?: unknown };
  if (typeof id === 'number' || typeof id === 'string') return id;
  return row === undefined ? undefined : createdIdOf(row);
};

/**
 * Runs one administrator mutation and records its audit entry in the same transaction as the
 * change: actor, address, action (the procedure path), target, and the fields that changed (read
 * from the record before and, inside the transaction, after; a new record's fields after; a removed
 * record's fields before). When the record cannot be read, the action's input stands as `after`.
 *
 * The entry is one of the mutation's in-transaction writes (audit/scope.ts): the first transaction
 * the handler opens through `transact` carries it, so if the entry cannot be written the change
 * rolls back with it, and a change that rolls back leaves no entry. A mutation that opens no
 * transaction (it changed none of our rows) has its entry written on its own when it succeeds.
 */
export async function auditedMutation<R extends { ok: boolean; data?: unknown }>(
  ctx: Context & { user: User },
  path: string,
  rawInput: unknown,
  run: () => Promise<R>,
  scope: MutationScope = new MutationScope(),
): Promise<R> {
  const target = auditTargetOf(path, rawInput);
  const before = await readTarget(ctx.db, target);
  scope.add(async (trx, answer) => {
    // A created record: its id comes with the transaction's answer.
    const createdId = target.id === null ? createdIdOf(answer) : undefined;
    if (createdId !== undefined && target.table) {
      target.id = String(createdId);
      target.where = { id: createdId };
    }
    const after = target.where ? await readTarget(trx, target) : undefined;
    let entryBefore: Record<string, unknown> | null;
    let entryAfter: Record<string, unknown> | null;
    if (before && after) ({ before: entryBefore, after: entryAfter } = changedFields(before, after));
    else if (before) [entryBefore, entryAfter] = [asRecord(before), null];
    else if (after) [entryBefore, entryAfter] = [null, asRecord(after)];
    else [entryBefore, entryAfter] = [null, asRecord(rawInput)];
    await appendAuditEntry(trx, {
      actorId: ctx.user.id,
      actorEmail: ctx.user.email,
      address: ctx.request.ip,
      action: path,
      targetType: target.type,
      targetId: target.id,
      before: entryBefore,
      after: entryAfter,
    });
  });
  try {
    const result = await runInMutation(scope, run);
    if (result.ok) await scope.commitAlone(ctx.db);
    return result;
  } finally {
    scope.close();
  }
}

/** Why an administrator (or desk) procedure was refused to a signed-in user. */
export type RefusalReason =
  | 'not an administrator'
  | 'second factor not passed'
  | 'second factor not enrolled'
  | 'token minted before the second factor'
  | 'not their room'
  | 'not their own';

/**
 * Appends the entry of a refused administrator attempt (outcome `refused`, with the reason): who
 * tried which procedure, from where. The answer itself is unchanged (403).
 */
export async function recordRefusedAttempt(
  ctx: Pick<Context, 'db' | 'request'> & { user: Pick<User, 'id' | 'email'> },
  path: string,
  reason: RefusalReason,
): Promise<void> {
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
