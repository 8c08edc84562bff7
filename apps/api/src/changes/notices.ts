import { randomBytes } from 'node:crypto';
import type { DbHandle } from '@t0/db';
import type { FastifyBaseLogger } from 'fastify';

/** The NOTIFY channel of the database's change triggers (migration 20260120000000_change_notices). */
export const CHANGES_CHANNEL = 't0_changes';

const RETRY_MS = 1_000;
/** PostgreSQL: how often the listener sends itself a heartbeat notice, and how long without one means it is dead. */
export const HEARTBEAT_MS = 2_000;
export const SILENT_AFTER_MS = 5_000;

/** Something kept in memory that the change notices keep true. */
export interface ChangeSubscriber {
  notice(payload: string): void;
  /** False when notices may have been missed: forget everything and stop answering from memory. */
  setLive(live: boolean): void;
}

/**
 * LISTENs for the triggers' notices and hands each to every subscriber. When the listening
 * connection is lost the subscribers stop answering from memory (and forget) until listening
 * again, retried every second. On PostgreSQL the listener also sends itself `hb:<pid>-<id>` every
 * 2 s; when none has come back for 5 s (a hung server or a half-open connection that never says it
 * broke) it counts as lost the same way. Answers a function that stops listening.
 */
export async function listenForChanges(
  db: DbHandle,
  subscribers: ChangeSubscriber[],
  log: FastifyBaseLogger,
  opts: { heartbeatMs?: number; silentAfterMs?: number } = {},
): Promise<() => Promise<void>> {
  let stop: (() => Promise<void>) | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const setLive = (live: boolean) => subscribers.forEach((s) => s.setLive(live));
  const beat = `hb:${process.pid}-${randomBytes(4).toString('hex')}`;
  let lastBeat = Date.now();
  const silentAfter = opts.silentAfterMs ?? SILENT_AFTER_MS;

  let heartbeat: NodeJS.Timeout | undefined;
  if (db.kind === 'pg') {
    heartbeat = setInterval(() => {
      if (!stop) return;
      if (Date.now() - lastBeat > silentAfter) {
        const dead = stop;
        stop = undefined;
        setLive(false);
        log.warn('change notices silent (no heartbeat); reading from the database until they are back');
        void dead().catch(() => undefined);
        retry();
        return;
      }
      db.executeSql(`notify ${CHANGES_CHANNEL}, '${beat}'`).catch(() => undefined);
    }, opts.heartbeatMs ?? HEARTBEAT_MS);
    heartbeat.unref();
  }

  const retry = () => {
    if (closed) return;
    timer = setTimeout(() => void start(), RETRY_MS);
    timer.unref();
  };
  const start = async () => {
    try {
      stop = await db.listen(
        CHANGES_CHANNEL,
        (payload) => {
          // Heartbeats (ours and other processes') are not changes.
          if (payload.startsWith('hb:')) {
            if (payload === beat) lastBeat = Date.now();
            return;
          }
          subscribers.forEach((s) => s.notice(payload));
        },
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
      lastBeat = Date.now();
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
    clearInterval(heartbeat);
    setLive(false);
    // The database may already be closed (shutdown order); nothing is left to stop then.
    await stop?.().catch(() => undefined);
  };
}
