import {
  inferNotificationDirection,
  type DirectionNotification,
  type DirectionSignal,
  type NotificationDirection,
} from '../signals/direction';

// The badge in front of a notification in the terminal's popover: only signal notifications carry
// a trade direction (LONG / SHORT / SIGNAL); an info broadcast or a warning is labelled
// by its type, never as a signal.

export type NotificationLabel =
  { kind: 'direction'; direction: NotificationDirection } | { kind: 'type'; text: string };

export function notificationLabel(
  notification: DirectionNotification & { type: string },
  signals: readonly DirectionSignal[] = [],
): NotificationLabel {
  if (notification.type.trim().toLowerCase() === 'signal') {
    return { kind: 'direction', direction: inferNotificationDirection(notification, signals) };
  }
  return { kind: 'type', text: notification.type.trim().toUpperCase() || 'INFO' };
}
