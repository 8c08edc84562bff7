import { Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconMailForward } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LogoMark } from '../../components/shell/Brand';
import { useAuth } from '../../lib/auth';
import { useT } from '../../lib/i18n/language';
import { accessOf, isSubscribed } from '../../lib/gates';
import { readValue, STORAGE_KEYS } from '../../lib/local-store';

/** How long the success screen stays before continuing to the dashboard. */
const CONTINUE_AFTER_MS = 3000;
/** A payment provider may confirm a moment after the redirect: check again this often, this long. */
const CONFIRM_POLL_MS = 2000;
const CONFIRM_GIVE_UP_MS = 30_000;

function clearPending() {
  try {
    window.localStorage.removeItem(STORAGE_KEYS.pendingEmail);
    window.localStorage.removeItem(STORAGE_KEYS.pendingPlan);
  } catch {
    /* nothing to clear */
  }
}

/**
 * A buyer coming back from Whop's checkout (docs/features/whop.md): Whop's redirect is set to this
 * page with `?source=whop`, and Whop's own return parameters say so too. Such a buyer started no
 * checkout here: their account is made from the Whop purchase's e-mail address.
 */
const WHOP_PARAMS = ['payment_id', 'membership_id', 'receipt_id', 'plan_id'] as const;
const fromWhop = (params: URLSearchParams) =>
  params.get('source') === 'whop' || WHOP_PARAMS.some((name) => params.has(name));

/**
 * /auth/whop-success: where a completed checkout returns (Stripe, the local test mode, or Whop).
 * Refreshes the current user and continues to the dashboard once the subscription shows as active.
 */
export function CheckoutSuccessPage() {
  const { user, refetch, hasChecked } = useAuth();
  const { t } = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const testMode = params.get('checkout') === 'test';
  const whop = fromWhop(params);
  const [refreshed, setRefreshed] = useState(false);
  const [gaveUp, setGaveUp] = useState(false);
  const started = useRef(Date.now());
  const active = isSubscribed(accessOf(user));
  const pendingEmail = readValue(STORAGE_KEYS.pendingEmail);

  // Refresh once on arrival: the session's user changed while the browser was away.
  useEffect(() => {
    void refetch().finally(() => setRefreshed(true));
  }, [refetch]);

  // Signed in but not active yet: the provider's confirmation may still be on its way.
  useEffect(() => {
    if (!refreshed || active || !user || gaveUp) return;
    const timer = setTimeout(() => {
      if (Date.now() - started.current > CONFIRM_GIVE_UP_MS) setGaveUp(true);
      else void refetch();
    }, CONFIRM_POLL_MS);
    return () => clearTimeout(timer);
  }, [refreshed, active, user, gaveUp, refetch, hasChecked]);

  useEffect(() => {
    if (!refreshed || !active) return;
    clearPending();
    const timer = setTimeout(() => void navigate('/dashboard', { replace: true }), CONTINUE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [refreshed, active, navigate]);

  let body;
  if (!refreshed) {
    body = (
      <Stack align="center" gap="sm" role="status">
        <Loader type="bars" />
        <Text className="t0-label">{t('auth:checkout.verifying')}</Text>
      </Stack>
    );
  } else if (active) {
    body = (
      <Stack align="center" gap="md" ta="center" role="status" data-testid="checkout-success">
        <IconCircleCheck size={56} color="var(--t0-up)" aria-hidden />
        <Title order={1} fz="h2" lts="0.08em">
          {t('auth:checkout.granted')}
        </Title>
        <Text c="dimmed" className="t0-prose">
          {t('auth:checkout.grantedText')}
        </Text>
        <Button component={Link} to="/dashboard" replace size="md">
          {t('auth:checkout.continue')}
        </Button>
      </Stack>
    );
  } else if (!user && whop && !pendingEmail) {
    body = (
      <Stack align="center" gap="md" ta="center" data-testid="whop-success-signed-out">
        <IconMailForward size={56} color="var(--t0-accent)" aria-hidden />
        <Title order={1} fz="h2" lts="0.08em">
          {t('auth:checkout.whopTitle')}
        </Title>
        <Text c="dimmed" className="t0-prose">
          {t('auth:checkout.whopText')}
        </Text>
        <Button component={Link} to="/auth" size="md">
          {t('auth:checkout.goToLogin')}
        </Button>
      </Stack>
    );
  } else if (!user) {
    body = (
      <Stack align="center" gap="md" ta="center" data-testid="checkout-success-signed-out">
        <IconMailForward size={56} color="var(--t0-accent)" aria-hidden />
        <Title order={1} fz="h2" lts="0.08em">
          {t('auth:checkout.received')}
        </Title>
        <Text c="dimmed" className="t0-prose">
          {pendingEmail ? t('auth:checkout.receivedSentTo', { email: pendingEmail }) : t('auth:checkout.receivedText')}
        </Text>
        <Button component={Link} to="/auth" size="md">
          {t('auth:checkout.goToLogin')}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Stack align="center" gap="md" ta="center" data-testid="checkout-confirming">
        {gaveUp ? null : <Loader type="dots" />}
        <Title order={1} fz="h3" lts="0.08em">
          {gaveUp ? t('auth:checkout.notConfirmed') : t('auth:checkout.confirming')}
        </Title>
        <Text c="dimmed" className="t0-prose">
          {gaveUp ? t('auth:checkout.notConfirmedText') : t('auth:checkout.confirmingText')}
        </Text>
        {gaveUp && (
          <Group>
            <Button
              onClick={() => {
                started.current = Date.now();
                setGaveUp(false);
                void refetch();
              }}
            >
              {t('auth:checkout.checkAgain')}
            </Button>
            <Button component={Link} to="/" variant="default">
              {t('auth:checkout.home')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper w="100%" maw={480} p={{ base: 'lg', sm: 'xl' }} bg="var(--t0-surface-1)">
        <Stack gap="lg">
          <Group justify="space-between">
            <LogoMark size={32} />
            {testMode && (
              <Badge color="amber" variant="filled" radius="xs">
                {t('auth:checkout.testMode')}
              </Badge>
            )}
          </Group>
          {body}
        </Stack>
      </Paper>
    </Center>
  );
}
