import { createHash } from 'node:crypto';
import type { Db } from '@t0/db';
import { ALERT_FOLD_SECONDS } from '@t0/contracts/domain/signal-drafts/tradingview';
import { tradingViewAlertSchema, type SignalDraft } from '@t0/contracts/schemas/signal-drafts/signal-drafts';
import type { Logger } from '../core/context';
import { toFieldIssues, type FieldIssue } from '../core/errors';
import { JOB_NAMES } from '../core/jobs';
import type { DeliveryMessage, DeliveryPorts, Jobs } from '../ports';
import { recordAuthAttempt, secondsUntilAllowed } from '../auth/auth-attempts.queries';
import { insertDelivery } from '../delivery/deliveries.queries';
import {
  findActiveSourceByHash,
  findSignalDraft,
  foldRepeatedAlert,
  insertSignalDraft,
  lockAlertSource,
  toSignalDraft,
  touchAlertSource,
} from './signal-drafts.queries';
import { transact } from '../core/transaction';

export interface InboundAlertDeps {
  db: Db;
  jobs: Pick<Jobs, 'send'>;
  delivery: Pick<DeliveryPorts, 'channels' | 'deskTelegramChatId'>;
  log: Logger;
  publicUrl: string;
  /** INBOUND_ALERTS_PER_MINUTE: alerts one source may send in a minute. */
  perMinute: number;
}

export type InboundAlertOutcome =
  | { kind: 'not_found' }
  | { kind: 'rate_limited'; retryAfterSeconds: number }
  | { kind: 'invalid'; issues: FieldIssue[] }
  | { kind: 'created' | 'folded'; draft: SignalDraft };

export const hashAlertToken = (token: string) => createHash('sha256').update(token).digest('hex');
const hashBody = (body: string) => createHash('sha256').update(body).digest('hex');

/** The body as TradingView sent it (JSON, whatever the content type), or the issue that says why not. */
function readBody(raw: string): { value: unknown } | { issue: FieldIssue } {
  if (!raw.trim())
    return {
      issue: {
        path: 'body',
        code: 'required',
        message: "body is empty: paste the JSON message template into the alert's Message box",
      },
    };
  try {
    return { value: JSON.parse(raw) };
  } catch {
    return {
      issue: {
        path: 'body',
        code: 'invalid_format',
        message: 'body must be JSON: {"instrument": "{{ticker}}", "direction": "buy", "entry": "{{close}}", …}',
      },
    };
  }
}

/** The words the desk's Telegram chat gets for a new draft: what and where to review it, never its levels. */
export function draftNoticeMessage(draft: SignalDraft, publicUrl: string): Omit<DeliveryMessage, 'id'> {
  const side = draft.direction === 'short' ? 'SELL' : 'BUY';
  const type = draft.orderType === 'market' ? '' : ` ${draft.orderType.toUpperCase()}`;
  return {
    event: 'broadcast',
    urgent: false,
    title: `New draft: ${draft.instrument} ${side}${type}`,
    text: `A TradingView alert from "${draft.sourceName ?? 'a source'}" made draft #${draft.id}. Review, edit and publish or discard it in the console: ${publicUrl}/admin123?tab=signals`,
    occurredAt: draft.createdAt,
  };
}

/**
 * `POST /api/inbound/alerts/{sourceToken}`: an alert from TradingView becomes a pending draft.
 * Unknown or revoked token: not found. Past the source's budget: rate limited. A body that is not
 * the message template: invalid, naming the field, nothing written. The same body again within a
 * minute: folded into the draft it made (`received` + 1). A source opted into Telegram queues one
 * message to the desk's chat, written with the draft.
 */
export async function receiveAlert(deps: InboundAlertDeps, token: string, raw: string): Promise<InboundAlertOutcome> {
  const source = /^[A-Za-z0-9_-]{16,128}$/.test(token)
    ? await findActiveSourceByHash(deps.db, hashAlertToken(token))
    : undefined;
  if (!source) return { kind: 'not_found' };
  const key = `alert-source:${source.id}`;
  const [attempt] = await recordAuthAttempt(deps.db, [key]);
  if (attempt!.count > deps.perMinute) {
    return {
      kind: 'rate_limited',
      retryAfterSeconds: await secondsUntilAllowed(deps.db, key, attempt!.count, deps.perMinute),
    };
  }
  const body = readBody(raw);
  if ('issue' in body) return { kind: 'invalid', issues: [body.issue] };
  const parsed = tradingViewAlertSchema.safeParse(body.value);
  if (!parsed.success) return { kind: 'invalid', issues: toFieldIssues(parsed.error.issues, body.value) };
  const alert = parsed.data;
  const bodyHash = hashBody(raw.trim());

  const result = await transact(deps.db, async (trx) => {
    // One alert of a source at a time: a repeated body sees the draft the first one made.
    await lockAlertSource(trx, source.id);
    await touchAlertSource(trx, source.id);
    const same = await foldRepeatedAlert(trx, source.id, bodyHash, ALERT_FOLD_SECONDS);
    if (same) return { kind: 'folded' as const, id: same.id, deliveryId: null };
    const row = await insertSignalDraft(trx, {
      sourceId: source.id,
      instrument: alert.instrument,
      direction: alert.direction,
      orderType: alert.orderType,
      entryPrice: alert.entry,
      slPrice: alert.stop,
      t0Price: alert.t0,
      t1Price: alert.t1,
      monthlyBias: alert.direction === 'short' ? 'Bearish' : 'Bullish',
      memo: alert.memo ?? '',
      bodyHash,
    });
    let deliveryId: number | null = null;
    if (source.notifyTelegram && deps.delivery.deskTelegramChatId && deps.delivery.channels.telegram) {
      const draft = toSignalDraft((await findSignalDraft(trx, row.id))!);
      const key = `alert-draft:${row.id}:desk:telegram`;
      const delivery = await insertDelivery(trx, {
        key,
        userId: null,
        channel: 'telegram',
        event: 'broadcast',
        signalId: null,
        endpointId: null,
        payload: JSON.stringify({ ...draftNoticeMessage(draft, deps.publicUrl), id: `msg_${key}` }),
        urgent: false,
        dueAt: null,
      });
      deliveryId = delivery?.id ?? null;
    }
    return { kind: 'created' as const, id: row.id, deliveryId };
  });
  if (result.deliveryId !== null) {
    // The delivery row is written with the draft; its job is queued once that committed (as signal deliveries are).
    try {
      await deps.jobs.send(JOB_NAMES.deliver, { deliveryId: result.deliveryId, attempts: 0 });
    } catch (err) {
      deps.log.error({ err, draftId: result.id }, 'draft notice not queued');
    }
  }
  const draft = await findSignalDraft(deps.db, result.id);
  return { kind: result.kind, draft: toSignalDraft(draft!) };
}
