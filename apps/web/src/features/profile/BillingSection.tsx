import { Alert, Anchor, Badge, Button, Group, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCreditCard, IconExternalLink, IconReceiptOff } from '@tabler/icons-react';
import { formatAmount, type BillingSummary, type PlanChangeOutput } from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { BuyPlanPanel } from './BuyPlanPanel';
import { CancelSubscriptionDialog } from './CancelSubscriptionDialog';
import { ChangePlanDialog } from './ChangePlanDialog';
import { ScrollTable } from '../../components/ScrollTable';
import { Section } from '../../components/Section';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';
import { useDates } from '../../lib/time-zone';
import { INVOICE_STATUS_KEYS, statusKey, useProfileT } from './words';

/** The status badge: its state (a subscription status, or `cancelling`) and colour. */
function statusBadge(s: BillingSummary) {
  if (s.status === 'past_due') return { state: 'past_due', color: 'amber' };
  if (s.cancelAtPeriodEnd && !['canceled', 'incomplete_expired'].includes(s.status))
    return { state: 'cancelling', color: 'amber' };
  if (s.status === 'active' || s.status === 'trialing') return { state: s.status, color: 'terminal' };
  return { state: s.status, color: 'gray' };
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text className="t0-label" fz="xs">
        {label}
      </Text>
      <Text ff="monospace" fz="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** Profile › Billing: plan, status, renewal or end date, card, invoices; cancel, resume, Stripe's portal. */
export function BillingSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toAuth = useUnauthorizedRedirect();
  const summary = useQuery(trpc.billing.summary.queryOptions());
  const [cancelOpen, setCancelOpen] = useState(false);
  const [changeOpen, setChangeOpen] = useState(false);
  const cancel = useMutation(trpc.billing.cancel.mutationOptions());
  const resume = useMutation(trpc.billing.resume.mutationOptions());
  const portal = useMutation(trpc.billing.portal.mutationOptions());
  const { t } = useProfileT();
  const dates = useDates();
  const day = (iso: string | null) => (iso ? dates.longDate(iso) : null);

  const changed = (next: BillingSummary, message: string) => {
    queryClient.setQueryData(trpc.billing.summary.queryKey(), next);
    toast({ title: t('profile:billing.updated'), description: message });
  };
  const failed = (title: string, err: unknown) => {
    if (toAuth(err)) return;
    toast({ title, description: errorMessage(err, t('profile:billing.tryAgain')), variant: 'destructive' });
  };

  async function onCancel(reason: string | undefined) {
    try {
      const res = await cancel.mutateAsync(reason ? { reason } : {});
      setCancelOpen(false);
      changed(res.summary, res.message);
    } catch (err) {
      failed(t('profile:billing.cancelFailed'), err);
    }
  }
  function onPlanChanged(res: PlanChangeOutput) {
    setChangeOpen(false);
    queryClient.setQueryData(trpc.billing.summary.queryKey(), res.summary);
    toast({ title: t('profile:billing.planChanged'), description: res.message });
  }
  async function onResume() {
    try {
      const res = await resume.mutateAsync();
      changed(res.summary, res.message);
    } catch (err) {
      failed(t('profile:billing.resumeFailed'), err);
    }
  }
  async function onManage() {
    try {
      window.location.assign((await portal.mutateAsync()).url);
    } catch (err) {
      failed(t('profile:billing.portalFailed'), err);
    }
  }

  const body = () => {
    if (summary.isPending) return <LoadingSkeleton count={4} label={t('profile:billing.loading')} />;
    if (summary.isError) {
      return (
        <ErrorPanel
          text={errorMessage(summary.error, t('profile:billing.loadFailed'))}
          onRetry={() => void summary.refetch()}
          retrying={summary.isFetching}
        />
      );
    }
    const s = summary.data;
    if (s.provider === 'none' && s.plan === null && s.subscriptionPlan === null) {
      return (
        <Stack gap="lg">
          <EmptyState
            icon={<IconCreditCard size={28} stroke={1.5} />}
            text={t('profile:billing.none')}
            hint={s.hasAccess ? t('profile:billing.noneGranted') : t('profile:billing.noneHint')}
          />
          {s.hasAccess && <BuyPlanPanel />}
        </Stack>
      );
    }
    const badge = statusBadge(s);
    const ended = ['canceled', 'incomplete_expired'].includes(s.status);
    const periodLabel = t(
      ended
        ? 'profile:billing.ended'
        : s.cancelAtPeriodEnd
          ? 'profile:billing.endsOn'
          : s.trialEnd
            ? 'profile:billing.trialEndsOn'
            : 'profile:billing.renewsOn',
    );
    const badgeKey = statusKey(badge.state);
    const badgeLabel = badgeKey ? t(badgeKey) : badge.state.replace(/_/g, ' ').toUpperCase();
    return (
      <Stack gap="lg">
        {s.status === 'past_due' && (
          <Alert
            color="amber"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={t('profile:billing.pastDue')}
            data-testid="billing-past-due"
          >
            {t(s.canManage ? 'profile:billing.pastDueTextManage' : 'profile:billing.pastDueText', {
              date: day(s.graceEndsAt) ?? t('profile:billing.graceEnd'),
            })}
          </Alert>
        )}
        {s.trialEnd && !s.cancelAtPeriodEnd && (
          <Alert color="terminal" variant="light" title={t('profile:billing.trial')} data-testid="billing-trial">
            {t('profile:billing.trialText', { date: day(s.trialEnd) ?? '' })}
          </Alert>
        )}
        {s.cancelAtPeriodEnd && !ended && (
          <Alert color="amber" variant="light" title={t('profile:billing.cancelling')} data-testid="billing-cancelling">
            {s.currentPeriodEnd
              ? t('profile:billing.cancellingText', { date: day(s.currentPeriodEnd) ?? '' })
              : t('profile:billing.cancellingTextEnd')}
            {s.cancelReason ? ` ${t('profile:billing.reason', { reason: s.cancelReason })}` : ''}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Fact label={t('profile:billing.plan')} testId="billing-plan">
            {s.subscriptionPlan ? s.subscriptionPlan.name.toUpperCase() : s.plan ? s.plan.toUpperCase() : '—'}
            {(s.subscriptionPlan?.label ?? s.price?.label) && (
              <Text fz="xs" c="dimmed" ff="monospace" className="t0-num">
                {s.subscriptionPlan?.label ?? s.price?.label}
              </Text>
            )}
            {s.creditBalance && (
              <Text fz="xs" c="terminal" ff="monospace" data-testid="billing-credit">
                {t('profile:billing.credit', {
                  amount: formatAmount(s.creditBalance.amountCents, s.creditBalance.currency),
                })}
              </Text>
            )}
          </Fact>
          <Fact label={t('profile:billing.status')} testId="billing-status">
            <Group gap={6}>
              <Badge color={badge.color} variant="light" radius="xs">
                {badgeLabel}
              </Badge>
              {s.provider === 'local' && (
                <Badge color="amber" variant="outline" radius="xs">
                  {t('profile:billing.testMode')}
                </Badge>
              )}
              {s.provider === 'whop' && (
                <Badge color="gray" variant="outline" radius="xs" data-testid="billing-whop">
                  {t('profile:billing.whop')}
                </Badge>
              )}
            </Group>
          </Fact>
          <Fact label={periodLabel} testId="billing-period">
            {day(s.currentPeriodEnd) ?? (s.provider === 'whop' ? t('profile:billing.atWhop') : '—')}
          </Fact>
          <Fact label={t('profile:billing.paymentMethod')} testId="billing-card">
            {s.paymentMethod
              ? `${s.paymentMethod.brand.toUpperCase()} •••• ${s.paymentMethod.last4}`
              : s.provider === 'whop'
                ? t('profile:billing.cardAtWhop')
                : s.detailsUnavailable
                  ? t('profile:billing.cardUnavailable')
                  : t('profile:billing.noCard')}
          </Fact>
        </SimpleGrid>
        <Group gap="sm">
          {s.canManage && (
            <Button
              leftSection={<IconExternalLink size={16} aria-hidden />}
              onClick={onManage}
              loading={portal.isPending}
            >
              {t('profile:billing.manage')}
            </Button>
          )}
          {s.manageUrl && (
            <Button
              component="a"
              href={s.manageUrl}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              leftSection={<IconExternalLink size={16} aria-hidden />}
              data-testid="billing-manage-whop"
            >
              {t('profile:billing.manageWhop')}
            </Button>
          )}
          {s.canChangePlan && (
            <Button variant="default" onClick={() => setChangeOpen(true)} data-testid="billing-change-plan">
              {t('profile:billing.changePlan')}
            </Button>
          )}
          {s.canResume && (
            <Button color="terminal" onClick={onResume} loading={resume.isPending} data-testid="billing-resume">
              {resume.isPending ? t('profile:billing.resuming') : t('profile:billing.resume')}
            </Button>
          )}
          {s.canCancel && (
            <Button variant="default" color="red" onClick={() => setCancelOpen(true)} data-testid="billing-cancel">
              {t('profile:billing.cancel')}
            </Button>
          )}
        </Group>
        <Stack gap="xs">
          <Text className="t0-label" fz="xs">
            {t('profile:billing.invoices')}
          </Text>
          {s.detailsUnavailable ? (
            <Text fz="sm" c="dimmed">
              {t('profile:billing.invoicesUnavailable')}
            </Text>
          ) : s.provider === 'whop' && s.invoices.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {t('profile:billing.invoicesWhop')}
            </Text>
          ) : s.invoices.length === 0 ? (
            <EmptyState icon={<IconReceiptOff size={24} stroke={1.5} />} text={t('profile:billing.noInvoices')} />
          ) : (
            <ScrollTable label={t('profile:billing.invoicesLabel')} minWidth={300}>
              <Table verticalSpacing={6} horizontalSpacing="sm" fz="sm" ff="monospace" data-testid="billing-invoices">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('profile:billing.date')}</Table.Th>
                    <Table.Th visibleFrom="sm">{t('profile:billing.number')}</Table.Th>
                    <Table.Th ta="end">{t('profile:billing.amount')}</Table.Th>
                    <Table.Th>{t('profile:billing.status')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('profile:billing.link')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {s.invoices.map((i) => (
                    <Table.Tr key={i.id}>
                      <Table.Td>
                        <Text component="span" ff="monospace" fz="sm" style={{ whiteSpace: 'nowrap' }}>
                          {day(i.createdAt)}
                        </Text>
                        {/* On phones the number and what the invoice was for go under its date: the amount stays in view. */}
                        <Text component="span" fz="xs" c="dimmed" display="block" hiddenFrom="sm">
                          {i.number ?? '—'}
                          {i.description ? ` · ${i.description}` : ''}
                        </Text>
                      </Table.Td>
                      <Table.Td visibleFrom="sm">
                        <Text component="span" ff="monospace" fz="sm" style={{ whiteSpace: 'nowrap' }}>
                          {i.number ?? '—'}
                        </Text>
                        {i.description && (
                          <Text component="span" fz="xs" c="dimmed" display="block">
                            {i.description}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="end">
                        <span className="t0-num">{formatAmount(i.amountCents, i.currency)}</span>
                        {i.discountCents > 0 && (
                          <Text component="span" fz="xs" c="dimmed" display="block">
                            {t('profile:billing.off', { amount: formatAmount(i.discountCents, i.currency) })}
                          </Text>
                        )}
                        {i.creditCents > 0 && (
                          <Text component="span" fz="xs" c="dimmed" display="block">
                            {t('profile:billing.creditLine', { amount: formatAmount(i.creditCents, i.currency) })}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {INVOICE_STATUS_KEYS[i.status] ? t(INVOICE_STATUS_KEYS[i.status]!) : i.status.toUpperCase()}
                      </Table.Td>
                      <Table.Td>
                        {i.url ? (
                          <Anchor href={i.url} target="_blank" rel="noreferrer" fz="sm">
                            {t('profile:billing.view')}
                          </Anchor>
                        ) : (
                          <Text fz="xs" c="dimmed">
                            {s.provider === 'local' ? t('profile:billing.testRecord') : ''}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
          {s.provider === 'whop' && s.invoices.length > 0 && !s.detailsUnavailable && (
            <Text fz="xs" c="dimmed" data-testid="billing-whop-receipts">
              {t('profile:billing.invoicesWhop')}
            </Text>
          )}
        </Stack>
        {s.canChangePlan && (
          <ChangePlanDialog
            opened={changeOpen}
            summary={s}
            onClose={() => setChangeOpen(false)}
            onChanged={onPlanChanged}
          />
        )}
        <CancelSubscriptionDialog
          opened={cancelOpen}
          endsOn={day(s.currentPeriodEnd)}
          pending={cancel.isPending}
          onClose={() => setCancelOpen(false)}
          onConfirm={(reason) => void onCancel(reason)}
        />
      </Stack>
    );
  };

  return (
    <Section
      title={t('profile:billing.title')}
      description={
        summary.data?.provider === 'whop' ? t('profile:billing.descriptionWhop') : t('profile:billing.description')
      }
      testId="billing-section"
    >
      {body()}
    </Section>
  );
}
