import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** The plans and prices (GET /api/plans): Stripe's Price, or the server's settings. */
export function usePlans() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.billing.plans.queryOptions(), staleTime: 10 * 60 * 1000 });
}

/**
 * The price of access, shown before paying: the monthly plan (and the yearly one when offered),
 * "cancel at any time", and a test-mode note when no real payment is taken. Shows nothing when no
 * price is known, so the page around it still works.
 */
export function PlanPrice({ compact = false }: { compact?: boolean }) {
  const plans = usePlans();
  if (plans.isPending) return <Skeleton h={compact ? 40 : 64} radius="xs" aria-hidden />;
  const list = plans.data?.plans ?? [];
  const monthly = list.find((p) => p.plan === 'monthly');
  if (!monthly) return null;
  const yearly = list.find((p) => p.plan === 'yearly');
  return (
    <Paper withBorder p={compact ? 'xs' : 'sm'} bg="var(--t0-surface-2)" data-testid="plan-price" aria-label="Price">
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        <Stack gap={0}>
          <Text className="t0-label" fz="xs">
            MONTHLY PLAN
          </Text>
          <Text ff="monospace" fw={700} fz={compact ? 'lg' : 'xl'} className="t0-num">
            {monthly.label}
          </Text>
        </Stack>
        <Stack gap={0}>
          {yearly && (
            <Text fz="xs" c="dimmed" ff="monospace">
              or {yearly.label}
            </Text>
          )}
          <Text fz="xs" c="dimmed">
            Cancel at any time
          </Text>
          {plans.data?.testMode && (
            <Text fz="xs" c="var(--t0-warn)" fw={600}>
              TEST MODE: no real payment
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
