import { Alert, Badge, Button, Group, Modal, Radio, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconArrowRight } from '@tabler/icons-react';
import { formatAmount, type BillingSummary, type PlanChangeOutput, type PlanChangeQuoteView } from '@t0/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { useDates } from '../../lib/time-zone';
import { useTRPC } from '../../lib/trpc';
import classes from './profile.module.css';
import { useProfileT } from './words';

/** Marks where a catalogue's `{{plan}}` goes, to set the plan's name in bold. */
const PLACE = '\u0001';

/** One line of the preview's sum: a label and an amount, figures lined up. */
function Line({ label, amount, strong, testId }: { label: string; amount: string; strong?: boolean; testId?: string }) {
  return (
    <Table.Tr data-testid={testId}>
      <Table.Td fz="sm" fw={strong ? 700 : undefined} className={strong ? 't0-label' : undefined}>
        {label}
      </Table.Td>
      <Table.Td ta="end" ff="monospace" fz="sm" fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
        <span className="t0-num">{amount}</span>
      </Table.Td>
    </Table.Tr>
  );
}

/** What the change costs now and what it does to the rooms: the server's preview, as it will be billed. */
function Preview({ q, provider }: { q: PlanChangeQuoteView; provider: BillingSummary['provider'] }) {
  const { t } = useProfileT();
  const dates = useDates();
  const day = (iso: string) => dates.longDate(iso) ?? '';
  const money = (cents: number) => formatAmount(cents, q.currency);
  const balanceUsed = q.totalCents > 0 ? q.totalCents - q.dueNowCents : 0;
  return (
    <Stack gap="sm" data-testid="plan-change-preview">
      <Group gap="xs" wrap="wrap" ff="monospace" fz="sm">
        <Text span ff="monospace" fz="sm">
          {q.from.name}
          {q.from.label ? ` · ${q.from.label}` : ''}
        </Text>
        <IconArrowRight size={14} aria-label={t('profile:change.to')} className={classes.forward} />
        <Text span ff="monospace" fz="sm" fw={700}>
          {q.to.name}
          {q.to.label ? ` · ${q.to.label}` : ''}
        </Text>
      </Group>
      {q.kind === 'trial' ? (
        <Text fz="sm" className="t0-prose" data-testid="plan-change-trial">
          {t('profile:change.trial', { plan: q.to.name, date: day(q.periodEnd) })}
        </Text>
      ) : (
        <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing={0}>
          <Table.Tbody>
            <Line
              label={t('profile:change.unusedCredit', { plan: q.from.name })}
              amount={`−${money(q.creditCents)}`}
              testId="preview-credit"
            />
            <Line
              label={
                q.kind === 'prorated'
                  ? t('profile:change.restOfPeriod', { plan: q.to.name })
                  : t('profile:change.newPeriod', { plan: q.to.name })
              }
              amount={money(q.chargeCents)}
              testId="preview-charge"
            />
            {balanceUsed > 0 && <Line label={t('profile:change.accountCredit')} amount={`−${money(balanceUsed)}`} />}
            <Line label={t('profile:change.total')} amount={money(q.dueNowCents)} strong testId="preview-total" />
            {q.creditBalanceCents > 0 && (
              <Line
                label={t('profile:change.creditKept')}
                amount={money(q.creditBalanceCents)}
                testId="preview-balance"
              />
            )}
          </Table.Tbody>
        </Table>
      )}
      <Text fz="xs" c="dimmed">
        {q.kind === 'new_period'
          ? t('profile:change.newPeriodNote', { date: day(q.periodEnd) })
          : q.kind === 'prorated'
            ? t('profile:change.renewalStays', { date: day(q.periodEnd) })
            : ''}{' '}
        {provider === 'stripe' ? t('profile:change.stripe') : provider === 'local' ? t('profile:change.testMode') : ''}
      </Text>
      <Stack gap={4} data-testid="preview-rooms">
        <Text className="t0-label" fz="xs">
          {t('profile:change.rooms')}
        </Text>
        {q.roomsGained.length === 0 && q.roomsLost.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('profile:change.roomsSame')}
          </Text>
        ) : (
          <Group gap={6}>
            {q.roomsGained.map((r) => (
              <Badge key={r.slug} color="terminal" variant="light" radius="xs">
                + {r.name}
              </Badge>
            ))}
            {q.roomsLost.map((r) => (
              <Badge key={r.slug} color="red" variant="light" radius="xs">
                − {r.name}
              </Badge>
            ))}
          </Group>
        )}
        {q.roomsLost.length > 0 && (
          <Text fz="xs" c="dimmed">
            {t('profile:change.roomsClose')}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}

/**
 * Profile › Billing › CHANGE PLAN: the other recurring plans with their price and rooms; choosing one
 * shows what the change costs now (credit, charge, total, rooms gained and lost), and CONFIRM CHANGE
 * applies it at the preview's moment, so it costs what the preview said.
 */
export function ChangePlanDialog({
  opened,
  summary,
  onClose,
  onChanged,
}: {
  opened: boolean;
  summary: BillingSummary;
  onClose: () => void;
  onChanged: (result: PlanChangeOutput) => void;
}) {
  const trpc = useTRPC();
  const { t } = useProfileT();
  const phone = useMediaQuery('(max-width: 36em)', false);
  const [choice, setChoice] = useState<string | null>(null);
  // The public plan list (each with a price that can be read now, Stripe's where Stripe prices it).
  const plans = useQuery({ ...trpc.billing.plans.queryOptions(), enabled: opened });
  const current = summary.subscriptionPlan?.key ?? summary.plan;
  const options = (plans.data?.plans ?? []).filter((p) => p.terms === 'recurring' && p.key !== current);
  const preview = useQuery({
    ...trpc.billing.planChangePreview.queryOptions({ plan: choice ?? '' }),
    enabled: opened && choice !== null,
    staleTime: 0,
    gcTime: 0,
    // A preview stands for a few minutes; one left open is asked again before it runs out.
    refetchInterval: 2 * 60_000,
    retry: false,
  });
  const change = useMutation(trpc.billing.changePlan.mutationOptions());

  useEffect(() => {
    if (!opened) {
      setChoice(null);
      change.reset();
    }
  }, [opened]);

  async function confirm() {
    if (!choice || !preview.data) return;
    try {
      onChanged(await change.mutateAsync({ plan: choice, prorationDate: preview.data.prorationDate }));
    } catch {
      // Shown on the dialog; a preview that went out of date is asked again.
      void preview.refetch();
    }
  }

  const youAreOn = t('profile:change.current', {
    plan: PLACE,
    label: summary.subscriptionPlan?.label ? ` (${summary.subscriptionPlan.label})` : '',
  }).split(PLACE);

  const list = () => {
    if (plans.isPending) return <Skeleton h={120} aria-label={t('profile:change.loadingPlans')} />;
    if (plans.isError)
      return (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {errorMessage(plans.error, t('profile:change.plansFailed'))}
        </Alert>
      );
    if (options.length === 0)
      return (
        <Text fz="sm" c="dimmed" data-testid="plan-change-none">
          {t('profile:change.noOther')}
        </Text>
      );
    return (
      <Radio.Group
        value={choice}
        onChange={(v) => {
          setChoice(v);
          change.reset();
        }}
        label={t('profile:change.choose')}
        classNames={{ label: 't0-label' }}
      >
        <Stack gap="xs" mt="xs" data-testid="plan-change-options">
          {options.map((p) => (
            <Radio.Card key={p.key} value={p.key} radius="sm" p="sm" data-testid={`plan-option-${p.key}`}>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator mt={2} />
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Text fw={700} fz="sm" ff="monospace">
                      {p.name.toUpperCase()}
                    </Text>
                    <Text fz="sm" ff="monospace" className="t0-num">
                      {p.price.label}
                    </Text>
                  </Group>
                  {p.description && (
                    <Text fz="xs" c="dimmed" lineClamp={2}>
                      {p.description}
                    </Text>
                  )}
                  <Group gap={4}>
                    {p.rooms.map((r) => (
                      <Badge key={r.slug} variant="outline" color="gray" radius="xs" size="sm">
                        {r.name}
                      </Badge>
                    ))}
                  </Group>
                </Stack>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('profile:change.title')} centered size="lg" fullScreen={phone}>
      <Stack gap="md" data-testid="plan-change-dialog">
        <Text fz="sm" className="t0-prose">
          {youAreOn[0]}
          <strong>{summary.subscriptionPlan?.name ?? current ?? t('profile:change.yourPlan')}</strong>
          {youAreOn[1]}
        </Text>
        {list()}
        {choice !== null &&
          (preview.isPending ? (
            <Skeleton h={140} aria-label={t('profile:change.working')} />
          ) : preview.isError ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title={t('profile:change.unavailable')}
              data-testid="plan-change-error"
            >
              {errorMessage(preview.error, t('profile:change.previewFailed'))}
            </Alert>
          ) : (
            <Preview q={preview.data} provider={summary.provider} />
          ))}
        {change.isError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={t('profile:change.notChanged')}
            data-testid="plan-change-error"
          >
            {errorMessage(change.error, t('profile:change.failed'))}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={change.isPending}>
            {t('profile:change.keep')}
          </Button>
          <Button
            color="terminal"
            onClick={() => void confirm()}
            disabled={!preview.data || preview.isFetching}
            loading={change.isPending}
            data-testid="plan-change-confirm"
          >
            {change.isPending ? t('profile:change.changing') : t('profile:change.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
