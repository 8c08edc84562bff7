import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconBolt, IconLogout } from '@tabler/icons-react';
import type { User } from '@t0/contracts';
import { useState } from 'react';
import { logout } from '../../lib/auth';
import { useT } from '../../lib/i18n/language';
import { toast } from '../../lib/toast';
import { ChosenPlan } from '../checkout/ChosenPlan';
import type { useChosenPlan } from '../checkout/plans';
import { useGetPlan } from '../checkout/useGetPlan';
import { planAction } from '../landing/plan-words';

/** Stands for the address in the catalogue's sentence, which is then drawn around it in bold. */
const ADDRESS = '\u0000';

/** A signed-in account without access: the chosen plan (the default one unless another was chosen) and the way to get it. */
export function SignedInPanel({ user, chosen }: { user: User; chosen: ReturnType<typeof useChosenPlan> }) {
  const { t } = useT();
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
        title: free ? t('auth:toast.joinFailed') : t('auth:toast.redirectFailed'),
        // Joining a free plan: the server's reason as it wrote it.
        description: free
          ? err instanceof Error
            ? err.message
            : t('auth:toast.tryAgain')
          : t('auth:toast.redirectFailedText'),
        variant: 'destructive',
      });
    }
  }
  const [before = '', after = ''] = t('auth:signedIn.as', { email: ADDRESS }).split(ADDRESS);
  return (
    <Stack gap="md" data-testid="signed-in-panel">
      <Alert variant="light" color="amber" title={t('auth:signedIn.title')}>
        <Text fz="sm">
          {before}
          <b dir="ltr">{user.email}</b>
          {after} {/* The plan's name is the desk's, as written. */}
          {plan ? t('auth:signedIn.getPlan', { plan: plan.name }) : t('auth:signedIn.choosePlan')}
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
            ? t('auth:signedIn.joining')
            : t('auth:signedIn.initializing')
          : plan && plan.terms !== 'recurring'
            ? planAction(plan.terms, t)
            : t('auth:signedIn.activate')}
      </Button>
      <Group justify="center">
        <Button
          variant="subtle"
          color="gray"
          size="xs"
          leftSection={<IconLogout size={14} aria-hidden />}
          onClick={logout}
        >
          {t('auth:signedIn.logout')}
        </Button>
      </Group>
    </Stack>
  );
}
