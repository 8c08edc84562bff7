import { Anchor, Badge, Box, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { splitAlerts, type UserNotification } from '@t0/contracts';
import { IconCircleCheck, IconHome } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { SubpageBar } from '../../components/shell/SubpageBar';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { useNotificationCommands } from '../notifications/notification-commands';
import { useSignals, useUnreadCount, useUserNotifications } from '../../lib/queries';
import { AlertItem } from './AlertItem';
import { useTimeZone } from '../../lib/time-zone';
import { useNotificationsT } from '../notifications/words';

function AlertList({
  title,
  items,
  testId,
  commands,
  openedId,
}: {
  title: string;
  items: UserNotification[];
  testId: string;
  commands: ReturnType<typeof useNotificationCommands>;
  openedId: number | null;
}) {
  const { t } = useNotificationsT();
  return (
    <Paper
      p={{ base: 'sm', sm: 'md' }}
      bg="var(--t0-surface-1)"
      component="section"
      aria-label={title}
      data-testid={testId}
    >
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" lts="0.08em">
          {title}
        </Title>
        <Badge variant="outline" color="gray" radius="xs" className="t0-num">
          {items.length}
        </Badge>
      </Group>
      {items.length === 0 ? (
        <EmptyState text={t('notifications:center.empty')} icon={<IconCircleCheck size={28} stroke={1.5} />} />
      ) : (
        <Stack gap="xs">
          {items.map((item) => (
            <AlertItem
              key={item.id}
              item={item}
              onRead={commands.markRead}
              onUnread={commands.markUnread}
              busy={commands.pending}
              opened={item.id === openedId}
            />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** `?open=<id>` (an item clicked in the notifications popover): that alert, scrolled to and focused once loaded. */
function useOpenedAlert(loaded: boolean): number | null {
  const [params] = useSearchParams();
  const raw = Number(params.get('open'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  useEffect(() => {
    if (!loaded || id === null) return;
    const el = document.getElementById(`alert-${id}`);
    el?.scrollIntoView({
      block: 'center',
      behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
    });
    el?.focus({ preventScroll: true });
  }, [loaded, id]);
  return id;
}

/** The notification center: unread count, MARK ALL READ, ACTIVE and PROCESSED alerts. */
export function SystemStatusPage() {
  useTimeZone();
  const { isAuthenticated } = useAuth();
  const list = useUserNotifications(isAuthenticated);
  const count = useUnreadCount(isAuthenticated);
  const signals = useSignals({ enabled: isAuthenticated, variant: 'default' });
  const commands = useNotificationCommands();
  const unread = count.data?.count ?? 0;
  const { active, processed } = splitAlerts(list.data ?? [], signals.data ?? []);
  const openedId = useOpenedAlert(list.isSuccess);
  const { t } = useNotificationsT();

  return (
    <Box mih="100vh" data-testid="SystemStatusPage">
      <SubpageBar
        label={t('notifications:center.navLabel')}
        right={
          <Anchor component={Link} to="/" fw={700} size="sm">
            <IconHome size={14} aria-hidden="true" style={{ verticalAlign: 'middle' }} /> {t('shell:menu.home')}
          </Anchor>
        }
      />
      <Container size="md" px={{ base: 'sm', sm: 'md' }} py="md" component="main">
        <Stack gap="md">
          <Paper p={{ base: 'sm', sm: 'md' }} bg="var(--t0-surface-1)">
            <Group justify="space-between" align="center" gap="sm">
              <Stack gap={2}>
                <Title order={1} size="h3" lts="0.1em">
                  {t('notifications:popover.center')}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('notifications:center.alerts')} ·{' '}
                  <Text
                    span
                    fw={700}
                    c={unread > 0 ? 'var(--t0-accent)' : undefined}
                    className="t0-num"
                    data-testid="unread-count"
                  >
                    {unread}
                  </Text>{' '}
                  {t('notifications:center.unread')}
                </Text>
              </Stack>
              {unread > 0 && (
                <Button size="xs" onClick={commands.markAllRead} loading={commands.markAllPending}>
                  {t('notifications:popover.markAllRead')}
                </Button>
              )}
            </Group>
          </Paper>
          {list.isLoading ? (
            <LoadingSkeleton variant="rows" count={4} label={t('notifications:center.loading')} />
          ) : list.isError && !list.data ? (
            <ErrorPanel
              text={errorMessage(list.error, t('notifications:center.loadFailed'))}
              onRetry={() => void list.refetch()}
              retrying={list.isRefetching}
            />
          ) : (
            <>
              <AlertList
                title={t('notifications:center.active')}
                items={active}
                testId="active-alerts"
                commands={commands}
                openedId={openedId}
              />
              <AlertList
                title={t('notifications:center.processed')}
                items={processed}
                testId="processed-alerts"
                commands={commands}
                openedId={openedId}
              />
            </>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
