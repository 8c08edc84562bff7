import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { POLL, type CommunityOverview } from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { LoadingSkeleton } from '../../../components/LoadingSkeleton';
import { useLivePoll } from '../../../lib/live/store';
import { formatDateTime } from '../../../lib/time-zone';
import { useTRPC } from '../../../lib/trpc';
import { useAdminFeedback } from '../feedback';
import { ConsoleTable, type ConsoleColumn } from '../ConsoleTable';

type Platform = CommunityOverview['telegram'];
type Target = Platform['targets'][number];
type Task = CommunityOverview['tasks'][number];

const ISSUES: Record<string, string> = {
  member_without_access: 'in the chat without access',
  left: 'left without the bot seeing it',
  role_without_access: 'holds the role without access',
  role_missing: 'entitled but without the role',
  not_in_server: 'entitled but not in the server',
};

const statusColor: Record<string, string> = { done: 'terminal', pending: 'amber', failed: 'red', skipped: 'gray' };

const mono = (text: ReactNode) => (
  <Text span size="sm" ff="monospace">
    {text}
  </Text>
);

const TASK_COLUMNS: ConsoleColumn<Task>[] = [
  { key: 'time', header: 'TIME', render: (task) => mono(formatDateTime(task.createdAt)) },
  { key: 'platform', header: 'PLATFORM', render: (task) => task.platform.toUpperCase() },
  { key: 'action', header: 'ACTION', render: (task) => mono(task.action) },
  { key: 'room', header: 'ROOM', render: (task) => task.room ?? mono(task.target || '--') },
  { key: 'user', header: 'USER', render: (task) => task.email ?? task.externalId },
  { key: 'reason', header: 'REASON', wrap: true, render: (task) => task.reason },
  {
    key: 'status',
    header: 'STATUS',
    render: (task) => (
      <>
        <Badge color={statusColor[task.status] ?? 'gray'} variant="light" radius="xs">
          {task.status.toUpperCase()}
        </Badge>
        {task.attempts > 0 && task.status !== 'done' ? ` ${task.attempts} tries` : ''}
      </>
    ),
  },
];

/** The rooms a chat (role) serves, by name; its id when it serves none now. */
const roomOf = (p: Platform, target: string) => p.targets.find((t) => t.target === target)?.name ?? target;

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Stack gap={0}>
      <Text className="t0-label">{label}</Text>
      <Text ff="monospace" fz="lg">
        {value}
      </Text>
    </Stack>
  );
}

/** One room's chat (role): its rooms, its id, and its members against the rooms' holders. */
function TargetLine({ target, testId }: { target: Target; testId: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" data-testid={`${testId}-room`}>
      <Text size="sm" fw={600}>
        {target.name}{' '}
        <Text span size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {target.target}
        </Text>
      </Text>
      <Group gap={6} wrap="nowrap">
        {target.alerts.length > 0 && (
          <Badge color="red" variant="light" radius="xs">
            ALERT
          </Badge>
        )}
        <Text size="xs" ff="monospace" c="dimmed">
          {target.members} in · {target.entitled} entitled · {target.linkedSubscribers} linked
        </Text>
      </Group>
    </Group>
  );
}

