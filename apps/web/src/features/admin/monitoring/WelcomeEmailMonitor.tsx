import { useLivePoll } from '../../../lib/live/store';
import { Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconMailExclamation } from '@tabler/icons-react';
import { activePaidSubscribers, POLL, type AffectedUser } from '@t0/contracts';
import { formatLongDate } from '../../../lib/time-zone';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { useTRPC } from '../../../lib/trpc';
import { useAdminFeedback } from '../feedback';
import { ConsoleTable, type ConsoleColumn } from '../ConsoleTable';
import { healthLines, healthSummary, useOperations } from './operations';

const AFFECTED_COLUMNS: ConsoleColumn<AffectedUser>[] = [
  {
    key: 'email',
    header: 'EMAIL',
    wrap: true,
    render: (u) => <span style={{ wordBreak: 'break-all' }}>{u.email}</span>,
  },
  { key: 'subscribed', header: 'SUBSCRIBED', render: (u) => formatLongDate(u.created_at) ?? '—' },
  { key: 'status', header: 'STATUS', render: (u) => u.subscription_status.toUpperCase() },
  {
    key: 'issue',
    header: 'ISSUE',
    render: () => (
      <Badge color="red" variant="outline">
        NO CREDENTIALS
      </Badge>
    ),
  },
];

/** The console's Welcome Email System Monitoring card: critical with the affected list, or operational. */
export function WelcomeEmailMonitor() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feedback = useAdminFeedback();
  const affected = useQuery(
    trpc.admin.affectedUsers.queryOptions(undefined, { refetchInterval: useLivePoll(POLL.affectedUsersMs) }),
  );
  const users = useQuery(trpc.admin.users.queryOptions(undefined, { refetchInterval: useLivePoll(POLL.adminUsersMs) }));
  const ops = useOperations();

  const fix = useMutation(
    trpc.admin.fixMissingWelcomeEmails.mutationOptions({
      onSuccess: (result) => {
        feedback.ok('WELCOME EMAIL RECOVERY COMPLETED', `Processed ${result.processed} users`);
        void queryClient.invalidateQueries(trpc.admin.pathFilter());
      },
      onError: (err) => feedback.fail('RECOVERY FAILED', err, 'Failed to fix welcome emails'),
    }),
  );

  if (affected.isLoading) return <Skeleton h={140} />;
  if (affected.isError) {
    return (
      <Paper p="md" className="t0-surface" role="alert">
        <Group justify="space-between">
          <Text c="var(--t0-down)">Welcome e-mail monitoring is unavailable.</Text>
          <Button size="xs" variant="default" onClick={() => void affected.refetch()}>
            RETRY
          </Button>
        </Group>
      </Paper>
    );
  }

  const list = affected.data ?? [];
  const emailIssues = ops.data ? ops.data.email.allFailedToday : 0;
  const summary = ops.data ? healthSummary(ops.data) : undefined;
  const lines = ops.data ? healthLines(ops.data) : [];
  const activeCount = activePaidSubscribers(users.data ?? []).length;

  if (list.length > 0) {
    return (
      <MonitorCard
        state="critical"
        borderColor="var(--mantine-color-red-7)"
        icon={<IconMailExclamation color="var(--t0-down)" aria-hidden />}
        badge={
          <Badge color="red" size="lg">
            CRITICAL ISSUES: {list.length}
          </Badge>
        }
      >
        <Text c="var(--t0-down)" fw={700}>
          {list.length} active paying subscribers never received welcome emails with login credentials.
        </Text>
        <ConsoleTable
          label="Affected subscribers"
          testId="affected-users"
          columns={AFFECTED_COLUMNS}
          rows={list}
          rowKey={(u) => u.id}
          minWidth={520}
        />
        <Group>
          <Button color="red" onClick={() => fix.mutate({})} loading={fix.isPending}>
            EMERGENCY: FIX ALL WELCOME EMAIL ISSUES
          </Button>
        </Group>
      </MonitorCard>
    );
  }

  return (
    <MonitorCard
      state="operational"
      borderColor="var(--mantine-color-terminal-8)"
      icon={<IconCircleCheck color="var(--t0-up)" aria-hidden />}
      badge={
        <Badge color="terminal" size="lg">
          OPERATIONAL
        </Badge>
      }
    >
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Stack gap={0}>
          <Text className="t0-label">ACTIVE SUBSCRIBERS</Text>
          <Text fz={24} fw={800} className="t0-num">
            {users.isLoading ? '…' : activeCount}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text className="t0-label">EMAIL ISSUES</Text>
          <Text
            fz={24}
            fw={800}
            className="t0-num"
            c={emailIssues ? 'var(--t0-down)' : 'var(--t0-up)'}
            data-testid="email-issues"
          >
            {ops.data ? emailIssues : '…'}
          </Text>
          <Text fz="xs" c="dimmed">
            failed e-mails of any kind today (UTC)
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text className="t0-label">SYSTEM HEALTH</Text>
          <Text
            fz={24}
            fw={800}
            className="t0-num"
            c={summary?.allOk === false ? 'var(--t0-warn)' : 'var(--t0-up)'}
            data-testid="system-health"
          >
            {summary ? summary.text : ops.isError ? '--' : '…'}
          </Text>
          <Text fz="xs" c="dimmed">
            checks passed, measured now
          </Text>
        </Stack>
      </SimpleGrid>
      <Stack gap={4} data-testid="health-lines">
        {lines.map(({ name, ok, state }) => (
          <Group key={name} gap="xs" wrap="nowrap" align="flex-start">
            <span
              aria-hidden
              style={{
                width: 8,
                height: 8,
                borderRadius: 4,
                marginTop: 6,
                flex: 'none',
                display: 'inline-block',
                background: ok === null ? 'var(--t0-muted)' : ok ? 'var(--t0-up)' : 'var(--t0-down)',
              }}
            />
            <Text size="sm" style={{ wordBreak: 'break-word' }}>
              {name}:{' '}
              <Text span fw={700} size="sm" c={ok === null ? 'dimmed' : ok ? 'var(--t0-up)' : 'var(--t0-down)'}>
                {state}
              </Text>
            </Text>
          </Group>
        ))}
        {ops.isError && (
          <Text size="sm" c="var(--t0-down)">
            Health could not be measured: {ops.error.message}
          </Text>
        )}
      </Stack>
    </MonitorCard>
  );
}

/** The card of both states: title with its state icon and badge, then the state's content. */
function MonitorCard(props: {
  state: 'critical' | 'operational';
  borderColor: string;
  icon: ReactNode;
  badge: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper
      p="lg"
      component="section"
      aria-labelledby="welcome-monitor-title"
      data-testid="welcome-monitor"
      data-state={props.state}
      style={{ background: 'var(--t0-surface-1)', border: `1px solid ${props.borderColor}` }}
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            {props.icon}
            <Title order={2} fz="h4" id="welcome-monitor-title">
              WELCOME EMAIL SYSTEM MONITORING
            </Title>
          </Group>
          {props.badge}
        </Group>
        {props.children}
      </Stack>
    </Paper>
  );
}
