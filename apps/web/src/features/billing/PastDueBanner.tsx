import { Alert, Anchor } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * Shown in the terminal while the subscription is past due: the last payment failed and access
 * continues only for the grace period.
 */
export function PastDueBanner({ status }: { status: string | undefined }) {
  if (status !== 'past_due') return null;
  return (
    <Alert
      color="amber"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title="PAYMENT FAILED"
      role="alert"
      data-testid="past-due-banner"
    >
      Your last payment did not go through. Access continues for a few days only:{' '}
      <Anchor component={Link} to="/profile?section=billing" fz="sm" fw={600}>
        review billing
      </Anchor>
      .
    </Alert>
  );
}
