import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Divider,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { badgeText, popoverItems, type SignalView, type UserNotification } from '@t0/contracts';
import { IconBell, IconCheck, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RelativeTime } from '../../components/RelativeTime';
import { UpgradeButton } from '../checkout/UpgradeButton';
import { NotificationLabel } from './NotificationLabel';
import classes from './NotificationsPopover.module.css';
import { useNotificationCommands } from './notification-commands';
import { useUnreadCount, useUserNotifications } from '../../lib/queries';
import { useNotificationsT } from './words';

export interface NotificationsPopoverProps {
  enabled: boolean;
  /** Signals for the direction label's nearest-signal rule. */
  signals: readonly SignalView[];
}

function Item({
  item,
  signals,
  onRead,
}: {
  item: UserNotification;
  signals: readonly SignalView[];
  onRead: (id: number) => void;
}) {
  const { t } = useNotificationsT();
  const n = item.notification;
  return (
    <Box
      px="sm"
      py={8}
      bg={item.isRead ? undefined : 'var(--t0-surface-2)'}
      className={classes.item}
      data-testid="popover-item"
      data-read={item.isRead}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="nowrap">
            <NotificationLabel notification={n} signals={signals} />
            {!item.isRead && (
              <Box
                w={6}
                h={6}
                bg="var(--t0-accent)"
                style={{ borderRadius: 6, flexShrink: 0 }}
                aria-label={t('notifications:item.unread')}
                role="img"
              />
            )}
            <Text
              size="sm"
              fw={700}
              truncate="end"
              dir="auto"
              component={Link}
              to={`/system-status?open=${item.id}`}
              className={classes.open}
              aria-label={t('notifications:item.open', { title: n.title })}
            >
              {n.title}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap" align="flex-start">
            {n.locked && (
              <IconLock
                size={12}
                color="var(--t0-warn)"
                style={{ flexShrink: 0, marginTop: 2 }}
                aria-label={t('notifications:item.locked')}
              />
            )}
            <Text size="xs" c="dimmed" lineClamp={n.locked ? 3 : 2} className="t0-prose" dir="auto">
              {n.message}
            </Text>
          </Group>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <RelativeTime value={n.createdAt} size="xs" c="dimmed" translated />
            {n.locked && <UpgradeButton subject="this signal" testId="notification-upgrade" />}
          </Group>
        </Stack>
        {!item.isRead && (
          <Tooltip label={t('notifications:item.markRead')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              className={classes.control}
              aria-label={t('notifications:item.markReadLabel', { title: n.title })}
              onClick={() => onRead(item.id)}
            >
              <IconCheck size={14} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Box>
  );
}

/** The bell with the unread badge (99+), and the latest 10 notifications in a popover. */
export function NotificationsPopover({ enabled, signals }: NotificationsPopoverProps) {
  const { t } = useNotificationsT();
  const count = useUnreadCount(enabled);
  const list = useUserNotifications(enabled);
  const commands = useNotificationCommands();
  const unread = count.data?.count ?? 0;
  const badge = badgeText(unread);
  const { shown, footer } = popoverItems(list.data ?? []);
  const total = list.data?.length ?? 0;

  return (
    <Popover width={380} position="bottom-end" shadow="md" withArrow trapFocus onOpen={() => void list.refetch()}>
      <Indicator
        label={badge}
        size={16}
        disabled={!badge}
        color="red"
        offset={4}
        inline
        styles={{ indicator: { fontWeight: 700, fontSize: 10 } }}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={badge ? t('notifications:bell.unread', { count: unread }) : t('notifications:bell.label')}
            data-testid="notification-bell"
          >
            <IconBell size={20} aria-hidden="true" />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} bg="var(--t0-surface-1)" data-testid="notifications-popover" maw="calc(100vw - 16px)">
        {/* Longer words (Spanish, Portuguese) put the button under the title rather than cut it. */}
        <Group justify="space-between" px="sm" py="xs" gap={4} wrap="wrap">
          <Text fw={800} size="sm" lts="0.08em">
            {t('notifications:popover.title')}
          </Text>
          {unread > 0 && (
            <Button size="compact-xs" variant="subtle" onClick={commands.markAllRead} loading={commands.markAllPending}>
              {t('notifications:popover.markAllRead')}
            </Button>
          )}
        </Group>
        <Divider />
        <ScrollArea.Autosize mah={380} type="auto">
          {list.isLoading ? (
            <Text size="sm" c="dimmed" ta="center" py="lg">
              {t('notifications:popover.loading')}
            </Text>
          ) : shown.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="lg">
              {t('notifications:popover.empty')}
            </Text>
          ) : (
            <Stack gap={0}>
              {shown.map((item) => (
                <Item key={item.id} item={item} signals={signals} onRead={commands.markRead} />
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
        <Divider />
        <Group justify="space-between" px="sm" py="xs" gap={4} wrap="wrap">
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="popover-footer">
            {footer === null ? '' : t('notifications:popover.showing', { shown: shown.length, count: total })}
          </Text>
          <Anchor component={Link} to="/system-status" size="xs" fw={700} style={{ whiteSpace: 'nowrap' }}>
            {t('notifications:popover.center')}
          </Anchor>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
