import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useNotificationActions } from '../../lib/queries';
import { useNotificationsT } from './words';

/** Mark read / unread / all read with the spec's success and failure toasts. */
export function useNotificationCommands() {
  const { t } = useNotificationsT();
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
              title: t('notifications:toast.read'),
              description: t('notifications:toast.readText'),
            }),
          onError: (err) =>
            toast({
              title: t('notifications:toast.readFailed'),
              description: errorMessage(err, t('notifications:toast.retry')),
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
              title: t('notifications:toast.unread'),
              description: t('notifications:toast.unreadText'),
            }),
          onError: (err) =>
            toast({
              title: t('notifications:toast.unreadFailed'),
              description: errorMessage(err, t('notifications:toast.retry')),
              variant: 'destructive',
            }),
        },
      ),
    markAllRead: () =>
      markAllRead.mutate(undefined, {
        onSuccess: () =>
          toast({ title: t('notifications:toast.allRead'), description: t('notifications:toast.allReadText') }),
        onError: (err) =>
          toast({
            title: t('notifications:toast.readFailed'),
            description: errorMessage(err, t('notifications:toast.retry')),
            variant: 'destructive',
          }),
      }),
  };
}
