import { Badge, Button, Group, NativeSelect, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { planTermsText, type PlanOffer } from '@t0/contracts';
import { useT } from '../../lib/i18n/language';
import { planNote, planPrice, planPriceText, planTerms, planTrial } from '../landing/plan-words';
import type { useChosenPlan } from './plans';

type Chosen = ReturnType<typeof useChosenPlan>;
type Translate = ReturnType<typeof useT>['t'];

/** "Monthly — $49.00 / month": a plan in a list of choices (its name as the desk wrote it). */
const optionLabel = (p: PlanOffer, t: Translate) => `${p.name} — ${planPriceText(p, t)}`;

/**
 * The plan being bought, shown before paying (/auth, a signed-in account without access, the
 * profile's buy-plan panel): its name, terms, price, rooms and free trial, and a list to choose
 * another. Nothing when no plan can be told, so the page around it still works. The plan's words
 * are the landing page's (`features/landing/plan-words.ts`, in the language shown); its name and
 * rooms are the desk's and its amount is written as everywhere (Latin digits).
 */
export function ChosenPlan({ chosen, label }: { chosen: Chosen; label?: string }) {
  const { t } = useT();
  if (chosen.isPending) return <Skeleton h={112} radius="xs" aria-hidden />;
  if (chosen.isError)
    return (
      <Paper withBorder p="sm" bg="var(--t0-surface-2)" role="alert">
        <Group justify="space-between" gap="xs">
          <Text fz="sm" c="dimmed">
            {t('auth:plan.loadFailed')}
          </Text>
          <Button size="compact-xs" variant="default" onClick={() => void chosen.refetch()}>
            {t('auth:plan.retry')}
          </Button>
        </Group>
      </Paper>
    );
  const plan = chosen.plan;
  if (!plan) return null;
  const trial = planTrial(plan, t);
  // The terms are left out when they only repeat the plan's name (a plan named "Monthly"), as in English.
  const terms = planTermsText(plan).toLowerCase() === plan.name.toLowerCase() ? null : planTerms(plan, t);
  const { amount, per } = planPrice(plan, t);
  return (
    <Paper withBorder p="sm" bg="var(--t0-surface-2)" data-testid="chosen-plan">
      <Stack gap={8}>
        <Group justify="space-between" align="center" gap="xs">
          <Text className="t0-label" fz="xs">
            {label ?? t('auth:plan.label')}
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
          {terms && (
            <Text fz="xs" c="dimmed">
              {terms}
            </Text>
          )}
        </Stack>
        {/* The amount reads left to right; its unit follows it in the page's direction. */}
        <Text ff="monospace" fw={700} fz="lg" data-testid="chosen-plan-price">
          <Text span inherit className={plan.terms === 'free' ? undefined : 't0-num'}>
            {amount}
          </Text>
          {per && (
            <>
              {' '}
              <Text span inherit>
                {per}
              </Text>
            </>
          )}
        </Text>
        {plan.rooms.length > 0 && (
          <Text fz="xs" c="dimmed">
            {t('auth:plan.rooms')}{' '}
            <Text span fz="xs" c="var(--mantine-color-text)">
              {plan.rooms.map((r) => r.name).join(', ')}
            </Text>
          </Text>
        )}
        <Text fz="xs" c="dimmed">
          {planNote(plan, t)}
        </Text>
        {chosen.testMode && plan.terms !== 'free' && (
          <Text fz="xs" c="var(--t0-warn)" fw={600}>
            {t('auth:plan.testMode')}
          </Text>
        )}
        {chosen.choices.length > 1 && (
          <NativeSelect
            size="xs"
            label={t('auth:plan.change')}
            value={plan.key}
            onChange={(e) => chosen.choose(e.currentTarget.value)}
            data={chosen.choices.map((p) => ({ value: p.key, label: optionLabel(p, t) }))}
          />
        )}
      </Stack>
    </Paper>
  );
}
