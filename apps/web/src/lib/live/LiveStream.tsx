import { liveCacheAction, liveConnection, liveRetryDelay, LIVE_SILENCE_MS, parseLiveEvent } from '@t0/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { AUTH_USER_KEY, authUserQuery, recoverFromAuthError, SESSION_EXPIRED, useAuth } from '../auth';
import { isUnauthorized } from '../errors';
import { toast } from '../toast';
import { useTRPC, useTRPCClient } from '../trpc';
import { onStreamActivity } from './event-source';
import { mutationsSettled } from './mutations-settled';
import { applyLiveAction } from './apply-action';
import { setLiveConnection } from './store';

/**
 * One live stream per tab while signed in: events update the cache, the connection's state
 * decides whether queries poll. Reopened with the last event id, so nothing is missed.
 */
export function LiveStream({ onSessionEnded }: { onSessionEnded?: () => void } = {}) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const isAdmin = !!user?.isAdmin;
  const trpc = useTRPC();
  const client = useTRPCClient();
  const qc = useQueryClient();
  // Read when the session ends, so a new callback each render does not reopen the stream.
  const endedRef = useRef(onSessionEnded);
  endedRef.current = onSessionEnded;

  useEffect(() => {
    if (userId === null) {
      setLiveConnection('polling');
      return;
    }
    let lastEventId: string | undefined;
    let sub: { unsubscribe: () => void } | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let everConnected = false;
    let transport: 'idle' | 'connecting' | 'pending' = 'connecting';
    let downSince = Date.now();
    let refused = false;
    let lastActivity = Date.now();
    let stopped = false;

    const update = () =>
      setLiveConnection(liveConnection({ state: transport, everConnected, downSince, now: Date.now(), refused }));
    const down = () => {
      if (transport === 'pending') downSince = Date.now();
      transport = 'connecting';
      update();
    };
    const reopen = () => {
      sub?.unsubscribe();
      sub = null;
      down();
      clearTimeout(retry);
      attempts += 1;
      retry = setTimeout(open, liveRetryDelay(attempts));
    };
    onStreamActivity(() => {
      lastActivity = Date.now();
    });
    let disposed = false;
    // The session this stream was opened with has ended. This tab may already hold a new one (its
    // own password change replaces it): once the tab's own requests have answered (the change's
    // answer carries the new session), the server says who it is before anyone is signed out.
    const sessionEnded = () => {
      void mutationsSettled(qc)
        .then(() => qc.fetchQuery({ ...authUserQuery(client), staleTime: 0 }))
        .then(
          (me) => {
            if (disposed) return;
            if (me && me.id === userId) {
              stopped = false;
              attempts = 0;
              open();
              return;
            }
            toast({ ...SESSION_EXPIRED, variant: 'destructive' });
            recoverFromAuthError(qc);
            // To /auth, as a 401 in the console does.
            endedRef.current?.();
          },
          () => recoverFromAuthError(qc),
        );
    };
    const open = () => {
      if (stopped) return;
      lastActivity = Date.now();
      sub = client.live.events.subscribe(lastEventId ? { lastEventId } : undefined, {
        onConnectionStateChange: (s) => {
          if (s.state === 'pending') {
            transport = 'pending';
            everConnected = true;
            refused = false;
            attempts = 0;
            update();
          } else down();
        },
        onData: (value) => {
          lastActivity = Date.now();
          const event = parseLiveEvent(value);
          if (!event) return;
          if (event.id) lastEventId = event.id;
          const action = liveCacheAction(event);
          if (action.kind === 'session.end') {
            stopped = true;
            sub?.unsubscribe();
            sub = null;
            sessionEnded();
            return;
          }
          applyLiveAction(qc, trpc, action, isAdmin);
        },
        onError: (error) => {
          if (isUnauthorized(error)) {
            stopped = true;
            sub?.unsubscribe();
            sub = null;
            // Refused as signed out: the same check as an ended session.
            if (qc.getQueryData(AUTH_USER_KEY)) sessionEnded();
            return;
          }
          refused = true;
          reopen();
        },
        onComplete: () => {
          if (!stopped) reopen();
        },
      });
    };
    open();
    // The state moves to POLLING after the grace, and a silent stream is reopened.
    const tick = setInterval(() => {
      if (transport === 'pending' && Date.now() - lastActivity > LIVE_SILENCE_MS) reopen();
      else update();
    }, 1000);
    return () => {
      stopped = true;
      disposed = true;
      clearInterval(tick);
      clearTimeout(retry);
      sub?.unsubscribe();
      onStreamActivity(() => {});
    };
  }, [userId, isAdmin, client, trpc, qc]);

  return null;
}
