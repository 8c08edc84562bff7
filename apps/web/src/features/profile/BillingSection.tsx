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

const day = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }) : null;

function statusBadge(s: BillingSummary) {
  if (s.status === 'past_due') return { label: 'PAST DUE', color: 'amber' };
  if (s.cancelAtPeriodEnd && !['canceled', 'incomplete_expired'].includes(s.status))
    return { label: 'CANCELLING', color: 'amber' };
  if (s.status === 'active' || s.status === 'trialing') return { label: s.status.toUpperCase(), color: 'terminal' };
  return { label: s.status.replace(/_/g, ' ').toUpperCase(), color: 'gray' };
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

  const changed = (next: BillingSummary, message: string) => {
    queryClient.setQueryData(trpc.billing.summary.queryKey(), next);
    toast({ title: 'Billing Updated', description: message });
  };
  const failed = (title: string, err: unknown) => {
    if (toAuth(err)) return;
    toast({ title, description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
  };

  async function onCancel(reason: string | undefined) {
    try {
      const res = await cancel.mutateAsync(reason ? { reason } : {});
      setCancelOpen(false);
      changed(res.summary, res.message);
    } catch (err) {
      failed('Cancellation Failed', err);
    }
  }
  function onPlanChanged(res: PlanChangeOutput) {
    setChangeOpen(false);
    queryClient.setQueryData(trpc.billing.summary.queryKey(), res.summary);
    toast({ title: 'Plan Changed', description: res.message });
  }
  async function onResume() {
    try {
      const res = await resume.mutateAsync();
      changed(res.summary, res.message);
    } catch (err) {
      failed('Resume Failed', err);
    }
  }
  async function onManage() {
    try {
      window.location.assign((await portal.mutateAsync()).url);
    } catch (err) {
      failed('Billing Portal Unavailable', err);
    }
  }

  const body = () => {
    if (summary.isPending) return <LoadingSkeleton count={4} label="Loading billing" />;
    if (summary.isError) {
      return (
        <ErrorPanel
          text={errorMessage(summary.error, 'Billing details could not be loaded.')}
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
            text="NO SUBSCRIPTION ON RECORD"
            hint={
              s.hasAccess
                ? 'Your access was granted without a paid plan, so there is nothing to bill.'
                : 'Activate a plan to reach the terminal; its billing shows here.'
            }
          />
          {s.hasAccess && <BuyPlanPanel />}
        </Stack>
      );
    }
    const badge = statusBadge(s);
    const ended = ['canceled', 'incomplete_expired'].includes(s.status);
    const periodLabel = ended ? 'ENDED' : s.cancelAtPeriodEnd ? 'ENDS ON' : s.trialEnd ? 'TRIAL ENDS ON' : 'RENEWS ON';
    return (
      <Stack gap="lg">
        {s.status === 'past_due' && (
          <Alert
            color="amber"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title="PAYMENT FAILED"
            data-testid="billing-past-due"
          >
            Your last payment did not go through. Access continues until {day(s.graceEndsAt) ?? 'the grace period ends'}
            {s.canManage ? '; update your card under Manage billing.' : '.'}
          </Alert>
        )}
        {s.trialEnd && !s.cancelAtPeriodEnd && (
          <Alert color="terminal" variant="light" title="FREE TRIAL" data-testid="billing-trial">
            Your free trial ends on {day(s.trialEnd)}. Then the first payment is taken, unless you cancel before: a
            cancelled trial costs nothing.
          </Alert>
        )}
        {s.cancelAtPeriodEnd && !ended && (
          <Alert color="amber" variant="light" title="CANCELLATION SCHEDULED" data-testid="billing-cancelling">
            Your subscription ends on {day(s.currentPeriodEnd) ?? 'the end of the period'} and access continues until
            then.
            {s.cancelReason ? ` Reason given: ${s.cancelReason}.` : ''}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Fact label="PLAN" testId="billing-plan">
            {s.subscriptionPlan ? s.subscriptionPlan.name.toUpperCase() : s.plan ? s.plan.toUpperCase() : '—'}
            {(s.subscriptionPlan?.label ?? s.price?.label) && (
              <Text fz="xs" c="dimmed" ff="monospace">
                {s.subscriptionPlan?.label ?? s.price?.label}
              </Text>
            )}
            {s.creditBalance && (
              <Text fz="xs" c="terminal" ff="monospace" data-testid="billing-credit">
                {formatAmount(s.creditBalance.amountCents, s.creditBalance.currency)} credit for the next invoice
              </Text>
            )}
          </Fact>
          <Fact label="STATUS" testId="billing-status">
            <Group gap={6}>
              <Badge color={badge.color} variant="light" radius="xs">
                {badge.label}
              </Badge>
              {s.provider === 'local' && (
                <Badge color="amber" variant="outline" radius="xs">
                  TEST MODE
                </Badge>
              )}
              {s.provider === 'whop' && (
                <Badge color="gray" variant="outline" radius="xs" data-testid="billing-whop">
                  BILLED BY WHOP
                </Badge>
              )}
            </Group>
          </Fact>
          <Fact label={periodLabel} testId="billing-period">
            {day(s.currentPeriodEnd) ?? (s.provider === 'whop' ? 'Shown at Whop' : '—')}
          </Fact>
          <Fact label="PAYMENT METHOD" testId="billing-card">
            {s.paymentMethod
              ? `${s.paymentMethod.brand.toUpperCase()} •••• ${s.paymentMethod.last4}`
              : s.provider === 'whop'
                ? 'Kept by Whop'
                : s.detailsUnavailable
                  ? 'Unavailable right now'
                  : 'None on record'}
          </Fact>
        </SimpleGrid>
        <Group gap="sm">
          {s.canManage && (
            <Button
              leftSection={<IconExternalLink size={16} aria-hidden />}
              onClick={onManage}
              loading={portal.isPending}
            >
              MANAGE BILLING
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
              MANAGE AT WHOP
            </Button>
          )}
          {s.canChangePlan && (
            <Button variant="default" onClick={() => setChangeOpen(true)} data-testid="billing-change-plan">
              CHANGE PLAN
            </Button>
          )}
          {s.canResume && (
            <Button color="terminal" onClick={onResume} loading={resume.isPending} data-testid="billing-resume">
              {resume.isPending ? 'RESUMING...' : 'RESUME SUBSCRIPTION'}
            </Button>
          )}
          {s.canCancel && (
            <Button variant="default" color="red" onClick={() => setCancelOpen(true)} data-testid="billing-cancel">
              CANCEL SUBSCRIPTION
            </Button>
          )}
        </Group>
        <Stack gap="xs">
          <Text className="t0-label" fz="xs">
            INVOICES
          </Text>
          {s.detailsUnavailable ? (
            <Text fz="sm" c="dimmed">
              Invoices could not be loaded from Stripe just now. Try again shortly.
            </Text>
          ) : s.provider === 'whop' ? (
            <Text fz="sm" c="dimmed">
              Whop bills this membership: its receipts are in your Whop account.
            </Text>
          ) : s.invoices.length === 0 ? (
            <EmptyState icon={<IconReceiptOff size={24} stroke={1.5} />} text="NO INVOICES YET" />
          ) : (
            <ScrollTable label="Invoices" minWidth={420}>
              <Table verticalSpacing={6} horizontalSpacing="md" fz="sm" ff="monospace" data-testid="billing-invoices">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>DATE</Table.Th>
                    <Table.Th>NUMBER</Table.Th>
                    <Table.Th ta="right">AMOUNT</Table.Th>
                    <Table.Th>STATUS</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>LINK</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {s.invoices.map((i) => (
                    <Table.Tr key={i.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{day(i.createdAt)}</Table.Td>
                      <Table.Td>
                        <Text component="span" ff="monospace" fz="sm" style={{ whiteSpace: 'nowrap' }}>
                          {i.number ?? '—'}
                        </Text>
                        {i.description && (
                          <Text component="span" fz="xs" c="dimmed" display="block">
                            {i.description}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right" className="t0-num">
                        {formatAmount(i.amountCents, i.currency)}
                        {i.discountCents > 0 && (
                          <Text component="span" fz="xs" c="dimmed" display="block">
                            {formatAmount(i.discountCents, i.currency)} off
                          </Text>
                        )}
                        {i.creditCents > 0 && (
                          <Text component="span" fz="xs" c="dimmed" display="block">
                            {formatAmount(i.creditCents, i.currency)} credit
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{i.status.toUpperCase()}</Table.Td>
                      <Table.Td>
                        {i.url ? (
                          <Anchor href={i.url} target="_blank" rel="noreferrer" fz="sm">
                            View
                          </Anchor>
                        ) : (
                          <Text fz="xs" c="dimmed">
                            {s.provider === 'local' ? 'test record' : ''}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
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
      title="BILLING"
      description={
        summary.data?.provider === 'whop'
          ? 'Your plan and its status. Whop bills this membership: change or cancel it in your Whop account.'
          : 'Your plan, renewal, payment method and invoices. Change plan or cancel at any time; after a cancellation access continues to the end of the paid period.'
      }
      testId="billing-section"
    >
      {body()}
    </Section>
  );
}
