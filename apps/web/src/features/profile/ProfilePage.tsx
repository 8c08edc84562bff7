import { Anchor, Badge, Box, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconBell,
  IconChartCandle,
  IconCode,
  IconCreditCard,
  IconGift,
  IconLogout,
  IconShieldLock,
  IconUser,
} from '@tabler/icons-react';
import type { User } from '@t0/contracts';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MobileMenu } from '../../components/MobileDrawer';
import { Brand } from '../../components/shell/Brand';
import { ThemeToggle } from '../../components/shell/ThemeToggle';
import { logout, useAuth } from '../../lib/auth';
import { accessOf } from '../../lib/gates';
import { AlertsSection } from './AlertsSection';
import { BillingSection } from './BillingSection';
import { DeveloperSection } from './DeveloperSection';
import classes from './profile.module.css';
import { ProfileSection } from './ProfileSection';
import { SecuritySection } from './SecuritySection';
import { TwoFactorSection } from '../second-factor/TwoFactorSection';
import { TradingConfigSection } from './TradingConfigSection';
import { ReferralSection } from './ReferralSection';
import { statusKey, useProfileT } from './words';

/**
 * The subscription's status as the header shows it: the stored Stripe status, or ACTIVE when the
 * account has access without one (a Whop membership, free days), as the terminal's header says.
 */
function subscriptionLabel(user: Pick<User, 'hasActiveSubscription' | 'subscriptionStatus'>) {
  const stored = user.subscriptionStatus || 'inactive';
  if (user.hasActiveSubscription && ['inactive', 'canceled', 'incomplete_expired'].includes(stored)) return 'active';
  return stored;
}

const tabs = [
  { value: 'profile', label: 'profile:tab.profile', icon: IconUser },
  { value: 'security', label: 'profile:tab.security', icon: IconShieldLock },
  { value: 'billing', label: 'profile:tab.billing', icon: IconCreditCard },
  { value: 'alerts', label: 'profile:tab.alerts', icon: IconBell },
  { value: 'trading', label: 'profile:tab.trading', icon: IconChartCandle },
  { value: 'developer', label: 'profile:tab.developer', icon: IconCode },
  { value: 'referral', label: 'profile:tab.referral', icon: IconGift },
] as const;
type TabValue = (typeof tabs)[number]['value'];

/** /profile: the account's sections (the specification's five, Billing and Referral). */
export function ProfilePage() {
  const { user, hasChecked } = useAuth();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { t } = useProfileT();
  const wide = useMediaQuery('(min-width: 48em)', true);
  const section = (tabs.find((t) => t.value === params.get('section'))?.value ?? 'profile') as TabValue;

  // The page checks for itself too: signed out means the auth page.
  useEffect(() => {
    if (hasChecked && !user) void navigate('/auth', { replace: true });
  }, [hasChecked, user, navigate]);
  if (!user) return null;

  const access = accessOf(user);
  const statusLabel = (status: string) => {
    const key = statusKey(status);
    return key ? t(key) : status.toUpperCase();
  };
  return (
    <Box mih="100vh" data-testid="profile-page">
      <Box component="header" className={classes.bar}>
        <Group justify="space-between" wrap="nowrap" className={classes.container} h="100%">
          <Group gap="sm" wrap="nowrap">
            <MobileMenu />
            <Brand />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Button component={Link} to="/dashboard" variant="subtle" color="gray" size="xs" visibleFrom="md">
              {t('shell:menu.tradingTerminal')}
            </Button>
            <ThemeToggle />
            <Button
              variant="subtle"
              color="gray"
              size="xs"
              leftSection={<IconLogout size={14} aria-hidden />}
              onClick={logout}
              visibleFrom="md"
            >
              {t('shell:menu.logout')}
            </Button>
          </Group>
        </Group>
      </Box>
      <main className={classes.container}>
        <Stack gap={6} py="lg" className={classes.head}>
          <Text className="t0-label">{t('profile:page.label')}</Text>
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }} className={classes.email}>
            {user.email}
          </Title>
          <Group gap={6}>
            <Badge color="terminal" variant="light" radius="xs">
              {t('profile:page.authenticated')}
            </Badge>
            {access === 'admin' && (
              <Badge color="grape" variant="light" radius="xs">
                ADMIN
              </Badge>
            )}
            <Badge
              color={user.hasActiveSubscription || access === 'admin' ? 'terminal' : 'amber'}
              variant="outline"
              radius="xs"
            >
              {t('profile:page.subscription', { status: statusLabel(subscriptionLabel(user)) })}
            </Badge>
          </Group>
          <Anchor component={Link} to="/dashboard" fz="sm" hiddenFrom="md">
            {t('profile:page.back')}
          </Anchor>
        </Stack>
        <Tabs
          value={section}
          onChange={(v) => setParams(v && v !== 'profile' ? { section: v } : {}, { replace: true })}
          orientation={wide ? 'vertical' : 'horizontal'}
          variant={wide ? 'pills' : 'default'}
          classNames={{ list: classes.tabList, panel: classes.panel, tab: classes.tab }}
          keepMounted={false}
          pb="xl"
          style={{ '--tabs-text-color': 'var(--t0-on-filled)' } as React.CSSProperties}
        >
          <Tabs.List aria-label={t('profile:page.sections')}>
            {tabs.map(({ value, label, icon: Icon }) => (
              <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />}>
                {t(label)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="profile">
            <ProfileSection user={user} />
          </Tabs.Panel>
          <Tabs.Panel value="security">
            <Stack gap="lg">
              <SecuritySection twoFactorBelow={user.isAdmin || user.secondFactor === 'code_required'} />
              {(user.isAdmin || user.secondFactor === 'code_required') && <TwoFactorSection account={user.email} />}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="billing">
            <BillingSection />
          </Tabs.Panel>
          <Tabs.Panel value="alerts">
            <AlertsSection user={user} />
          </Tabs.Panel>
          <Tabs.Panel value="trading">
            <TradingConfigSection />
          </Tabs.Panel>
          <Tabs.Panel value="developer">
            <DeveloperSection user={user} />
          </Tabs.Panel>
          <Tabs.Panel value="referral">
            <ReferralSection />
          </Tabs.Panel>
        </Tabs>
      </main>
    </Box>
  );
}
