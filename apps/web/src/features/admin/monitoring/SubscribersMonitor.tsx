import { useLivePoll } from '../../../lib/live/store';
import { Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
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
import { ScrollTable } from '../ScrollTable';

const ACTIVITY_COLORS: Record<ActivityClass, string> = { recent: 'terminal', week: 'blue', inactive: 'amber', never: 'gray' };

/** Stripe Connected counts real Stripe customers only, not the local test-mode checkout's. */
const forSummary = (u: AdminUser) => ({ ...u, stripeCustomerId: u.paymentProvider === 'stripe' ? u.stripeCustomerId : null });

/** Active Paid Subscribers Monitoring (spec 3 §2). */
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
    <Paper p="lg" className="t0-surface" component="section" aria-labelledby="subscribers-title" data-testid="subscribers-monitor">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="h4" id="subscribers-title">
            ACTIVE PAID SUBSCRIBERS MONITORING
          </Title>
          <Badge variant="light" size="lg">
            {users.data ? `${subscribers.length} ACTIVE` : '…'}
          </Badge>
        </Group>

        {users.isLoading && <Skeleton h={120} />}
        {users.isError && (
          <Group justify="space-between" role="alert">
            <Text c="var(--t0-down)">Failed to load subscribers.</Text>
            <Button size="xs" variant="default" onClick={() => void users.refetch()}>
              RETRY
            </Button>
          </Group>
        )}
        {users.data && subscribers.length === 0 && (
          <Text ta="center" c="dimmed" fw={700} py="md">
            NO ACTIVE SUBSCRIBERS
          </Text>
        )}
        {subscribers.length > 0 && (
          <ScrollTable label="Active paid subscribers" minWidth={960}>
            <Table verticalSpacing="sm" data-testid="subscribers-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>User Details</Table.Th>
                  <Table.Th>Subscription</Table.Th>
                  <Table.Th>Access Status</Table.Th>
                  <Table.Th>Location &amp; Device</Table.Th>
                  <Table.Th>Recent Login</Table.Th>
                  <Table.Th>Activity</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {subscribers.map((u) => (
                  <SubscriberRow key={u.id} user={u} />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}

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

function SubscriberRow({ user: u }: { user: AdminUser }) {
  const activity = activityClass(u.lastLoginAt);
  const name = [u.firstName, u.lastName].filter(Boolean).join(' ');
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm" fw={700}>
            {name || 'No name'}
          </Text>
          <Text size="xs" style={{ wordBreak: 'break-all' }}>
            {u.email}
          </Text>
          <Text size="xs" c="dimmed">
            #{u.id} · joined {formatLongDate(u.createdAt) ?? '—'}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-start">
          <Badge color={grantsAccess(String(u.subscriptionStatus ?? '').toLowerCase()) ? 'terminal' : 'red'} variant="light">
            {u.subscriptionStatus.toUpperCase()}
          </Badge>
          <Text size="xs" c="dimmed">
            {u.paymentProvider === 'stripe' ? 'Stripe' : u.paymentProvider === 'local' ? 'Test mode' : 'No payment record'}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
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
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Text size="xs">{u.location ?? 'Unknown location'}</Text>
          <Text size="xs" c="dimmed">
            {u.ipAddress ?? 'No IP recorded'}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2} title={u.deviceInfo ?? undefined} maw={220}>
            {u.deviceInfo ?? 'No device data'}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        {u.lastLoginAt ? (
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
        )}
      </Table.Td>
      <Table.Td>
        <Badge color={ACTIVITY_COLORS[activity]} variant="light">
          {ACTIVITY_LABELS[activity]}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}
