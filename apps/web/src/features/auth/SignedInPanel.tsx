import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconBolt, IconLogout } from '@tabler/icons-react';
import type { User } from '@t0/contracts';
import { useState } from 'react';
import { logout } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { PlanPrice } from '../checkout/PlanPrice';
import { useStartCheckout } from '../checkout/useStartCheckout';

/** A signed-in account without a subscription: the way to activate it. */
export function SignedInPanel({ user }: { user: User }) {
  const { start } = useStartCheckout();
  const [starting, setStarting] = useState(false);
  async function activate() {
    setStarting(true);
    try {
      await start(user.email, 'monthly');
    } catch {
      setStarting(false);
      toast({
        title: 'Redirect Failed',
        description: 'Unable to redirect to payment page. Please try again.',
        variant: 'destructive',
      });
    }
  }
  return (
    <Stack gap="md" data-testid="signed-in-panel">
      <Alert variant="light" color="amber" title="SUBSCRIPTION INACTIVE">
        <Text fz="sm">
          Signed in as <b>{user.email}</b>. Activate the monthly plan to open the terminal.
        </Text>
      </Alert>
      <PlanPrice compact />
      <Button
        size="md"
        fullWidth
        onClick={activate}
        disabled={starting}
        leftSection={<IconBolt size={18} aria-hidden />}
      >
        {starting ? 'INITIALIZING ACCESS...' : 'ACTIVATE SUBSCRIPTION'}
      </Button>
      <Group justify="center">
        <Button
          variant="subtle"
          color="gray"
          size="xs"
          leftSection={<IconLogout size={14} aria-hidden />}
          onClick={logout}
        >
          LOG OUT
        </Button>
      </Group>
    </Stack>
  );
}
