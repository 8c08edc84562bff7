import { Anchor, Box, Button, Group, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MobileMenu } from '../../components/MobileDrawer';
import { Brand } from '../../components/shell/Brand';
import { ThemeToggle } from '../../components/shell/ThemeToggle';
import { logout, useAuth } from '../../lib/auth';
import classes from './landing.module.css';

const sections = [
  { label: 'PLATFORM', href: '#features' },
  { label: 'PREVIEW', href: '#preview' },
  { label: 'PLANS', href: '#plans' },
  { label: 'ACCESS', href: '#contact' },
] as const;

/** The landing page's top navigation. */
export function LandingNav() {
  const { user } = useAuth();
  return (
    <Box component="header" className={classes.nav}>
      <Group justify="space-between" wrap="nowrap" className={classes.container} h="100%">
        <Group gap="sm" wrap="nowrap">
          <MobileMenu />
          <Brand />
        </Group>
        <Group gap="lg" visibleFrom="md" component="nav" aria-label="Sections">
          {sections.map((s) => (
            <Anchor key={s.href} href={s.href} c="dimmed" fz="sm" fw={600} className={classes.navLink}>
              {s.label}
            </Anchor>
          ))}
          <Anchor component={Link} to="/blog" c="dimmed" fz="sm" fw={600} className={classes.navLink}>
            BLOG
          </Anchor>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <ThemeToggle />
          {user ? (
            <>
              <Text fz="xs" c="dimmed" visibleFrom="sm" maw={220} truncate="end" title={user.email}>
                {user.email}
              </Text>
              <Button
                variant="subtle"
                color="gray"
                size="xs"
                leftSection={<IconLogout size={14} aria-hidden />}
                onClick={logout}
                visibleFrom="xs"
              >
                LOGOUT
              </Button>
            </>
          ) : (
            <>
              <Button component={Link} to="/auth" variant="default" size="xs" visibleFrom="sm">
                MEMBER LOGIN
              </Button>
              <Button component={Link} to="/auth" size="xs" visibleFrom="xs">
                ACCESS TERMINAL
              </Button>
              <Button component={Link} to="/auth" size="xs" hiddenFrom="xs">
                LOGIN
              </Button>
            </>
          )}
        </Group>
      </Group>
    </Box>
  );
}
