import { Badge } from '@mantine/core';
import { SUBSCRIBER_STATUS_LABELS, type SubscriberStatus } from '@t0/contracts';

const COLORS: Record<SubscriberStatus, string> = {
  active: 'green',
  free: 'teal',
  past_due: 'yellow',
  cancelling: 'orange',
  ended: 'red',
  none: 'gray',
};

/** A subscriber's standing in words (colour is not the only signal). */
export function StatusLabel({ status }: { status: SubscriberStatus }) {
  return (
    <Badge variant="light" radius="xs" size="sm" color={COLORS[status]} data-testid="user-status">
      {SUBSCRIBER_STATUS_LABELS[status]}
    </Badge>
  );
}
