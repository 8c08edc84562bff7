import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useNotificationActions } from '../../lib/queries';

/** Mark read / unread / all read with the spec's toasts (spec 2 §8). */
export function useNotificationCommands() {
  const { markRead, markUnread, markAllRead } = useNotificationActions();
  return {
    pending: markRead.isPending || markUnread.isPending || markAllRead.isPending,
    markAllPending: markAllRead.isPending,
    markRead: (id: number) =>
      markRead.mutate(
        { id },
        {
          onSuccess: () =>
            toast({
              title: 'Notification marked as read',
              description: 'Alert has been processed and moved to archive.',
            }),
          onError: (err) =>
            toast({
              title: 'Failed to mark as read',
              description: errorMessage(err, 'Please try again.'),
              variant: 'destructive',
            }),
        },
      ),
    markUnread: (id: number) =>
      markUnread.mutate(
        { id },
        {
          onSuccess: () =>
            toast({
              title: 'Notification marked as unread',
              description: 'Alert has been moved back to active status.',
            }),
          onError: (err) =>
            toast({
              title: 'Failed to mark as unread',
              description: errorMessage(err, 'Please try again.'),
              variant: 'destructive',
            }),
        },
      ),
    markAllRead: () =>
      markAllRead.mutate(undefined, {
        onSuccess: () =>
          toast({ title: 'All notifications marked as read', description: 'Your notification center is now clear.' }),
        onError: (err) =>
          toast({
            title: 'Failed to mark as read',
            description: errorMessage(err, 'Please try again.'),
            variant: 'destructive',
          }),
      }),
  };
}
