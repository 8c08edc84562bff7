import { Anchor, Box, Button, Group, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useT } from '../../lib/i18n/language';
import { Link } from 'react-router';
import { MobileMenu } from '../../components/MobileDrawer';
import { Brand } from '../../components/shell/Brand';
import { ThemeToggle } from '../../components/shell/ThemeToggle';
import { logout, useAuth } from '../../lib/auth';
import classes from './landing.module.css';

const sections = [
  { key: 'landing:nav.platform', href: '#features' },
  { key: 'landing:nav.preview', href: '#preview' },
  { key: 'landing:nav.plans', href: '#plans' },
  { key: 'landing:nav.access', href: '#contact' },
] as const;

/** The landing page's top navigation. */
export function LandingNav() {
  const { user } = useAuth();
  const { t } = useT();
  return (
    <Box component="header" className={classes.nav}>
      <Group justify="space-between" wrap="nowrap" className={classes.container} h="100%">
        <Group gap="sm" wrap="nowrap">
          <MobileMenu />
          <Brand />
        </Group>
        <Group gap="lg" visibleFrom="md" component="nav" aria-label={t('landing:nav.sections')}>
          {sections.map((s) => (
            <Anchor key={s.href} href={s.href} c="dimmed" fz="sm" fw={600} className={classes.navLink}>
              {t(s.key)}
            </Anchor>
          ))}
          <Anchor component={Link} to="/blog" c="dimmed" fz="sm" fw={600} className={classes.navLink}>
            {t('landing:nav.blog')}
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
                {t('shell:menu.logout')}
              </Button>
            </>
          ) : (
            <>
              <Button component={Link} to="/auth" variant="default" size="xs" visibleFrom="sm">
                {t('landing:nav.memberLogin')}
              </Button>
              <Button component={Link} to="/auth" size="xs" visibleFrom="xs">
                {t('landing:hero.accessTerminal')}
              </Button>
              <Button component={Link} to="/auth" size="xs" hiddenFrom="xs">
                {t('landing:nav.login')}
              </Button>
            </>
          )}
        </Group>
      </Group>
    </Box>
  );
}
