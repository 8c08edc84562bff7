import { liveCacheAction, liveConnection, liveRetryDelay, LIVE_SILENCE_MS, parseLiveEvent, prependNotification, removeSignal, upsertSignal, type LiveCacheAction, type SignalView, type UserNotification } from '@t0/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { AUTH_USER_KEY, authUserQuery, recoverFromAuthError, SESSION_EXPIRED, useAuth } from '../auth';
import { isUnauthorized } from '../errors';
import { toast } from '../toast';
import { useTRPC, useTRPCClient } from '../trpc';
import { onStreamActivity } from './event-source';
import { markFreshSignal } from './highlight';
import { setLiveConnection } from './store';

type Trpc = ReturnType<typeof useTRPC>;

/** Applies one event's action to the query cache. */
export function applyLiveAction(qc: QueryClient, trpc: Trpc, action: LiveCacheAction, isAdmin: boolean) {
  switch (action.kind) {
    case 'signal.upsert': {
      const signal = action.signal as unknown as SignalView;
      const key = trpc.signals.list.queryKey();
      const known = qc.getQueryData<SignalView[]>(key)?.some((s) => s.id === signal.id) ?? false;
      // A list answer still on its way was read before this event: it is fetched again, not kept.
      const inFlight = qc.isFetching({ queryKey: key }) > 0;
      qc.setQueryData<SignalView[]>(key, (list) => upsertSignal(list, signal));
      if (inFlight) void qc.invalidateQueries({ queryKey: key });
      if (action.created && !known) {
        markFreshSignal(signal.id);
        toast({ title: `NEW SIGNAL: ${signal.instrument} ${signal.direction.toUpperCase()}`, description: 'Published just now' });
      }
      if (isAdmin) void qc.invalidateQueries({ queryKey: trpc.notifications.list.queryKey() });
      break;
    }
    case 'signal.remove':
      qc.setQueryData<SignalView[]>(trpc.signals.list.queryKey(), (list) => removeSignal(list, action.id));
      break;
    case 'notification.add': {
      // A broadcast's whole item (the same for everyone): added without a refetch.
      const listKey = trpc.userNotifications.list.queryKey();
      const known = qc.getQueryData<UserNotification[]>(listKey)?.some((n) => n.id === action.item.id) ?? false;
      qc.setQueryData<UserNotification[]>(listKey, (list) => (list ? prependNotification(list, action.item as unknown as UserNotification) : list));
      // One more unread until the exact count (sent right after) arrives, as for notification.new.
      const countKey = trpc.userNotifications.unreadCount.queryKey();
      if (!known && !action.item.isRead) {
        if (qc.isFetching({ queryKey: countKey }) > 0 || !qc.getQueryData(countKey)) void qc.invalidateQueries({ queryKey: countKey });
        else qc.setQueryData<{ count: number }>(countKey, (c) => (c ? { count: c.count + 1 } : c));
      }
      if (isAdmin) {
        void qc.invalidateQueries({ queryKey: trpc.notifications.list.queryKey() });
        void qc.invalidateQueries({ queryKey: trpc.notifications.stats.queryKey() });
        void qc.invalidateQueries({ queryKey: trpc.admin.emailDeliveries.queryKey() });
        void qc.invalidateQueries({ queryKey: trpc.admin.emailSummary.queryKey() });
      }
      break;
    }
    case 'notification.new':
    {
      // One more unread; a count still on its way (or none yet) is fetched again instead.
      const countKey = trpc.userNotifications.unreadCount.queryKey();
      if (qc.isFetching({ queryKey: countKey }) > 0 || !qc.getQueryData(countKey)) void qc.invalidateQueries({ queryKey: countKey });
      else qc.setQueryData<{ count: number }>(countKey, (c) => (c ? { count: c.count + 1 } : c));
    }
      void qc.invalidateQueries({ queryKey: trpc.userNotifications.list.queryKey() });
      if (isAdmin) {
        void qc.invalidateQueries({ queryKey: trpc.notifications.list.queryKey() });
        void qc.invalidateQueries({ queryKey: trpc.notifications.stats.queryKey() });
        void qc.invalidateQueries({ queryKey: trpc.admin.emailDeliveries.queryKey() });
        void qc.invalidateQueries({ queryKey: trpc.admin.emailSummary.queryKey() });
      }
      break;
    case 'unread.set':
      qc.setQueryData(trpc.userNotifications.unreadCount.queryKey(), { count: action.count });
      break;
    case 'prices.set':
      qc.setQueryData(trpc.prices.live.queryKey(), action.prices as never);
      break;
    case 'content.invalidate': {
      const keys = {
        memo: trpc.chartMemos.list.queryKey(),
        'chart-note': trpc.chartNotes.list.queryKey(),
        blog: trpc.blog.pathKey(),
        resource: trpc.resources.list.queryKey(),
      } as const;
      void qc.invalidateQueries({ queryKey: keys[action.content] });
      break;
    }
    case 'account.refetch':
      void qc.refetchQueries({ queryKey: AUTH_USER_KEY });
      if (isAdmin) void qc.invalidateQueries({ queryKey: trpc.admin.pathKey() });
      break;
    case 'session.end':
      recoverFromAuthError(qc);
      break;
    case 'resync':
      void qc.invalidateQueries();
      break;
    case 'ignore':
      break;
  }
}

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

    const update = () => setLiveConnection(liveConnection({ state: transport, everConnected, downSince, now: Date.now(), refused }));
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
    // own password change replaces it): the server says who it is before anyone is signed out.
    const sessionEnded = () => {
      void qc.fetchQuery({ ...authUserQuery(client), staleTime: 0 }).then(
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
