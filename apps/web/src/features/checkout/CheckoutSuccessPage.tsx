import { Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconMailForward } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LogoMark } from '../../components/shell/Brand';
import { useAuth } from '../../lib/auth';
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
        <Text className="t0-label">VERIFYING SUBSCRIPTION...</Text>
      </Stack>
    );
  } else if (active) {
    body = (
      <Stack align="center" gap="md" ta="center" role="status" data-testid="checkout-success">
        <IconCircleCheck size={56} color="var(--t0-up)" aria-hidden />
        <Title order={1} fz="h2" lts="0.08em">
          ACCESS GRANTED
        </Title>
        <Text c="dimmed" className="t0-prose">
          Your access is active. Opening the terminal...
        </Text>
        <Button component={Link} to="/dashboard" replace size="md">
          CONTINUE TO DASHBOARD
        </Button>
      </Stack>
    );
  } else if (!user && whop && !pendingEmail) {
    body = (
      <Stack align="center" gap="md" ta="center" data-testid="whop-success-signed-out">
        <IconMailForward size={56} color="var(--t0-accent)" aria-hidden />
        <Title order={1} fz="h2" lts="0.08em">
          WELCOME FROM WHOP
        </Title>
        <Text c="dimmed" className="t0-prose">
          Your Whop purchase is in. We e-mailed the address of your Whop account a one-time link to set your password;
          it can take a minute to arrive. Already have an account here with that address? Sign in as usual: your access
          is on it.
        </Text>
        <Button component={Link} to="/auth" size="md">
          GO TO LOGIN
        </Button>
      </Stack>
    );
  } else if (!user) {
    body = (
      <Stack align="center" gap="md" ta="center" data-testid="checkout-success-signed-out">
        <IconMailForward size={56} color="var(--t0-accent)" aria-hidden />
        <Title order={1} fz="h2" lts="0.08em">
          PAYMENT RECEIVED
        </Title>
        <Text c="dimmed" className="t0-prose">
          {pendingEmail
            ? `We sent a one-time link to ${pendingEmail} to set your password. Then sign in to open the terminal.`
            : 'Check your e-mail for a one-time link to set your password, then sign in to open the terminal.'}
        </Text>
        <Button component={Link} to="/auth" size="md">
          GO TO LOGIN
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Stack align="center" gap="md" ta="center" data-testid="checkout-confirming">
        {gaveUp ? null : <Loader type="dots" />}
        <Title order={1} fz="h3" lts="0.08em">
          {gaveUp ? 'PAYMENT NOT CONFIRMED YET' : 'CONFIRMING PAYMENT...'}
        </Title>
        <Text c="dimmed" className="t0-prose">
          {gaveUp
            ? 'The payment provider has not confirmed your subscription yet. It usually takes a moment; check again shortly.'
            : 'Waiting for the payment provider to confirm your subscription.'}
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
              CHECK AGAIN
            </Button>
            <Button component={Link} to="/" variant="default">
              HOME
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
                TEST MODE
              </Badge>
            )}
          </Group>
          {body}
        </Stack>
      </Paper>
    </Center>
  );
}
