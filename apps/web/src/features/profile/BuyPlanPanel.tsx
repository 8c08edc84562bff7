import { Button, Stack, Text } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import type { PlanOffer, PlanTerms } from '@t0/contracts';
import { useMemo, useState } from 'react';
import { useAuth } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { ChosenPlan } from '../checkout/ChosenPlan';
import { useChosenPlan } from '../checkout/plans';
import { useGetPlan } from '../checkout/useGetPlan';
import { useProfileT } from './words';

/** The checkout button's words for a plan's terms (`planActionLabel` in English). */
const ACTION_KEYS: Record<PlanTerms, string> = {
  recurring: 'profile:buy.subscribe',
  pass: 'profile:buy.pass',
  lifetime: 'profile:buy.lifetime',
  free: 'profile:buy.free',
};

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
  const { t } = useProfileT();
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
        title: t('profile:buy.failed'),
        description: t('profile:buy.failedText'),
        variant: 'destructive',
      });
    }
  }
  return (
    <Stack gap="sm" data-testid="billing-buy-plan">
      <Text fz="sm" c="dimmed">
        {t('profile:buy.text')}
      </Text>
      <ChosenPlan chosen={{ ...chosen, plan, choices }} label={t('profile:buy.label')} />
      <Button
        onClick={buy}
        disabled={starting || !plan}
        leftSection={<IconBolt size={18} aria-hidden />}
        data-testid="billing-buy-plan-go"
        style={{ alignSelf: 'flex-start' }}
      >
        {starting ? t('profile:buy.starting') : t(ACTION_KEYS[plan?.terms ?? 'recurring'])}
      </Button>
    </Stack>
  );
}
