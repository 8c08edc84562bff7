import { Alert, Group, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { SendAdminEmailLink } from './SendAdminEmailLink';

/**
 * Shown to a signed-in account whose address is in ADMIN_EMAILS and not proven yet: it is an
 * ordinary account until the link mailed to the address is opened while signed in.
 */
export function AdminEmailNotice({ pending }: { pending: boolean | undefined }) {
  if (!pending) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconShieldLock size={18} aria-hidden />}
      title="CONFIRM YOUR ADMINISTRATOR ADDRESS"
      data-testid="admin-email-notice"
    >
      <Group justify="space-between" gap="sm">
        <Text fz="sm">
          This address is one of the desk&apos;s administrator addresses. Open the link e-mailed to it, while signed in
          here, to get administrator rights.
        </Text>
        <SendAdminEmailLink />
      </Group>
    </Alert>
  );
}
