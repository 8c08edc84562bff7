import { ActionIcon, Avatar, Box, Button, Group, Tooltip } from '@mantine/core';
import type { SignalView } from '@t0/contracts';
import { IconLogout, IconMessages, IconNotebook, IconRefresh, IconShieldLock, IconUser } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MobileMenu } from '../MobileDrawer';
import { Brand } from './Brand';
import { useAuth } from '../../lib/auth';
import { useTRPC } from '../../lib/trpc';
import { NotificationsPopover } from '../../features/notifications/NotificationsPopover';
import { useT } from '../../lib/i18n/language';

export interface TopNavProps {
  /** Signals for the notifications' direction labels; the cached list is used when not given. */
  signals?: readonly SignalView[];
}

/** Logo, refresh, notifications, profile, admin panel (server's isAdmin; the analyst console for an analyst) and logout; LOGIN / SIGN_UP for visitors. */
export function TopNav({ signals }: TopNavProps) {
  const { user } = useAuth();
  const { t } = useT();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const known = signals ?? queryClient.getQueryData(trpc.signals.list.queryKey()) ?? [];

  return (
    <Box
      component="header"
      px={{ base: 'sm', sm: 'md' }}
      py="xs"
      bg="var(--t0-surface-1)"
      style={{ borderBottom: '1px solid var(--t0-border)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" component="nav" aria-label={t('shell:nav.label')}>
        <Group gap="xs" wrap="nowrap">
          {user && <MobileMenu />}
          <Box visibleFrom="xs">
            <Brand />
          </Box>
          <Box hiddenFrom="xs">
            <Brand compact />
          </Box>
        </Group>
        {user ? (
          <Group gap={6} wrap="nowrap">
            <Tooltip label={t('shell:nav.refresh')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t('shell:nav.refresh')}
                onClick={() => window.location.reload()}
              >
                <IconRefresh size={20} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
            <NotificationsPopover enabled signals={known} />
            {(user.isAdmin || user.isAnalyst) && (
              <>
                <Button
                  component={Link}
                  to="/notifications"
                  size="xs"
                  variant="light"
                  leftSection={<IconShieldLock size={14} aria-hidden="true" />}
                  visibleFrom="sm"
                >
                  {user.isAdmin ? t('shell:nav.adminPanel') : t('shell:nav.analystConsole')}
                </Button>
                <Tooltip label={user.isAdmin ? t('shell:nav.adminPanelHint') : t('shell:nav.analystConsoleHint')}>
                  <ActionIcon
                    component={Link}
                    to="/notifications"
                    variant="light"
                    size="lg"
                    aria-label={user.isAdmin ? t('shell:nav.adminPanelHint') : t('shell:nav.analystConsoleHint')}
                    hiddenFrom="sm"
                  >
                    <IconShieldLock size={18} aria-hidden="true" />
                  </ActionIcon>
                </Tooltip>
              </>
            )}
            <Tooltip label={t('shell:nav.results')}>
              <ActionIcon
                component={Link}
                to="/results"
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t('shell:nav.results')}
              >
                <IconNotebook size={20} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('shell:nav.messages')}>
              <ActionIcon
                component={Link}
                to="/messages"
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t('shell:nav.messages')}
              >
                <IconMessages size={20} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('shell:nav.profile')}>
              <ActionIcon
                component={Link}
                to="/profile"
                variant="subtle"
                color="gray"
                size="lg"
                radius="xl"
                aria-label={t('shell:nav.profile')}
              >
                {user.profileImageUrl ? (
                  <Avatar src={user.profileImageUrl} alt="" size={28} radius="xl" />
                ) : (
                  <IconUser size={20} aria-hidden="true" />
                )}
              </ActionIcon>
            </Tooltip>
            <Button
              component="a"
              href="/api/logout"
              size="xs"
              variant="subtle"
              color="gray"
              leftSection={<IconLogout size={14} aria-hidden="true" />}
              visibleFrom="sm"
            >
              {t('shell:menu.logout')}
            </Button>
          </Group>
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Button component={Link} to="/auth" size="xs" variant="subtle">
              {t('shell:nav.login')}
            </Button>
            <Button component={Link} to="/auth" size="xs">
              {t('shell:nav.signUp')}
            </Button>
          </Group>
        )}
      </Group>
    </Box>
  );
}
