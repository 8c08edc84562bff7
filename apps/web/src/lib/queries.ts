import { POLL } from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isUnauthorized } from './errors';
import { useLivePoll } from './live/store';
import { useTRPC } from './trpc';

// The terminal's server data, each with the polling and caching the specification gives its call.

/**
 * Signals. The dashboard polls every 45 s (stale 20 s, one retry); other screens every 30 s.
 * Only while signed in; a 401 sends the visitor to /auth.
 */
export function useSignals({ enabled, variant }: { enabled: boolean; variant: 'dashboard' | 'default' }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const dashboard = variant === 'dashboard';
  const poll = useLivePoll(dashboard ? POLL.signalsDashboardMs : POLL.signalsMs);
  const query = useQuery(
    trpc.signals.list.queryOptions(undefined, {
      enabled,
      refetchInterval: poll,
      staleTime: dashboard ? POLL.signalsDashboardStaleMs : 0,
      retry: dashboard ? (count, error) => !isUnauthorized(error) && count < 1 : false,
    }),
  );
  const unauthorized = query.isError && isUnauthorized(query.error);
  useEffect(() => {
    if (unauthorized) void navigate('/auth', { replace: true });
  }, [unauthorized, navigate]);
  return query;
}

/** Analysis memos: stale 30 s, no retry, only while signed in. */
export function useChartMemos(enabled: boolean) {
  const trpc = useTRPC();
  return useQuery(
    trpc.chartMemos.list.queryOptions(undefined, { enabled, staleTime: POLL.chartMemosStaleMs, retry: false }),
  );
}

/** Timeframe notes: stale 30 s. */
export function useChartNotes(enabled: boolean) {
  const trpc = useTRPC();
  return useQuery(trpc.chartNotes.list.queryOptions(undefined, { enabled, staleTime: POLL.chartNotesStaleMs }));
}

/** Published blog posts: stale 60 s, two retries. */
export function useBlogPosts() {
  const trpc = useTRPC();
  return useQuery(trpc.blog.list.queryOptions(undefined, { staleTime: POLL.blogStaleMs, retry: 2 }));
}

/** Downloadable resources: stale 60 s, no retry. */
export function useResources(enabled: boolean) {
  const trpc = useTRPC();
  return useQuery(
    trpc.resources.list.queryOptions(undefined, { enabled, staleTime: POLL.resourcesStaleMs, retry: false }),
  );
}

/** The signed-in user's notifications, every 30 s. */
export function useUserNotifications(enabled: boolean) {
  const trpc = useTRPC();
  const poll = useLivePoll(POLL.notificationsMs);
  return useQuery(trpc.userNotifications.list.queryOptions(undefined, { enabled, refetchInterval: poll }));
}

/** The unread count ({ count }), every 5 s. */
export function useUnreadCount(enabled: boolean) {
  const trpc = useTRPC();
  const poll = useLivePoll(POLL.unreadCountMs);
  return useQuery(trpc.userNotifications.unreadCount.queryOptions(undefined, { enabled, refetchInterval: poll }));
}

/** Mark read / unread / all read; each refetches the list and the unread count afterwards. */
export function useNotificationActions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.userNotifications.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.userNotifications.unreadCount.queryKey() }),
    ]);
  const markRead = useMutation(trpc.userNotifications.markRead.mutationOptions({ onSettled: refresh }));
  const markUnread = useMutation(trpc.userNotifications.markUnread.mutationOptions({ onSettled: refresh }));
  const markAllRead = useMutation(trpc.userNotifications.markAllRead.mutationOptions({ onSettled: refresh }));
  return { markRead, markUnread, markAllRead };
}
