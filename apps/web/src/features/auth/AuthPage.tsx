import { Anchor, Box, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../lib/i18n/language';
import { Link, useLocation } from 'react-router';
import { LogoMark } from '../../components/shell/Brand';
import { ThemeToggle } from '../../components/shell/ThemeToggle';
import { useAuth } from '../../lib/auth';
import { readValue, STORAGE_KEYS } from '../../lib/local-store';
import { ChosenPlan } from '../checkout/ChosenPlan';
import { useChosenPlan } from '../checkout/plans';
import classes from './auth.module.css';
import { ForgotPasswordModal } from './ForgotPasswordModal';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import { splitName } from './register-rules';
import { SignedInPanel } from './SignedInPanel';
import { StatsCarousel } from './StatsCarousel';

type Mode = 'login' | 'register';

const features = ['auth:side.signals', 'auth:side.analysis', 'auth:side.moneyFlow', 'auth:side.resources'] as const;

function AuthScreen({ defaultMode }: { defaultMode: Mode }) {
  const { user } = useAuth();
  const { t } = useT();
  const [mode, setMode] = useState<Mode>(defaultMode);
  const [forgot, setForgot] = useState<{ open: boolean; email: string }>({ open: false, email: '' });
  const storedEmail = readValue(STORAGE_KEYS.traderEmail) ?? '';
  const storedName = splitName(readValue(STORAGE_KEYS.traderName));
  // The plan chosen on the landing page (or by an offer's link) travels through sign-up and sign-in.
  const chosen = useChosenPlan();

  return (
    <Box className={classes.page} data-testid="auth-page">
      <aside className={classes.side} aria-label={t('auth:side.label')}>
        <Stack gap="xl" className={classes.sideInner}>
          <Group gap="sm">
            <LogoMark size={36} />
            <Text fw={800} fz="lg" lts="0.14em">
              T0<span className={classes.accent}>_</span>TERMINAL
            </Text>
          </Group>
          <Title order={2} className={classes.sideTitle}>
            {t('auth:side.titleStart')}
            <span className={classes.accent}>{t('auth:side.titleAccent')}</span>
          </Title>
          <StatsCarousel />
          <Stack gap={6}>
            {features.map((f) => (
              <Text key={f} fz="sm" c="dimmed">
                <span className={classes.accent}>▸</span> {t(f)}
              </Text>
            ))}
          </Stack>
        </Stack>
      </aside>

      <main className={classes.main}>
        <Group justify="space-between" className={classes.topBar}>
          <Anchor component={Link} to="/" fz="sm" c="dimmed" className={classes.back}>
            <IconArrowLeft size={16} aria-hidden className={classes.backIcon} /> {t('auth:back')}
          </Anchor>
          <ThemeToggle />
        </Group>
        <Paper className={classes.card} p={{ base: 'lg', sm: 'xl' }} bg="var(--t0-surface-1)">
          <Stack gap="lg">
            <Anchor component={Link} to="/" aria-label={t('shell:brand.home')} className={classes.mobileLogo}>
              <LogoMark size={40} />
            </Anchor>
            <Stack gap={4} align="center" ta="center">
              <IconShieldLock size={28} color="var(--t0-accent)" aria-hidden />
              <Title order={1} fz="h3" lts="0.08em">
                {user ? t('auth:title.pending') : mode === 'login' ? t('auth:title.login') : t('auth:title.register')}
              </Title>
              <Text fz="xs" c="dimmed">
                {user ? t('auth:subtitle.pending') : t('auth:subtitle.default')}
              </Text>
            </Stack>
            {user ? (
              <SignedInPanel user={user} chosen={chosen} />
            ) : (
              <>
                <SegmentedControl
                  fullWidth
                  value={mode}
                  onChange={(v) => setMode(v as Mode)}
                  data={[
                    { value: 'login', label: t('auth:mode.login') },
                    { value: 'register', label: t('auth:mode.register') },
                  ]}
                  aria-label={t('auth:mode.label')}
                />
                {mode === 'login' ? (
                  <>
                    {chosen.named && <ChosenPlan chosen={chosen} label={t('auth:plan.signInToGet')} />}
                    <LoginForm
                      initialEmail={storedEmail}
                      onForgot={(email) => setForgot({ open: true, email })}
                      stayWithoutAccess={chosen.named}
                    />
                  </>
                ) : (
                  <>
                    <ChosenPlan chosen={chosen} />
                    <RegisterForm initial={{ email: storedEmail, ...storedName }} plan={chosen.plan} />
                  </>
                )}
              </>
            )}
          </Stack>
        </Paper>
        <Box hiddenFrom="md" mt="lg" w="100%" maw={440}>
          <StatsCarousel />
        </Box>
      </main>
      <ForgotPasswordModal
        opened={forgot.open}
        email={forgot.email}
        onClose={() => setForgot((f) => ({ ...f, open: false }))}
        key={String(forgot.open)}
      />
    </Box>
  );
}

/** /auth, /auth-new and /subscribe: LOGIN by default; /subscribe opens REGISTER. */
export function AuthPage() {
  const { pathname } = useLocation();
  return <AuthScreen defaultMode={pathname === '/subscribe' ? 'register' : 'login'} />;
}

/** /login: the same screen in LOGIN mode. */
export function LoginPage() {
  return <AuthScreen defaultMode="login" />;
}
