import type { Db } from '@t0/db';
import {
  hysteresisOf,
  judgePriceAlert,
  priceAlertTitle,
  priceOnSide,
  type PriceAlertState,
} from '@t0/contracts/domain/price-alerts/price-alerts';
import { formatPrice } from '@t0/contracts/domain/prices/prices';
import type { Logger } from '../core/context';
import { transact } from '../core/transaction';
import { fanoutJob } from '../delivery/fanout.job';
import { emitEvent, userAudience } from '../events/events.queries';
import { relayCommitted } from '../outbox/outbox-relay.job';
import { enqueueJobs, type OutboxJob } from '../outbox/queue';
import type { Jobs, PriceMap } from '../ports';
import { toPriceAlertView } from './price-alerts.handler';
import { insertPriceAlertFire, lockActiveAlerts, updatePriceAlert } from './price-alerts.queries';

export interface PriceAlertDeps {
  jobs: Pick<Jobs, 'send' | 'sendMany'>;
  log: Logger;
}

/**
 * Judges every active alert on the instruments priced in this refresh (each price step of the
 * watch). What a firing causes — the alert's new state, its history, the live event to its owner's
 * open tabs and the fan-out to their channels — commits in one transaction; alerts another process
 * is judging now are skipped. Answers how many fired.
 */
export async function judgePriceAlerts(db: Db, prices: PriceMap, at: Date, deps: PriceAlertDeps): Promise<number> {
  const priced = Object.keys(prices).filter((k) => typeof prices[k] === 'number' && Number.isFinite(prices[k]));
  const { fired, outbox } = await transact(db, async (tx) => {
    const alerts = await lockActiveAlerts(tx, priced);
    const jobs: OutboxJob[] = [];
    let fired = 0;
    for (const a of alerts) {
      const price = priceOnSide(a.side as 'bid' | 'ask' | 'mid', { price: prices[a.instrument] });
      if (price === null) continue;
      const state: PriceAlertState = {
        condition: a.condition as PriceAlertState['condition'],
        level: Number(a.level),
        repeat: a.repeat as PriceAlertState['repeat'],
        armed: a.armed,
        lastSide: a.lastSide as PriceAlertState['lastSide'],
      };
      const j = judgePriceAlert(state, price, hysteresisOf(a.instrument));
      if (!j.fire && j.armed === a.armed && j.lastSide === a.lastSide) continue;
      const row = await updatePriceAlert(tx, a.id, {
        armed: j.armed,
        lastSide: j.lastSide,
        ...(j.fire ? { firedCount: a.firedCount + 1, lastFiredAt: at, active: !j.done } : {}),
      });
      if (!j.fire) continue;
      fired += 1;
      const fire = await insertPriceAlertFire(tx, { alertId: a.id, userId: a.userId, price, firedAt: at });
      const alert = toPriceAlertView(row);
      await emitEvent(tx, {
        type: 'price_alert.fired',
        audience: userAudience(a.userId),
        payload: {
          alert,
          title: priceAlertTitle({ ...alert, level: formatPrice(a.instrument, alert.level) }),
          note: alert.note,
          price,
          firedAt: at.toISOString(),
        },
      });
      jobs.push(fanoutJob({ priceAlertFireId: fire.id }));
    }
    return { fired, outbox: await enqueueJobs(tx, jobs) };
  });
  await relayCommitted({ db, ...deps }, outbox);
  return fired;
}
