import { Badge, Button, Group, NativeSelect, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { planTermsText, type PlanOffer } from '@t0/contracts';
import { termsNote, trialText, type useChosenPlan } from './plans';

type Chosen = ReturnType<typeof useChosenPlan>;

/** "Monthly — $49.00 / month": a plan in a list of choices. */
const optionLabel = (p: PlanOffer) => `${p.name} — ${p.label}`;

/**
 * The plan being bought, shown before paying (/auth, a signed-in account without access): its name,
 * terms, price, rooms and free trial, and a list to choose another. Nothing when no plan can be
 * told, so the page around it still works.
 */
export function ChosenPlan({ chosen, label = 'YOUR PLAN' }: { chosen: Chosen; label?: string }) {
  if (chosen.isPending) return <Skeleton h={112} radius="xs" aria-hidden />;
  if (chosen.isError)
    return (
      <Paper withBorder p="sm" bg="var(--t0-surface-2)" role="alert">
        <Group justify="space-between" gap="xs">
          <Text fz="sm" c="dimmed">
            The plans could not be loaded.
          </Text>
          <Button size="compact-xs" variant="default" onClick={() => void chosen.refetch()}>
            RETRY
          </Button>
        </Group>
      </Paper>
    );
  const plan = chosen.plan;
  if (!plan) return null;
  const trial = trialText(plan);
  const terms = planTermsText(plan);
  return (
    <Paper withBorder p="sm" bg="var(--t0-surface-2)" data-testid="chosen-plan">
      <Stack gap={8}>
        <Group justify="space-between" align="center" gap="xs">
          <Text className="t0-label" fz="xs">
            {label}
          </Text>
          {trial && (
            <Badge color="terminal" variant="light" radius="xs">
              {trial}
            </Badge>
          )}
        </Group>
        <Stack gap={0}>
          <Text fw={700} data-testid="chosen-plan-name">
            {plan.name}
          </Text>
          {terms.toLowerCase() !== plan.name.toLowerCase() && (
            <Text fz="xs" c="dimmed">
              {terms}
            </Text>
          )}
        </Stack>
        <Text ff="monospace" fw={700} fz="lg" className="t0-num" data-testid="chosen-plan-price">
          {plan.label}
        </Text>
        {plan.rooms.length > 0 && (
          <Text fz="xs" c="dimmed">
            Rooms:{' '}
            <Text span fz="xs" c="var(--mantine-color-text)">
              {plan.rooms.map((r) => r.name).join(', ')}
            </Text>
          </Text>
        )}
        <Text fz="xs" c="dimmed">
          {termsNote(plan)}
        </Text>
        {chosen.testMode && plan.terms !== 'free' && (
          <Text fz="xs" c="var(--t0-warn)" fw={600}>
            TEST MODE: no real payment
          </Text>
        )}
        {chosen.choices.length > 1 && (
          <NativeSelect
            size="xs"
            label="CHANGE PLAN"
            value={plan.key}
            onChange={(e) => chosen.choose(e.currentTarget.value)}
            data={chosen.choices.map((p) => ({ value: p.key, label: optionLabel(p) }))}
          />
        )}
      </Stack>
    </Paper>
  );
}
