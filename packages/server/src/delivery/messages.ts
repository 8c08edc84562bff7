import { partsOf } from '@t0/contracts/domain/signals/signal-parts';
import type { SignalRow } from '@t0/db';
import type { DeliveryEvent } from '@t0/contracts/domain/delivery/delivery';
import { signalDeliveryEvent } from '@t0/contracts/domain/live/events';
import { lifecycleNotice, publishedNotice } from '@t0/contracts/domain/signals/signal-notices';
import type { Words } from '@t0/contracts/domain/languages/words';
import type { SignalEvent } from '@t0/contracts/schemas/signals/signal-events';
import type { SignalLabels } from '@t0/contracts/schemas/signals/signal-labels';
import type { DeliveryMessage } from '../ports';

const num = (v: string | number | null) => (v === null ? null : Number(v));

/** The delivery event a signal event is, or null when it is not delivered (edits, the chain's own): its view in the one vocabulary. */
export const deliveryEventOf = (type: string): DeliveryEvent | null => signalDeliveryEvent(type);

/**
 * One signal event worded for every channel (the in-app notice's words, in the reader's language
 * `t`), with the levels and the signal's labels.
 */
export function signalMessage(
  row: SignalRow,
  e: SignalEvent,
  event: DeliveryEvent,
  urgent: boolean,
  labels: SignalLabels | undefined,
  t: Words,
): Omit<DeliveryMessage, 'id' | 'language'> {
  const facts = {
    instrument: row.instrument,
    direction: row.direction,
    entryPrice: Number(row.entryPrice),
    slPrice: Number(row.slPrice),
    t0Price: Number(row.t0Price),
    t1Price: Number(row.t1Price),
    fillPrice: num(row.fillPrice),
    riskPrice: num(row.riskPrice),
    parts: partsOf(row.parts),
  };
  const notice = e.type === 'created' ? publishedNotice(facts, t) : lifecycleNotice(facts, e, t);
  return {
    event,
    urgent,
    title: notice?.title ?? `${row.instrument} ${event.toUpperCase()}`,
    text: notice?.message ?? '',
    occurredAt: e.at,
    signal: {
      id: row.id,
      instrument: row.instrument,
      direction: row.direction,
      status: row.status,
      entryPrice: facts.entryPrice,
      slPrice: facts.slPrice,
      t0Price: facts.t0Price,
      t1Price: facts.t1Price,
      price: e.price,
      orderType: row.orderType,
      t0Share: Number(row.t0Share),
    },
    ...(labels ? { labels } : {}),
  };
}
