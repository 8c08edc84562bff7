import { Badge, Box, Button, Card, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { planTermsText, type PlanOffer } from '@t0/contracts';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n/language';
import { choosePlanPath, usePlans } from '../checkout/plans';
import classes from './landing.module.css';
import { planAction, planNote, planPrice, planTerms, planTrial } from './plan-words';

/** One plan: its name and terms, its price, the rooms it opens, and the way to get it. */
function PlanCard({ plan }: { plan: PlanOffer }) {
  const { t } = useT();
  const trial = planTrial(plan, t);
  const free = plan.terms === 'free';
  const { amount, per } = planPrice(plan, t);
  // The terms are left out when they only repeat the plan's name (a plan named "Monthly"), as in English.
  const terms = planTermsText(plan).toLowerCase() === plan.name.toLowerCase() ? null : planTerms(plan, t);
  const action = planAction(plan.terms, t);
  return (
    <Card
      p="lg"
      bg="var(--t0-surface-1)"
      bd="1px solid var(--t0-border)"
      className={classes.card}
      component="article"
      aria-labelledby={`plan-${plan.key}`}
      data-testid="plan-card"
      data-plan={plan.key}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={2} miw={0}>
            <Title order={3} fz="lg" id={`plan-${plan.key}`}>
              {plan.name.toUpperCase()}
            </Title>
            {terms && (
              <Text fz="xs" c="dimmed">
                {terms}
              </Text>
            )}
          </Stack>
          {trial && (
            <Badge color="terminal" variant="light" radius="xs" style={{ flexShrink: 0 }}>
              {trial}
            </Badge>
          )}
        </Group>
        {/* The amount reads left to right; its unit follows it in the page's direction ("/ شهر" on its left in Arabic). */}
        <Text ff="monospace" data-testid="plan-price">
          <Text span ff="monospace" fw={700} fz={28} lh={1.2} className="t0-num">
            {amount}
          </Text>
          {per && (
            <>
              {' '}
              <Text span ff="monospace" fz="sm" c="dimmed">
                {per}
              </Text>
            </>
          )}
        </Text>
        {plan.description && (
          <Text className="t0-prose" c="dimmed" fz="sm">
            {plan.description}
          </Text>
        )}
        <Box>
          <Text className="t0-label" fz="xs" mb={4}>
            {plan.rooms.length === 1 ? t('landing:plans.room') : t('landing:plans.rooms')}
          </Text>
          <List size="sm" spacing={2} listStyleType="'▸ '" data-testid="plan-rooms">
            {plan.rooms.map((r) => (
              <List.Item key={r.slug}>{r.name}</List.Item>
            ))}
          </List>
        </Box>
        <Text fz="xs" c="dimmed" mt="auto">
          {planNote(plan, t)}
        </Text>
        <Button
          component={Link}
          to={choosePlanPath(plan.key)}
          fullWidth
          variant={free ? 'default' : 'filled'}
          rightSection={<IconArrowRight size={16} aria-hidden />}
          aria-label={`${action}: ${plan.name}`}
        >
          {action}
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * The plans anyone may choose (#plans), each with its rooms, price and call to action; the choice
 * goes on to /auth (register, or sign in) and from there to checkout, or straight into a free plan.
 */
export function PlansSection() {
  const { t } = useT();
  const plans = usePlans();
  const list = plans.data?.plans ?? [];
  let body;
  if (plans.isPending) {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-hidden>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={300} radius="xs" />
        ))}
      </SimpleGrid>
    );
  } else if (plans.isError) {
    body = (
      <Group gap="sm" role="alert">
        <Text c="dimmed">{t('landing:plans.loadFailed')}</Text>
        <Button size="xs" variant="default" onClick={() => void plans.refetch()}>
          {t('landing:plans.retry')}
        </Button>
      </Group>
    );
  } else if (list.length === 0) {
    body = <Text c="dimmed">{t('landing:plans.none')}</Text>;
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: Math.min(3, list.length) }} spacing="md">
        {list.map((p) => (
          <PlanCard key={p.key} plan={p} />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Box component="section" id="plans" className={`${classes.section} t0-near-screen`} aria-labelledby="plans-title">
      <div className={classes.container}>
        <Stack gap={4} mb="xl">
          <Text className="t0-label">{t('landing:plans.label')}</Text>
          <Title id="plans-title" order={2}>
            {t('landing:plans.title')}
          </Title>
          <Text className="t0-prose" c="dimmed" maw={640}>
            {t('landing:plans.lead')}
          </Text>
          {plans.data?.testMode && (
            <Text fz="xs" c="var(--t0-warn)" fw={600}>
              {t('landing:plans.testMode')}
            </Text>
          )}
        </Stack>
        {body}
      </div>
    </Box>
  );
}
