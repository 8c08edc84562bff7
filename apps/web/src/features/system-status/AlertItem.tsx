import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { priorityTone, type UserNotification } from '@t0/contracts';
import { IconLock } from '@tabler/icons-react';
import { RelativeTime } from '../../components/RelativeTime';
import { UpgradeButton } from '../checkout/UpgradeButton';
import { useNotificationsT } from '../notifications/words';

/** A notification's priority and type in the reader's words (catalogue keys); another is shown as stored. */
const PRIORITY_KEYS: Record<string, string> = {
  low: 'notifications:priority.low',
  normal: 'notifications:priority.normal',
  medium: 'notifications:priority.medium',
  high: 'notifications:priority.high',
  critical: 'notifications:priority.critical',
};
const TYPE_KEYS: Record<string, string> = {
  info: 'notifications:type.info',
  success: 'notifications:type.success',
  warning: 'notifications:type.warning',
  error: 'notifications:type.error',
  signal: 'notifications:type.signal',
  alert: 'notifications:type.alert',
  announcement: 'notifications:type.announcement',
};

const toneColour = { high: 'var(--t0-down)', medium: 'var(--t0-warn)', other: 'var(--t0-info)' } as const;

export interface AlertItemProps {
  item: UserNotification;
  onRead: (id: number) => void;
  onUnread: (id: number) => void;
  busy: boolean;
  /** Opened from the notifications popover: shown highlighted. */
  opened?: boolean;
}

/** One alert: priority colour (high red, medium yellow, others blue), text, time, MARK READ / MARK UNREAD. */
export function AlertItem({ item, onRead, onUnread, busy, opened = false }: AlertItemProps) {
  const n = item.notification;
  const tone = priorityTone(n.priority);
  const { t } = useNotificationsT();
  const priorityKey = PRIORITY_KEYS[n.priority];
  const typeKey = TYPE_KEYS[n.type];
  return (
    <Paper
      p="sm"
      bg="var(--t0-surface-2)"
      id={`alert-${item.id}`}
      tabIndex={opened ? -1 : undefined}
      style={{
        borderInlineStart: `3px solid ${toneColour[tone]}`,
        boxShadow: opened ? '0 0 0 2px var(--t0-accent)' : undefined,
        scrollMarginTop: 16,
      }}
      data-testid="alert-item"
      data-read={item.isRead}
      data-priority={tone}
      data-opened={opened || undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="wrap">
            <Text size="xs" fw={700} c={toneColour[tone]} lts="0.06em">
              {priorityKey ? t(priorityKey) : n.priority.toUpperCase()}
            </Text>
            <Text size="xs" c="dimmed">
              · {typeKey ? t(typeKey) : n.type.toUpperCase()}
            </Text>
            {!item.isRead && (
              <Text size="xs" fw={700} c="var(--t0-accent)">
                · {t('notifications:center.unreadBadge')}
              </Text>
            )}
          </Group>
          <Group gap={6} wrap="nowrap">
            {n.locked && (
              <IconLock
                size={14}
                color="var(--t0-warn)"
                style={{ flexShrink: 0 }}
                aria-label={t('notifications:item.locked')}
              />
            )}
            <Text fw={700} size="sm" dir="auto">
              {n.title}
            </Text>
          </Group>
          <Text
            size="sm"
            c="dimmed"
            className="t0-prose"
            dir="auto"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {n.message}
          </Text>
          <RelativeTime value={n.createdAt} size="xs" c="dimmed" translated />
          {n.locked && (
            <Box>
              <UpgradeButton subject="this signal" testId="notification-upgrade" />
            </Box>
          )}
        </Stack>
        <Box style={{ flexShrink: 0 }}>
          {item.isRead ? (
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              onClick={() => onUnread(item.id)}
              disabled={busy}
              aria-label={t('notifications:center.markUnreadLabel', { title: n.title })}
            >
              {t('notifications:center.markUnread')}
            </Button>
          ) : (
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => onRead(item.id)}
              disabled={busy}
              aria-label={t('notifications:center.markReadLabel', { title: n.title })}
            >
              {t('notifications:center.markRead')}
            </Button>
          )}
        </Box>
      </Group>
    </Paper>
  );
}
