import { Badge } from '@mantine/core';
import { notificationLabel, type DirectionSignal } from '@t0/contracts';
import { DirectionBadge } from '../../components/DirectionBadge';

/** LONG / SHORT / SIGNAL for a signal notification; its type (INFO, ALERT, …) for any other. */
export function NotificationLabel({
  notification,
  signals,
}: {
  notification: { type: string; title: string; message: string; createdAt: string; locked?: boolean };
  signals: readonly DirectionSignal[];
}) {
  // A notice of an open signal the viewer's plan does not include: its direction is withheld.
  if (notification.locked) return <DirectionBadge direction={null} locked size="xs" />;
  const label = notificationLabel(notification, signals);
  if (label.kind === 'direction') return <DirectionBadge direction={label.direction} size="xs" />;
  return (
    <Badge
      variant="outline"
      color="gray"
      size="xs"
      radius="xs"
      data-type={label.text}
      styles={{ root: { fontFamily: 'var(--t0-font-mono)', letterSpacing: '0.06em', flexShrink: 0 } }}
    >
      {label.text}
    </Badge>
  );
}
