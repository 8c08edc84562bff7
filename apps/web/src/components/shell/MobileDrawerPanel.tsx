import { Badge, Box, Button, Divider, Drawer, Group, NavLink, Stack, Text } from '@mantine/core';
import {
  IconBell,
  IconChartCandle,
  IconEye,
  IconHome,
  IconKey,
  IconLayoutGrid,
  IconLogout,
  IconNews,
  IconTags,
  IconUser,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { logout, useAuth } from '../../lib/auth';
import { LogoMark } from './Brand';
import { useT } from '../../lib/i18n/language';

const memberItems = [
  { label: 'shell:menu.tradingTerminal', to: '/dashboard', icon: IconChartCandle },
  { label: 'shell:menu.blog', to: '/blog', icon: IconNews },
  { label: 'shell:menu.userProfile', to: '/profile', icon: IconUser },
  { label: 'shell:menu.notificationCenter', to: '/system-status', icon: IconBell },
] as const;

/** Guests: the landing page's sections (as in its top navigation) and the public blog. */
const guestItems = [
  { label: 'shell:menu.home', to: '/#home', icon: IconHome },
  { label: 'landing:nav.platform', to: '/#features', icon: IconLayoutGrid },
  { label: 'landing:nav.preview', to: '/#preview', icon: IconEye },
  { label: 'landing:nav.plans', to: '/#plans', icon: IconTags },
  { label: 'landing:nav.access', to: '/#contact', icon: IconKey },
  { label: 'shell:menu.blog', to: '/blog', icon: IconNews },
] as const;

function SessionCard({ email }: { email: string | undefined }) {
  const rows = [
    ['STATUS', 'AUTHENTICATED'],
    ['ACCESS', 'INSTITUTIONAL'],
    ['UPTIME', 'ACTIVE'],
  ] as const;
  return (
    <Box
      p="sm"
      bg="var(--t0-surface-2)"
      bd="1px solid var(--t0-border)"
      style={{ borderRadius: 4 }}
      data-testid="session-card"
    >
      <Text className="t0-label">SESSION</Text>
      <Text fz="sm" fw={700} truncate="end" title={email}>
        {email ?? 'user@terminal'}
      </Text>
      <Stack gap={2} mt={6}>
        {rows.map(([k, v]) => (
          <Group key={k} justify="space-between" gap="xs">
            <Text fz="xs" c="dimmed">
              {k}
            </Text>
            <Badge size="xs" variant="light" color={k === 'STATUS' ? 'terminal' : 'gray'}>
              {v}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Box>
  );
}

export interface MobileDrawerProps {
  opened: boolean;
  onClose: () => void;
}

/** The navigation drawer for narrow screens (below 768 px), opening from the left. */
export function MobileDrawerPanel({ opened, onClose }: MobileDrawerProps) {
  const { user, isAuthenticated } = useAuth();
  const { t } = useT();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="left"
      size={300}
      hiddenFrom="md"
      title={
        <Group gap={8}>
          <LogoMark size={24} />
          <Text fw={800} lts="0.12em">
            T0_TERMINAL
          </Text>
        </Group>
      }
      closeButtonProps={{ 'aria-label': t('shell:menu.close') }}
      data-testid="mobile-drawer"
    >
      <Stack gap="md" component="nav" aria-label={t('shell:menu.mobileLabel')}>
        {isAuthenticated ? (
          <>
            <SessionCard email={user?.email} />
            <Stack gap={2}>
              {memberItems.map(({ label, to, icon: Icon }) => (
                <NavLink
                  key={to}
                  component={Link}
                  to={to}
                  label={t(label)}
                  leftSection={<Icon size={18} aria-hidden />}
                  onClick={onClose}
                />
              ))}
            </Stack>
            <Divider />
            <Button variant="light" color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={logout}>
              {t('shell:menu.terminateSession')}
            </Button>
          </>
        ) : (
          <>
            <Stack gap={2}>
              {guestItems.map(({ label, to, icon: Icon }) => (
                <NavLink
                  key={to}
                  component={Link}
                  to={to}
                  label={t(label)}
                  leftSection={<Icon size={18} aria-hidden />}
                  onClick={onClose}
                />
              ))}
            </Stack>
            <Button component={Link} to="/auth" onClick={onClose}>
              {t('shell:menu.authenticate')}
            </Button>
          </>
        )}
      </Stack>
    </Drawer>
  );
}
