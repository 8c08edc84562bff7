import { partsOf } from '@t0/contracts/domain/signal-parts';
import type { SignalRow } from '@t0/db';
import type { DeliveryEvent } from '@t0/contracts/domain/delivery';
import { signalDeliveryEvent } from '@t0/contracts/domain/events';
import { formatPrice } from '@t0/contracts/domain/prices';
import { lifecycleNotice } from '@t0/contracts/domain/signal-notices';
import type { SignalEvent } from '@t0/contracts/schemas/signal-events';
import type { SignalLabels } from '@t0/contracts/schemas/signal-labels';
import type { DeliveryMessage } from '../ports';

const num = (v: string | number | null) => (v === null ? null : Number(v));

/** The delivery event a signal event is, or null when it is not delivered (edits, the chain's own): its view in the one vocabulary. */
export const deliveryEventOf = (type: string): DeliveryEvent | null => signalDeliveryEvent(type);

/** One signal event worded once for every channel (the in-app notice's words), with the levels and the signal's labels. */
export function signalMessage(
  row: SignalRow,
  e: SignalEvent,
  event: DeliveryEvent,
  urgent: boolean,
  labels?: SignalLabels,
): Omit<DeliveryMessage, 'id'> {
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
  const p = (n: number) => formatPrice(row.instrument, n);
  const notice =
    e.type === 'created'
      ? {
          title: `${row.instrument} ${row.direction.toUpperCase()} PUBLISHED`,
          message: `New signal: entry ${p(facts.entryPrice)}, stop ${p(facts.slPrice)}, T0 ${p(facts.t0Price)}, T1 ${p(facts.t1Price)}.`,
        }
      : lifecycleNotice(facts, e);
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
