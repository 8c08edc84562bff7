import { Button, Stack, Text } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { planActionLabel, type PlanOffer } from '@t0/contracts';
import { useMemo, useState } from 'react';
import { useAuth } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { ChosenPlan } from '../checkout/ChosenPlan';
import { useChosenPlan } from '../checkout/plans';
import { useGetPlan } from '../checkout/useGetPlan';

/** The paid plans an account may buy, those that add a room it does not hold first. */
export function paidChoices(plans: readonly PlanOffer[], held: ReadonlySet<string>): PlanOffer[] {
  const paid = plans.filter((p) => p.terms !== 'free');
  const adds = (p: PlanOffer) => p.rooms.some((r) => !held.has(r.slug));
  return [...paid.filter(adds), ...paid.filter((p) => !adds(p))];
}

/**
 * Billing for an account whose access needs no payment (a free plan, free days, a pass or lifetime):
 * the paid plans it may buy, and the way to its checkout. UPGRADE beside a locked signal leads here.
 */
export function BuyPlanPanel() {
  const { user } = useAuth();
  const chosen = useChosenPlan();
  const { get } = useGetPlan();
  const [starting, setStarting] = useState(false);
  const held = useMemo(() => new Set(Object.keys(user?.access ?? {})), [user?.access]);
  const choices = useMemo(() => paidChoices(chosen.choices, held), [chosen.choices, held]);
  const plan = choices.find((p) => p.key === chosen.plan?.key) ?? choices[0];
  if (!user || (!chosen.isPending && !chosen.isError && !plan)) return null;

  async function buy() {
    if (!user || !plan) return;
    setStarting(true);
    try {
      await get(user.email, plan); // the browser leaves for the checkout
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
    <Stack gap="sm" data-testid="billing-buy-plan">
      <Text fz="sm" c="dimmed">
        Buy a plan to add rooms; what you hold now stays yours.
      </Text>
      <ChosenPlan chosen={{ ...chosen, plan, choices }} label="ADD A PLAN" />
      <Button
        onClick={buy}
        disabled={starting || !plan}
        leftSection={<IconBolt size={18} aria-hidden />}
        data-testid="billing-buy-plan-go"
        style={{ alignSelf: 'flex-start' }}
      >
        {starting
          ? 'INITIALIZING ACCESS...'
          : plan && plan.terms !== 'recurring'
            ? planActionLabel(plan.terms)
            : 'SUBSCRIBE'}
      </Button>
    </Stack>
  );
}
