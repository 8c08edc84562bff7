import type { DbHandle } from '@t0/db';
import type { FastifyBaseLogger } from 'fastify';

/** The NOTIFY channel of the database's change triggers (migration 20260120000000_change_notices). */
export const CHANGES_CHANNEL = 't0_changes';

const RETRY_MS = 1_000;

/** Something kept in memory that the change notices keep true. */
export interface ChangeSubscriber {
  notice(payload: string): void;
  /** False when notices may have been missed: forget everything and stop answering from memory. */
  setLive(live: boolean): void;
}

/**
 * LISTENs for the triggers' notices and hands each to every subscriber. When the listening
 * connection is lost the subscribers stop answering from memory (and forget) until listening
 * again, retried every second. Answers a function that stops listening.
 */
export async function listenForChanges(db: DbHandle, subscribers: ChangeSubscriber[], log: FastifyBaseLogger): Promise<() => Promise<void>> {
  let stop: (() => Promise<void>) | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const setLive = (live: boolean) => subscribers.forEach((s) => s.setLive(live));

  const retry = () => {
    if (closed) return;
    timer = setTimeout(() => void start(), RETRY_MS);
    timer.unref();
  };
  const start = async () => {
    try {
      stop = await db.listen(
        CHANGES_CHANNEL,
        (payload) => subscribers.forEach((s) => s.notice(payload)),
        (err) => {
          setLive(false);
          stop = undefined;
          log.warn({ err }, 'change notices lost; reading from the database until they are back');
          retry();
        },
      );
      if (closed) {
        await stop();
        return;
      }
      setLive(true);
    } catch (err) {
      log.warn({ err }, 'cannot listen for change notices; retrying');
      retry();
    }
  };
  await start();

  return async () => {
    closed = true;
    clearTimeout(timer);
    setLive(false);
    // The database may already be closed (shutdown order); nothing is left to stop then.
    await stop?.().catch(() => undefined);
  };
}
