import { useLivePoll } from '../../../lib/live/store';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  ACTIVITY_LABELS,
  activePaidSubscribers,
  activityClass,
  grantsAccess,
  POLL,
  subscriberSummary,
  type ActivityClass,
  type AdminUser,
} from '@t0/contracts';
import { formatDateTime, formatLongDate } from '../../../lib/time-zone';
import { useQuery } from '@tanstack/react-query';
import { RelativeTime } from '../../../components/RelativeTime';
import { useTRPC } from '../../../lib/trpc';
import { ConsoleTable, type ConsoleColumn } from '../ConsoleTable';

const ACTIVITY_COLORS: Record<ActivityClass, string> = {
  recent: 'terminal',
  week: 'blue',
  inactive: 'amber',
  never: 'gray',
};

/** Stripe Connected counts real Stripe customers only, not the local test-mode checkout's. */
const forSummary = (u: AdminUser) => ({
  ...u,
  stripeCustomerId: u.paymentProvider === 'stripe' ? u.stripeCustomerId : null,
});

const SUBSCRIBER_COLUMNS: ConsoleColumn<AdminUser>[] = [
  {
    key: 'user',
    header: 'User Details',
    wrap: true,
    render: (u) => (
      <Stack gap={0}>
        <Text size="sm" fw={700}>
          {[u.firstName, u.lastName].filter(Boolean).join(' ') || 'No name'}
        </Text>
        <Text size="xs" style={{ wordBreak: 'break-all' }}>
          {u.email}
        </Text>
        <Text size="xs" c="dimmed">
          #{u.id} · joined {formatLongDate(u.createdAt) ?? '—'}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'subscription',
    header: 'Subscription',
    render: (u) => (
      <Stack gap={4} align="flex-start">
        <Badge
          color={grantsAccess(String(u.subscriptionStatus ?? '').toLowerCase()) ? 'terminal' : 'red'}
          variant="light"
        >
          {u.subscriptionStatus.toUpperCase()}
        </Badge>
        <Text size="xs" c="dimmed">
          {u.paymentProvider === 'stripe'
            ? 'Stripe'
            : u.paymentProvider === 'local'
              ? 'Test mode'
              : 'No payment record'}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'access',
    header: 'Access Status',
    render: (u) => (
      <Stack gap={4} align="flex-start">
        <Badge color={u.hasActiveSubscription ? 'terminal' : 'red'} variant="outline">
          {u.hasActiveSubscription ? 'FULL ACCESS' : 'NO ACCESS'}
        </Badge>
        {u.isAdmin && (
          <Badge color="grape" variant="outline">
            ADMIN
          </Badge>
        )}
      </Stack>
    ),
  },
  {
    key: 'device',
    header: 'Location & Device',
    wrap: true,
    render: (u) => (
      <Stack gap={0}>
        <Text size="xs">{u.location ?? 'Unknown location'}</Text>
        <Text size="xs" c="dimmed">
          {u.ipAddress ?? 'No IP recorded'}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={2} title={u.deviceInfo ?? undefined} maw={220}>
          {u.deviceInfo ?? 'No device data'}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'login',
    header: 'Recent Login',
    render: (u) =>
      u.lastLoginAt ? (
        <Stack gap={0}>
          <RelativeTime value={u.lastLoginAt} size="xs" />
          <Text size="xs" c="dimmed">
            {formatDateTime(u.lastLoginAt)}
          </Text>
        </Stack>
      ) : (
        <Text size="xs" fw={700} c="var(--t0-down)">
          NEVER LOGGED IN
        </Text>
      ),
  },
  {
    key: 'activity',
    header: 'Activity',
    render: (u) => {
      const activity = activityClass(u.lastLoginAt);
      return (
        <Badge color={ACTIVITY_COLORS[activity]} variant="light">
          {ACTIVITY_LABELS[activity]}
        </Badge>
      );
    },
  },
];

/** The console's Active Paid Subscribers Monitoring table. */
export function SubscribersMonitor() {
  const trpc = useTRPC();
  const users = useQuery(trpc.admin.users.queryOptions(undefined, { refetchInterval: useLivePoll(POLL.adminUsersMs) }));
  const subscribers = activePaidSubscribers(users.data ?? []);
  const summary = subscriberSummary(subscribers.map(forSummary));

  const tiles = [
    { label: 'ACTIVE TODAY', value: summary.activeToday },
    { label: 'NEVER LOGGED', value: summary.neverLogged },
    { label: 'STRIPE CONNECTED', value: summary.stripeConnected },
    { label: 'LOGIN RATE', value: `${summary.loginRate}%` },
  ];

  return (
    <Paper
      p="lg"
      className="t0-surface"
      component="section"
      aria-labelledby="subscribers-title"
      data-testid="subscribers-monitor"
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="h4" id="subscribers-title">
            ACTIVE PAID SUBSCRIBERS MONITORING
          </Title>
          <Badge variant="light" size="lg">
            {users.data ? `${subscribers.length} ACTIVE` : '…'}
          </Badge>
        </Group>

        <ConsoleTable
          label="Active paid subscribers"
          testId="subscribers-table"
          columns={SUBSCRIBER_COLUMNS}
          rows={users.data ? subscribers : undefined}
          rowKey={(u) => u.id}
          minWidth={960}
          alignTop
          loading={users.isLoading}
          loadingRows={3}
          error={
            users.isError
              ? { text: 'Failed to load subscribers.', onRetry: () => void users.refetch(), retrying: users.isFetching }
              : null
          }
          empty={{ text: 'NO ACTIVE SUBSCRIBERS' }}
        />

        {users.data && (
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" data-testid="subscriber-summary">
            {tiles.map((t) => (
              <Paper key={t.label} p="sm" bg="var(--t0-surface-2)">
                <Text className="t0-label">{t.label}</Text>
                <Text fz={22} fw={800} className="t0-num">
                  {t.value}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
