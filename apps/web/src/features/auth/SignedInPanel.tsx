import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconBolt, IconLogout } from '@tabler/icons-react';
import { planActionLabel, type User } from '@t0/contracts';
import { useState } from 'react';
import { logout } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { ChosenPlan } from '../checkout/ChosenPlan';
import type { useChosenPlan } from '../checkout/plans';
import { useGetPlan } from '../checkout/useGetPlan';

/** A signed-in account without access: the chosen plan (the default one unless another was chosen) and the way to get it. */
export function SignedInPanel({ user, chosen }: { user: User; chosen: ReturnType<typeof useChosenPlan> }) {
  const { get } = useGetPlan();
  const [starting, setStarting] = useState(false);
  const plan = chosen.plan;
  const free = plan?.terms === 'free';
  async function activate() {
    setStarting(true);
    try {
      await get(user.email, plan);
      // A checkout: the browser is leaving; a free plan: the terminal opens.
    } catch (err) {
      setStarting(false);
      toast({
        title: free ? 'Join failed' : 'Redirect Failed',
        description: free
          ? err instanceof Error
            ? err.message
            : 'Please try again.'
          : 'Unable to redirect to payment page. Please try again.',
        variant: 'destructive',
      });
    }
  }
  return (
    <Stack gap="md" data-testid="signed-in-panel">
      <Alert variant="light" color="amber" title="SUBSCRIPTION INACTIVE">
        <Text fz="sm">
          Signed in as <b>{user.email}</b>.{' '}
          {plan ? `Get ${plan.name} to open the terminal.` : 'Choose a plan to open the terminal.'}
        </Text>
      </Alert>
      <ChosenPlan chosen={chosen} />
      <Button
        size="md"
        fullWidth
        onClick={activate}
        disabled={starting || chosen.isPending}
        leftSection={<IconBolt size={18} aria-hidden />}
      >
        {starting
          ? free
            ? 'JOINING...'
            : 'INITIALIZING ACCESS...'
          : plan && plan.terms !== 'recurring'
            ? planActionLabel(plan.terms)
            : 'ACTIVATE SUBSCRIPTION'}
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