function PlatformPanel({
  title,
  targetLabel,
  p,
  activeSubscribers,
  testId,
}: {
  title: string;
  targetLabel: string;
  p: Platform;
  activeSubscribers: number;
  testId: string;
}) {
  return (
    <Paper className="t0-surface" p="md" data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} fz="h5">
            {title}
          </Title>
          <Badge color={p.configured ? 'terminal' : 'gray'} variant={p.configured ? 'light' : 'outline'} radius="xs">
            {p.configured ? 'ACTIVE' : 'NOT CONFIGURED'}
          </Badge>
        </Group>
        {p.targets.length === 0 ? (
          <Text size="sm" c="dimmed">
            No room has a {targetLabel.toLowerCase()} yet: set one per room in ROOMS & PLANS.
          </Text>
        ) : (
          <Stack gap={4}>
            <Text className="t0-label">{targetLabel.toUpperCase()} BY ROOM</Text>
            {p.targets.map((t) => (
              <TargetLine key={t.target} target={t} testId={testId} />
            ))}
          </Stack>
        )}
        {p.alerts.map((a) => (
          <Alert key={a.kind} color="red" variant="light" title="NEEDS ATTENTION" data-testid={`${testId}-alert`}>
            {a.message}{' '}
            <Text span size="xs" c="dimmed">
              (since {formatDateTime(a.since)})
            </Text>
          </Alert>
        ))}
        <SimpleGrid cols={3} spacing="sm">
          <Figure label="MEMBERS" value={p.members} />
          <Figure label="LINKED SUBSCRIBERS" value={p.linkedSubscribers} />
          <Figure label="ACTIVE SUBSCRIBERS" value={activeSubscribers} />
        </SimpleGrid>
        <Stack gap={4}>
          <Text className="t0-label">LAST SYNC</Text>
          {p.lastSync ? (
            <>
              <Text size="sm">
                {formatDateTime(p.lastSync.at)} · {p.lastSync.members} members, {p.lastSync.entitled} entitled ·{' '}
                {p.lastSync.differences.length} difference
                {p.lastSync.differences.length === 1 ? '' : 's'}
              </Text>
              {p.lastSync.error && (
                <Text size="sm" c="red">
                  {p.lastSync.error}
                </Text>
              )}
              {p.lastSync.differences.map((d) => (
                <Text key={`${d.target ?? ''}-${d.externalId}-${d.issue}`} size="xs" ff="monospace" c="dimmed">
                  {d.externalId}
                  {d.userId !== null ? ` (user ${d.userId})` : ''}: {ISSUES[d.issue] ?? d.issue}
                  {d.target ? ` (${roomOf(p, d.target)})` : ''} → {d.action}
                </Text>
              ))}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              Not reconciled yet.
            </Text>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** The paid Telegram chat and the Discord role: members against active subscribers, the last sync and what needs the desk. */
export function CommunityTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feedback = useAdminFeedback();
  const overview = useQuery(
    trpc.adminCommunity.overview.queryOptions(undefined, { refetchInterval: useLivePoll(POLL.emailSummaryMs) }),
  );
  const sync = useMutation(
    trpc.adminCommunity.sync.mutationOptions({
      onSuccess: (r) => {
        const n = (r.telegram?.differences.length ?? 0) + (r.discord?.differences.length ?? 0);
        feedback.ok(
          'Community Reconciled',
          n === 0 ? 'No differences.' : `${n} difference${n === 1 ? '' : 's'} found and handled.`,
        );
        void queryClient.invalidateQueries({ queryKey: trpc.adminCommunity.overview.queryKey() });
      },
      onError: (err) => feedback.fail('Not Reconciled', err),
    }),
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2} maw={720}>
          <Title order={2} fz="h4">
            COMMUNITY
          </Title>
          <Text size="sm" c="dimmed">
            Each room's Telegram chat and Discord role follow its holders: members are removed and roles taken away when
            they no longer hold the room, and reconciled against the rooms held daily.
          </Text>
        </Stack>
        <Button onClick={() => sync.mutate()} disabled={sync.isPending}>
          {sync.isPending ? 'SYNCING...' : 'SYNC NOW'}
        </Button>
      </Group>
      {overview.isLoading && <LoadingSkeleton label="Loading community" count={4} />}
      {overview.isError && (
        <ErrorPanel
          text="Failed to load community."
          onRetry={() => void overview.refetch()}
          retrying={overview.isFetching}
        />
      )}
      {overview.data && (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <PlatformPanel
              title="TELEGRAM · PAID CHATS"
              targetLabel="Chat"
              p={overview.data.telegram}
              activeSubscribers={overview.data.activeSubscribers}
              testId="community-telegram-panel"
            />
            <PlatformPanel
              title="DISCORD · ROOM ROLES"
              targetLabel="Role"
              p={overview.data.discord}
              activeSubscribers={overview.data.activeSubscribers}
              testId="community-discord-panel"
            />
          </SimpleGrid>
          <Stack gap="xs">
            <Title order={3} fz="h5">
              RECENT ACTIONS
            </Title>
            <Paper className="t0-surface" p={0}>
              <ConsoleTable
                label="Community actions"
                testId="community-tasks"
                columns={TASK_COLUMNS}
                rows={overview.data.tasks}
                rowKey={(task) => task.id}
                rowAttributes={(task) => ({ title: task.lastError ?? undefined })}
                minWidth={760}
                empty={
                  <Text size="sm" c="dimmed" p="md">
                    No actions yet.
                  </Text>
                }
              />
            </Paper>
          </Stack>
        </>
      )}
    </Stack>
  );
}
