import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import type { WhopPlanView } from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatDateTime } from '../../../lib/time-zone';
import { useTRPC } from '../../../lib/trpc';
import { ConsoleTable, type ConsoleColumn } from '../ConsoleTable';
import { ConsolePanel } from '../FormAndList';
import { useAdminFeedback } from '../feedback';
import { serverFieldErrors } from './serverFieldErrors';

/**
 * WHOP PLANS: which T0 plan a Whop membership of each Whop plan grants (docs/features/whop.md). A
 * Whop plan not listed grants the default plan. MAP sets or changes one; REMOVE (confirmed) drops it.
 */
export function WhopPlans() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feedback = useAdminFeedback();
  const list = useQuery(trpc.plans.whopList.queryOptions());
  const plans = useQuery(trpc.plans.adminList.queryOptions());
  const [whopPlanId, setWhopPlanId] = useState('');
  const [plan, setPlan] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<WhopPlanView | null>(null);

  const refresh = () => void queryClient.invalidateQueries(trpc.plans.whopList.pathFilter());
  const save = useMutation(
    trpc.plans.whopSet.mutationOptions({
      onSuccess: (saved) => {
        feedback.ok('WHOP PLAN MAPPED', `${saved.whopPlanId} grants ${saved.planName}.`);
        setWhopPlanId('');
        setPlan(null);
        setErrors({});
        refresh();
      },
      onError: (err) => {
        setErrors(serverFieldErrors(err));
        feedback.fail('WHOP PLAN NOT MAPPED', err);
      },
    }),
  );
  const remove = useMutation(
    trpc.plans.whopRemove.mutationOptions({
      onSuccess: () => {
        feedback.ok('WHOP PLAN REMOVED', `${removing?.whopPlanId ?? 'It'} grants the default plan again.`);
        setRemoving(null);
        refresh();
      },
      onError: (err) => {
        setRemoving(null);
        feedback.fail('Error', err, 'Failed to remove');
      },
    }),
  );

  const options = (plans.data ?? [])
    .filter((p) => p.archivedAt === null)
    .map((p) => ({ value: p.key, label: `${p.name} (${p.key})` }));
  const columns: ConsoleColumn<WhopPlanView>[] = [
    { key: 'whop', header: 'WHOP PLAN', render: (m) => m.whopPlanId },
    { key: 'plan', header: 'GRANTS', render: (m) => `${m.planName} (${m.plan})` },
    { key: 'updated', header: 'CHANGED', render: (m) => formatDateTime(m.updatedAt) ?? '—' },
    {
      key: 'actions',
      header: 'ACTIONS',
      hideHeader: true,
      render: (m) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => {
              setWhopPlanId(m.whopPlanId);
              setPlan(m.plan);
            }}
            aria-label={`Edit ${m.whopPlanId}`}
          >
            EDIT
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            onClick={() => setRemoving(m)}
            aria-label={`Remove ${m.whopPlanId}`}
          >
            REMOVE
          </Button>
        </Group>
      ),
    },
  ];
  const fallback = list.data?.defaultPlan;

  return (
    <ConsolePanel title="WHOP PLANS" testId="whop-plans">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The T0 plan a Whop membership grants, by its Whop plan. A Whop plan not listed grants the default plan
          {fallback ? ` (${fallback.name})` : ''}. T0 keeps the paid chat and Discord role: turn Whop&apos;s own Discord
          integration off.
        </Text>
        {list.data && !list.data.webhookConfigured && (
          <Alert color="amber" variant="light" p="xs" data-testid="whop-not-configured">
            WHOP_WEBHOOK_SECRET is not set: Whop&apos;s webhook is refused (503) until it is.
          </Alert>
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ whopPlanId: whopPlanId.trim(), plan: plan ?? '' });
          }}
          data-testid="whop-plan-form"
        >
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Whop plan id"
              placeholder="plan_…"
              value={whopPlanId}
              onChange={(e) => setWhopPlanId(e.currentTarget.value)}
              error={errors.whopPlanId}
              w={{ base: '100%', sm: 240 }}
            />
            <Select
              label="T0 plan"
              placeholder="Choose a plan"
              data={options}
              value={plan}
              onChange={setPlan}
              error={errors.plan}
              searchable
              w={{ base: '100%', sm: 260 }}
              comboboxProps={{ withinPortal: true }}
            />
            <Button type="submit" mt={{ base: 0, sm: 25 }} loading={save.isPending} data-testid="whop-plan-save">
              MAP
            </Button>
          </Group>
        </form>
        <ConsoleTable
          label="Whop plans"
          testId="whop-plan-table"
          columns={columns}
          rows={list.data?.mappings}
          rowKey={(m) => m.whopPlanId}
          rowAttributes={(m) => ({ 'data-testid': `whop-plan-${m.whopPlanId}` })}
          striped
          minWidth={560}
          loading={list.isPending}
          error={list.error ? { text: list.error.message, onRetry: () => void list.refetch() } : null}
          empty={{ text: 'No Whop plan mapped: every Whop membership grants the default plan' }}
        />
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title={`Remove ${removing?.whopPlanId ?? ''}?`}
        message="Its memberships' next events grant the default plan; access already granted stays until then."
        confirmLabel="REMOVE"
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate({ whopPlanId: removing.whopPlanId })}
      />
    </ConsolePanel>
  );
}
