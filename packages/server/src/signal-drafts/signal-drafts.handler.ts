import { randomBytes } from 'node:crypto';
import { levelIssues } from '@t0/contracts/domain/signals/signal-levels';
import { INBOUND_ALERTS_PATH } from '@t0/contracts/domain/signal-drafts/tradingview';
import type { AlertSourceCreated, SignalDraftUpdateInput } from '@t0/contracts/schemas/signal-drafts/signal-drafts';
import { signalCreateInput, type SignalCreateInput } from '@t0/contracts/schemas/signals/signals';
import type { Desk } from '@t0/contracts/domain/analysts/analysts';
import type { Context } from '../core/context';
import { conflict, notFound, validationError } from '../core/errors';
import {
  decideSignalDraft,
  findAlertSourceId,
  findSignalDraft,
  insertAlertSource,
  listAlertSources,
  revokeAlertSource,
  toAlertSource,
  toSignalDraft,
  updatePendingSignalDraft,
  type DraftRowWithSource,
} from './signal-drafts.queries';
import { createSignalHandler } from '../signals/signal-create.handler';
import { hashAlertToken } from './inbound-alert.handler';
import { transact } from '../core/transaction';

type Ctx = Pick<Context, 'db' | 'ports' | 'log' | 'settings' | 'request'> & {
  user: { id: number; email: string };
  desk: Desk;
};

/** A new source: 32 random bytes in the URL, only their SHA-256 stored; the URL is answered this once. */
export async function createAlertSourceHandler({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { name: string; notifyTelegram: boolean };
}): Promise<AlertSourceCreated> {
  const token = randomBytes(32).toString('base64url');
  const row = await transact(ctx.db, (trx) =>
    insertAlertSource(trx, {
      // An analyst's source is theirs: its drafts are theirs to publish.
      analystId: ctx.desk.kind === 'analyst' ? ctx.desk.analystId : null,
      name: input.name,
      notifyTelegram: input.notifyTelegram,
      tokenHash: hashAlertToken(token),
    }),
  );
  return { ...toAlertSource(row), token, url: `${ctx.settings.publicUrl}${INBOUND_ALERTS_PATH}/${token}` };
}

/** Revokes a source: its URL answers 404 from now on; its drafts stay. */
export async function revokeAlertSourceHandler({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  // Refused inside the transaction, so a refused revocation leaves no audit entry.
  await transact(ctx.db, async (trx) => {
    const row = await revokeAlertSource(trx, input.id);
    if (row) return;
    const exists = await findAlertSourceId(trx, input.id);
    throw exists ? conflict(`Alert source #${input.id} is already revoked`) : notFound('Alert source');
  });
  const source = (await listAlertSources(ctx.db)).find((s) => s.id === input.id);
  if (!source) throw notFound('Alert source');
  return source;
}

async function pendingDraft(ctx: Pick<Ctx, 'db'>, id: number): Promise<DraftRowWithSource> {
  const row = await findSignalDraft(ctx.db, id);
  if (!row) throw notFound('Draft');
  if (row.state !== 'pending') throw conflict(`Draft #${id} was already ${row.state}`);
  return row;
}

/** The desk's edits to a pending draft; the levels, merged with the stored ones, must still make sense. */
export async function updateSignalDraftHandler({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: SignalDraftUpdateInput & { id: number };
}) {
  const { id, ...edits } = input;
  const row = await pendingDraft(ctx, id);
  const merged = {
    direction: edits.direction ?? row.direction,
    entryPrice: Number(edits.entryPrice ?? row.entryPrice),
    slPrice: Number(edits.slPrice ?? row.slPrice),
    t0Price: Number(edits.t0Price ?? row.t0Price),
    t1Price: Number(edits.t1Price ?? row.t1Price),
  };
  const issues = levelIssues(merged);
  if (issues.length > 0) throw validationError(issues.map((i) => ({ path: [i.field], message: i.message })));
  const values = Object.fromEntries(Object.entries(edits).filter(([, v]) => v !== undefined));
  await transact(ctx.db, (trx) => updatePendingSignalDraft(trx, id, values));
  return toSignalDraft((await findSignalDraft(ctx.db, id))!);
}

/**
 * Publishes a pending draft as a signal through exactly the path of `POST /api/signals`: the same
 * schema (level rules), the same handler (market check against the live price, events, deliveries).
 * The draft is taken out of the list in the signal's own transaction, so it is published once.
 */
export async function publishSignalDraftHandler({
  ctx,
  input,
  path,
}: {
  ctx: Ctx;
  input: { id: number };
  path: string;
}) {
  // Approving the draft completes its production (MAR labels), whatever the checks below take.
  const approvedAt = new Date();
  const row = await pendingDraft(ctx, input.id);
  const candidate: SignalCreateInput = {
    instrument: row.instrument,
    direction: row.direction as 'long' | 'short',
    entryPrice: Number(row.entryPrice),
    slPrice: Number(row.slPrice),
    t0Price: Number(row.t0Price),
    t1Price: Number(row.t1Price),
    t0Share: Number(row.t0Share),
    monthlyBias: row.monthlyBias,
    memo: row.memo,
    status: row.orderType === 'market' ? 'active' : 'limit',
  };
  const parsed = signalCreateInput.safeParse(candidate);
  if (!parsed.success) throw validationError(parsed.error.issues);
  return createSignalHandler({ ctx, input: parsed.data, path, completedAt: approvedAt }, async (trx, signal) => {
    if (!(await decideSignalDraft(trx, input.id, 'published', signal.id)))
      throw conflict(`Draft #${input.id} was already published or discarded`);
  });
}

/** Discards a pending draft: it leaves the list and is never published. */
export async function discardSignalDraftHandler({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  await pendingDraft(ctx, input.id);
  await transact(ctx.db, async (trx) => {
    if (!(await decideSignalDraft(trx, input.id, 'discarded')))
      throw conflict(`Draft #${input.id} was already published or discarded`);
  });
  return toSignalDraft((await findSignalDraft(ctx.db, input.id))!);
}
