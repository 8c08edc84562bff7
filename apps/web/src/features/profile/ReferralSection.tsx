import { Alert, Badge, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatAmount, type Earnings } from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { Section } from '../../components/Section';
import { errorMessage } from '../../lib/errors';
import { useDates } from '../../lib/time-zone';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useProfileT } from './words';

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Paper p="sm" className="t0-surface" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} ff="monospace">
        {value}
      </Text>
    </Paper>
  );
}

/** Earnings of one currency: held, due, paid, taken back. */
function EarningsRow({ e }: { e: Earnings }) {
  const { t } = useProfileT();
  const currency = { currency: e.currency };
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" data-testid="referral-earnings">
      <Figure label={t('profile:referral.pending', currency)} value={formatAmount(e.pending, e.currency)} />
      <Figure label={t('profile:referral.payable', currency)} value={formatAmount(e.payable, e.currency)} />
      <Figure label={t('profile:referral.paid', currency)} value={formatAmount(e.paid, e.currency)} />
      <Figure label={t('profile:referral.clawedBack', currency)} value={formatAmount(e.clawedBack, e.currency)} />
    </SimpleGrid>
  );
}

/** Profile › REFERRAL: accept the affiliate terms, then the link, the code, the disclosure line and the figures. */
export function ReferralSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const state = useQuery(trpc.referral.state.queryOptions());
  const accept = useMutation(trpc.referral.accept.mutationOptions());
  const [agreed, setAgreed] = useState(false);
  const { t } = useProfileT();
  const dates = useDates();

  async function join() {
    if (!state.data) return;
    try {
      const next = await accept.mutateAsync({ disclosure: state.data.currentDisclosure });
      queryClient.setQueryData(trpc.referral.state.queryKey(), next);
      toast({ title: t('profile:referral.joined'), description: t('profile:referral.joinedText') });
    } catch (err) {
      toast({
        title: t('profile:referral.notAccepted'),
        description: errorMessage(err, t('profile:referral.tryAgain')),
        variant: 'destructive',
      });
      void state.refetch();
    }
  }

  const d = state.data;
  return (
    <Section
      title={t('profile:referral.title')}
      description={t('profile:referral.description')}
      testId="referral-section"
    >
      {state.isLoading && <LoadingSkeleton count={3} />}
      {state.isError && <ErrorPanel text={t('profile:referral.loadFailed')} onRetry={() => void state.refetch()} />}
      {d && !d.enrolled && (
        <Stack gap="md">
          <Text size="sm">
            {t('profile:referral.terms', {
              percent: d.commissionPercent,
              cookieDays: d.cookieDays,
              holdDays: d.holdDays,
            })}
          </Text>
          <Paper p="sm" className="t0-surface">
            <Text size="xs" c="dimmed">
              {t('profile:referral.disclosure')}
            </Text>
            <Text size="sm" dir="auto" data-testid="referral-disclosure">
              {d.currentDisclosure}
            </Text>
          </Paper>
          <Checkbox
            label={t('profile:referral.accept')}
            checked={agreed}
            onChange={(e) => setAgreed(e.currentTarget.checked)}
          />
          <Group>
            <Button disabled={!agreed} loading={accept.isPending} onClick={() => void join()}>
              {t('profile:referral.join')}
            </Button>
          </Group>
        </Stack>
      )}
      {d && d.enrolled && (
        <Stack gap="md">
          {d.status === 'suspended' && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title={t('profile:referral.suspended')}
            >
              {t('profile:referral.suspendedText')}
            </Alert>
          )}
          <Group gap="xs">
            <Badge color={d.status === 'suspended' ? 'red' : 'terminal'} variant="light" radius="xs">
              {d.status === 'suspended' ? t('profile:referral.suspended') : t('profile:referral.active')}
            </Badge>
            {d.termsAcceptedAt && (
              <Text size="xs" c="dimmed">
                {t('profile:referral.termsAccepted', { date: dates.dateTime(d.termsAcceptedAt) ?? '' })}
              </Text>
            )}
          </Group>
          <Group gap="xs" align="end" wrap="nowrap">
            <TextInput
              label={t('profile:referral.link')}
              value={d.link ?? ''}
              readOnly
              style={{ flex: 1, minWidth: 0 }}
              data-testid="referral-link"
            />
            <CopyButton value={d.link ?? ''} label={t('profile:referral.copyLink')} size="lg" />
          </Group>
          <Group gap="xs" align="end" wrap="nowrap">
            <TextInput
              label={t('profile:referral.code')}
              value={d.code ?? ''}
              readOnly
              w={180}
              data-testid="referral-code"
            />
            <CopyButton value={d.code ?? ''} label={t('profile:referral.copyCode')} size="lg" />
          </Group>
          <Paper p="sm" className="t0-surface">
            <Text size="xs" c="dimmed">
              {t('profile:referral.disclosure')}
            </Text>
            <Text size="sm" dir="auto" data-testid="referral-disclosure">
              {d.disclosure}
            </Text>
          </Paper>
          <SimpleGrid cols={{ base: 3 }} spacing="xs">
            <Figure label={t('profile:referral.clicks')} value={String(d.figures.clicks)} testId="referral-clicks" />
            <Figure label={t('profile:referral.signUps')} value={String(d.figures.signUps)} testId="referral-signups" />
            <Figure
              label={t('profile:referral.conversions')}
              value={String(d.figures.conversions)}
              testId="referral-conversions"
            />
          </SimpleGrid>
          {d.figures.earnings.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('profile:referral.none')}
            </Text>
          ) : (
            d.figures.earnings.map((e) => <EarningsRow key={e.currency} e={e} />)
          )}
        </Stack>
      )}
    </Section>
  );
}
