import {
  prependNotification,
  removeSignal,
  upsertSignal,
  type LiveCacheAction,
  type SignalView,
  type UserNotification,
} from '@t0/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { AUTH_USER_KEY, recoverFromAuthError } from '../auth';
import { toast } from '../toast';
import type { useTRPC } from '../trpc';
import { markFreshSignal } from './highlight';

type Trpc = ReturnType<typeof useTRPC>;

/**
 * A read of this key still on its way began before the event, so its answer is older than the
 * event: it is cancelled (synchronously; the cache keeps what it had), and the caller fetches again
 * or sets the exact value. Without this, a first load in flight (no data yet) is not cancelled by
 * a refetch but joined, and its older answer overwrites the event. Answers whether one was cancelled.
 */
function dropStaleRead(qc: QueryClient, queryKey: QueryKey): boolean {
  if (qc.isFetching({ queryKey }) === 0) return false;
  void qc.cancelQueries({ queryKey });
  return true;
}

/** One more unread, or a fresh read when the count is unknown or was on its way. */
function countOneMore(qc: QueryClient, trpc: Trpc): void {
  const countKey = trpc.userNotifications.unreadCount.queryKey();
  if (dropStaleRead(qc, countKey) || !qc.getQueryData(countKey)) void qc.invalidateQueries({ queryKey: countKey });
  else qc.setQueryData<{ count: number }>(countKey, (c) => (c ? { count: c.count + 1 } : c));
}

function refreshAdminNotifications(qc: QueryClient, trpc: Trpc): void {
  void qc.invalidateQueries({ queryKey: trpc.notifications.list.queryKey() });
  void qc.invalidateQueries({ queryKey: trpc.notifications.stats.queryKey() });
  void qc.invalidateQueries({ queryKey: trpc.admin.emailDeliveries.queryKey() });
  void qc.invalidateQueries({ queryKey: trpc.admin.emailSummary.queryKey() });
}

/** Applies one event's action to the query cache. */
export function applyLiveAction(qc: QueryClient, trpc: Trpc, action: LiveCacheAction, isAdmin: boolean) {
  switch (action.kind) {
    case 'signal.upsert': {
      const signal = action.signal as unknown as SignalView;
      const key = trpc.signals.list.queryKey();
      const known = qc.getQueryData<SignalView[]>(key)?.some((s) => s.id === signal.id) ?? false;
      // A list answer still on its way was read before this event: it is fetched again, not kept.
      const stale = dropStaleRead(qc, key);
      qc.setQueryData<SignalView[]>(key, (list) => upsertSignal(list, signal));
      if (stale) void qc.invalidateQueries({ queryKey: key });
      if (action.created && !known) {
        markFreshSignal(signal.id);
        toast({
          title: `NEW SIGNAL: ${signal.instrument}${signal.direction ? ` ${signal.direction.toUpperCase()}` : ''}`,
          description: 'Published just now',
        });
      }
      if (isAdmin) void qc.invalidateQueries({ queryKey: trpc.notifications.list.queryKey() });
      break;
    }
    case 'signal.remove': {
      const key = trpc.signals.list.queryKey();
      const stale = dropStaleRead(qc, key);
      qc.setQueryData<SignalView[]>(key, (list) => removeSignal(list, action.id));
      if (stale) void qc.invalidateQueries({ queryKey: key });
      break;
    }
    case 'notification.add': {
      // A broadcast's whole item (the same for everyone): added without a refetch.
      const listKey = trpc.userNotifications.list.queryKey();
      const known = qc.getQueryData<UserNotification[]>(listKey)?.some((n) => n.id === action.item.id) ?? false;
      const staleList = dropStaleRead(qc, listKey);
      qc.setQueryData<UserNotification[]>(listKey, (list) =>
        list ? prependNotification(list, action.item as unknown as UserNotification) : list,
      );
      if (staleList) void qc.invalidateQueries({ queryKey: listKey });
      // One more unread until the exact count (sent right after) arrives.
      if (!known && !action.item.isRead) countOneMore(qc, trpc);
      if (isAdmin) refreshAdminNotifications(qc, trpc);
      break;
    }
    case 'notification.new':
      countOneMore(qc, trpc);
      void qc.invalidateQueries({ queryKey: trpc.userNotifications.list.queryKey() });
      if (isAdmin) refreshAdminNotifications(qc, trpc);
      break;
    case 'unread.set': {
      // The exact count now: an older read on its way must not overwrite it.
      const countKey = trpc.userNotifications.unreadCount.queryKey();
      dropStaleRead(qc, countKey);
      qc.setQueryData(countKey, { count: action.count });
      break;
    }
    case 'prices.set': {
      const key = trpc.prices.live.queryKey();
      dropStaleRead(qc, key);
      qc.setQueryData(key, action.prices as never);
      break;
    }
    case 'content.invalidate': {
      const keys = {
        memo: trpc.chartMemos.list.queryKey(),
        'chart-note': trpc.chartNotes.list.queryKey(),
        blog: trpc.blog.pathKey(),
        resource: trpc.resources.list.queryKey(),
        candles: trpc.candles.pathKey(),
      } as const;
      void qc.invalidateQueries({ queryKey: keys[action.content] });
      break;
    }
    case 'account.refetch':
      void qc.refetchQueries({ queryKey: AUTH_USER_KEY });
      // The rooms held changed (a plan change, a cancellation, a pass that ran out): what the lists
      // show of each room's open items changes with them, and so does Billing (a change Stripe's
      // webhook confirmed).
      for (const queryKey of [
        trpc.signals.list.queryKey(),
        trpc.chartMemos.list.queryKey(),
        trpc.chartNotes.list.queryKey(),
        trpc.billing.summary.queryKey(),
      ])
        void qc.invalidateQueries({ queryKey });
      if (isAdmin) void qc.invalidateQueries({ queryKey: trpc.admin.pathKey() });
      break;
    case 'price-alert.fired':
      toast({ title: `PRICE ALERT: ${action.title}`, description: action.note || `Price ${action.price}` });
      void qc.invalidateQueries({ queryKey: trpc.priceAlerts.list.queryKey() });
      break;
    case 'messages.invalidate':
      void qc.invalidateQueries({ queryKey: trpc.messages.pathKey() });
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
