import { useLivePoll } from '../../lib/live/store';
import { Anchor, Badge, Box, Container, Group, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBell, IconBroadcast, IconChartLine, IconUsers } from '@tabler/icons-react';
import { POLL, type DeskView, type User } from '@t0/contracts';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { StatCard } from '../../components/StatCard';
import { Brand } from '../../components/shell/Brand';
import { ThemeToggle } from '../../components/shell/ThemeToggle';
import { useTRPC } from '../../lib/trpc';
import { useExpiredSessionRedirect } from './feedback';
import { useOperations } from './monitoring/operations';
import { SubscribersMonitor } from './monitoring/SubscribersMonitor';
import { WelcomeEmailMonitor } from './monitoring/WelcomeEmailMonitor';
import { DEFAULT_TAB, isAdminTab, tabsFor, type AdminTab } from './tabs';
import { ADMIN_DESK, DeskContext } from './desk';
import { AnalystOwnFigures } from './analysts/AnalystOwnFigures';
import classes from './AdminConsole.module.css';

/** The console: an administrator's, or an analyst's (`desk`: only their tabs, rooms and records). */
export function AdminConsole({ user, desk = ADMIN_DESK }: { user: User; desk?: DeskView }) {
  const [params, setParams] = useSearchParams();
  const tabs = tabsFor(desk.kind);
  const requested = params.get('tab');
  const tab: AdminTab = isAdminTab(requested) && tabs.some((t) => t.value === requested) ? requested : DEFAULT_TAB;
  // Any read in the console that answers 401: SESSION EXPIRED and on to /auth (every tab included).
  useExpiredSessionRedirect();
  const analyst = desk.kind === 'analyst';

  return (
    <DeskContext.Provider value={desk}>
      {/* The console is English, so it runs left to right whatever the administrator's language. */}
      <Box component="div" className={classes.page} dir="ltr">
        <header className={classes.header}>
          <Container size="xl" py="sm">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Brand />
              <Group gap="xs" wrap="nowrap">
                <Anchor component={Link} to="/dashboard" size="sm" visibleFrom="sm">
                  TERMINAL
                </Anchor>
                <ThemeToggle />
              </Group>
            </Group>
          </Container>
        </header>

        <Container size="xl" py="lg" component="main">
          <Stack gap="lg">
            {analyst ? (
              <Stack gap={2}>
                <Text className="t0-label">ANALYST CONSOLE</Text>
                <Title order={1} fz={{ base: 'h3', sm: 'h2' }} lts="0.04em" data-testid="analyst-name">
                  {desk.displayName ?? 'ANALYST'}
                </Title>
                <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }} data-testid="admin-email">
                  {user.email} · rooms: {(desk.rooms ?? []).join(', ') || 'none yet'}
                </Text>
                {desk.slug && <AnalystOwnFigures slug={desk.slug} />}
              </Stack>
            ) : (
              <AdminOverview user={user} />
            )}

            <Tabs
              value={tab}
              onChange={(next) => {
                if (!isAdminTab(next)) return;
                setParams(next === DEFAULT_TAB ? {} : { tab: next }, { replace: true });
              }}
              keepMounted={false}
              classNames={{ list: classes.tabList, tab: classes.tab }}
            >
              <Tabs.List aria-label="Console sections">
                {tabs.map((t) => (
                  <Tabs.Tab key={t.value} value={t.value} leftSection={<t.icon size={14} aria-hidden />}>
                    {t.label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {tabs.map((t) => (
                <Tabs.Panel key={t.value} value={t.value} pt="lg">
                  <Suspense fallback={<LoadingSkeleton count={3} label={`Loading ${t.label}`} />}>
                    <t.component />
                  </Suspense>
                </Tabs.Panel>
              ))}
            </Tabs>
          </Stack>
        </Container>
      </Box>
    </DeskContext.Provider>
  );
}

/** The administrator's heading, figures and monitors (an analyst sees none of these). */
function AdminOverview({ user }: { user: User }) {
  const trpc = useTRPC();
  const notifications = useQuery(
    trpc.notifications.list.queryOptions(undefined, { refetchInterval: useLivePoll(POLL.adminNotificationsMs) }),
  );
  const stats = useQuery(
    trpc.notifications.stats.queryOptions(undefined, { refetchInterval: useLivePoll(POLL.notificationStatsMs) }),
  );
  const ops = useOperations();
  const byType = stats.data?.byType ?? {};
  // SIGNALS counts published signals (the spec counted signal notifications: kept as its hint).
  const cards = [
    { label: 'TOTAL SENT', value: stats.data?.total, icon: IconBroadcast, hint: 'notifications' },
    { label: 'ACTIVE USERS', value: stats.data?.activeSubscribers, icon: IconUsers, hint: 'active subscriptions' },
    { label: 'ALERTS', value: byType.alert ?? 0, icon: IconAlertTriangle, hint: 'alert notifications' },
    {
      label: 'SIGNALS',
      value: ops.isError ? '--' : ops.data?.signals.published,
      icon: IconChartLine,
      hint: `published · ${byType.signal ?? 0} signal notifications`,
    },
  ];

  return (
    <>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Text className="t0-label">ADMIN CONSOLE</Text>
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }} lts="0.04em">
            NOTIFICATION CONTROL CENTER
          </Title>
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }} data-testid="admin-email">
            {user.email}
          </Text>
        </Stack>
        <Badge
          size="lg"
          variant="light"
          leftSection={<IconBell size={14} aria-hidden />}
          data-testid="notification-count"
        >
          {notifications.data ? `${notifications.data.length} NOTIFICATIONS` : 'NOTIFICATIONS ...'}
        </Badge>
      </Group>

      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" data-testid="admin-stats">
        {cards.map(({ label, value, icon: Icon, hint }) => (
          <StatCard
            key={label}
            label={label}
            icon={<Icon size={18} />}
            tone="accent"
            hint={hint}
            value={stats.isLoading || value === undefined ? <Skeleton h={26} w={56} /> : stats.isError ? '--' : value}
          />
        ))}
      </SimpleGrid>

      <WelcomeEmailMonitor />
      <SubscribersMonitor />
    </>
  );
}
