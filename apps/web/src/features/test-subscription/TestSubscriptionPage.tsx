import {
  Alert,
  Badge,
  Box,
  Button,
  Code,
  Container,
  Group,
  List,
  Paper,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFlask } from '@tabler/icons-react';
import { planTermsText, REDIRECT_AFTER_TEST_LOGIN_MS, type User } from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { setCurrentUser } from '../../lib/auth';
import { useSiteConfig } from '../../lib/site';
import { useTRPC } from '../../lib/trpc';
import { TEST_PAGE_FALLBACKS, testPageError } from './test-page-errors';

// The development-only subscription test terminal: activate, deactivate or
// simulate a paid checkout for an address without payment, then sign in as that user.

/** The address the form starts with. */
export const TEST_EMAIL_DEFAULT = 'test@example.com';
/**
 * The server never returns or e-mails a password (new accounts get a set-password link), so the
 * sign-in test uses this fixed value unless another password is typed.
 */
export const TEST_PASSWORD_FALLBACK = 'TestPassword123!';

type Outcome =
  | { kind: 'success'; title: string; message: string; user?: User; details?: [string, string][] }
  | { kind: 'error'; title: string; message: string };

export function TestSubscriptionPage() {
  const { config, isLoading } = useSiteConfig();
  if (isLoading) {
    return (
      <Container size="sm" py="xl">
        <Text className="t0-label">LOADING TEST TERMINAL...</Text>
      </Container>
    );
  }
  // The server answers 404 to these calls in production; the page shows nothing there either.
  if (!config || config.isProduction) {
    return (
      <Container size="sm" py="xl" component="main">
        <Title order={1} fz="h3">
          NOT AVAILABLE
        </Title>
        <Text c="dimmed">The subscription test terminal exists only outside production.</Text>
      </Container>
    );
  }
  return <TestTerminal />;
}

function TestTerminal() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [email, setEmail] = useState(TEST_EMAIL_DEFAULT);
  const [plan, setPlan] = useState('monthly');
  // Every plan that is not archived, listed or not (an offer is tried out here before its link goes out).
  const plans = useQuery(trpc.test.plans.queryOptions());
  const [password, setPassword] = useState('');
  const [knownUser, setKnownUser] = useState<User | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const redirect = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const activate = useMutation(trpc.test.activateSubscription.mutationOptions());
  const deactivate = useMutation(trpc.test.deactivateSubscription.mutationOptions());
  const checkout = useMutation(trpc.test.checkoutSuccess.mutationOptions());
  const getUser = useMutation(trpc.test.getUser.mutationOptions());
  const login = useMutation(trpc.auth.loginAlias.mutationOptions());
  const busy = activate.isPending || deactivate.isPending || checkout.isPending || getUser.isPending || login.isPending;

  const onActivate = async () => {
    try {
      const res = await activate.mutateAsync({ email, plan });
      setKnownUser(res.user);
      setOutcome({ kind: 'success', title: 'SUBSCRIPTION ACTIVATED', message: res.message, user: res.user });
    } catch (error) {
      setOutcome({
        kind: 'error',
        title: 'ACTIVATION FAILED',
        message: testPageError(error, TEST_PAGE_FALLBACKS.activate),
      });
    }
  };

  const onDeactivate = async () => {
    try {
      const res = await deactivate.mutateAsync({ email });
      setKnownUser(res.user);
      setOutcome({ kind: 'success', title: 'SUBSCRIPTION DEACTIVATED', message: res.message, user: res.user });
    } catch (error) {
      setOutcome({
        kind: 'error',
        title: 'DEACTIVATION FAILED',
        message: testPageError(error, TEST_PAGE_FALLBACKS.deactivate),
      });
    }
  };

  const onCheckout = async () => {
    try {
      const res = await checkout.mutateAsync({ email, plan });
      setKnownUser(res.user);
      setOutcome({
        kind: 'success',
        title: 'CHECKOUT SIMULATED',
        message: res.message,
        user: res.user,
        details: [
          ['Account created', res.accountCreated ? 'yes' : 'no (existing account)'],
          ['Welcome e-mail', res.welcomeEmailSent ? 'sent with a set-password link' : 'not sent on this call'],
          ['Temporary password', `none returned — sign-in test uses ${TEST_PASSWORD_FALLBACK} unless you type one`],
        ],
      });
    } catch (error) {
      setOutcome({
        kind: 'error',
        title: 'CHECKOUT FAILED',
        message: testPageError(error, TEST_PAGE_FALLBACKS.checkout),
      });
    }
  };

  const onTestDashboard = async () => {
    if (!knownUser) {
      setOutcome({ kind: 'error', title: 'DASHBOARD TEST FAILED', message: TEST_PAGE_FALLBACKS.noUser });
      return;
    }
    let user: User;
    try {
      user = (await getUser.mutateAsync({ email: knownUser.email })).user;
      setKnownUser(user);
    } catch (error) {
      setOutcome({
        kind: 'error',
        title: 'DASHBOARD TEST FAILED',
        message: testPageError(error, TEST_PAGE_FALLBACKS.dashboard),
      });
      return;
    }
    try {
      const signedIn = await login.mutateAsync({ email: user.email, password: password || TEST_PASSWORD_FALLBACK });
      setCurrentUser(queryClient, signedIn);
      setOutcome({
        kind: 'success',
        title: 'LOGIN SUCCESSFUL',
        message: `Signed in as ${signedIn.email}. Opening the dashboard...`,
        user: signedIn,
      });
      redirect.current = window.setTimeout(() => void navigate('/dashboard'), REDIRECT_AFTER_TEST_LOGIN_MS);
    } catch (error) {
      setOutcome({ kind: 'error', title: 'LOGIN FAILED', message: testPageError(error, TEST_PAGE_FALLBACKS.login) });
    }
  };

  return (
    <Container size="md" py="xl" component="main">
      <Stack gap="lg">
        <Stack gap={4}>
          <Group gap="xs">
            <IconFlask size={22} aria-hidden />
            <Title order={1} fz={{ base: 'h3', sm: 'h2' }} lts="0.06em">
              SUBSCRIPTION TEST TERMINAL
            </Title>
          </Group>
          <Group gap="xs">
            <Badge color="amber" variant="light">
              DEVELOPMENT ONLY
            </Badge>
            <Text size="sm" c="dimmed">
              Simulates subscription flows without payment, through the same code as a real one.
            </Text>
          </Group>
        </Stack>

        <Paper p="lg" className="t0-surface">
          <Stack gap="md">
            <TextInput
              type="email"
              label="Email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              autoComplete="off"
            />
            <NativeSelect
              label="Plan"
              value={plan}
              onChange={(e) => setPlan(e.currentTarget.value)}
              disabled={plans.isPending}
              description={
                plans.isError ? 'The plans could not be loaded: the monthly plan is used.' : 'Every plan, listed or not'
              }
              data={(
                plans.data?.plans ?? [
                  {
                    key: 'monthly',
                    name: 'Monthly',
                    terms: 'recurring' as const,
                    interval: 'month' as const,
                    intervalCount: 1,
                    passDays: null,
                    listed: true,
                    isDefault: true,
                  },
                ]
              ).map((p) => ({
                value: p.key,
                label: `${p.name} (${p.key}) · ${planTermsText(p)}${p.listed ? '' : ' · unlisted'}`,
              }))}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <Button onClick={() => void onActivate()} loading={activate.isPending} disabled={busy}>
                ACTIVATE SUBSCRIPTION
              </Button>
              <Button
                color="red"
                variant="light"
                onClick={() => void onDeactivate()}
                loading={deactivate.isPending}
                disabled={busy}
              >
                DEACTIVATE SUBSCRIPTION
              </Button>
              <Button variant="light" onClick={() => void onCheckout()} loading={checkout.isPending} disabled={busy}>
                SIMULATE CHECKOUT SUCCESS
              </Button>
            </SimpleGrid>

            {knownUser && (
              <Paper p="md" bg="var(--t0-surface-2)" data-testid="known-user">
                <Stack gap="sm">
                  <Text className="t0-label">USER UNDER TEST</Text>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={700} style={{ wordBreak: 'break-all' }}>
                      {knownUser.email}
                    </Text>
                    <Badge color={knownUser.hasActiveSubscription ? 'terminal' : 'red'} variant="light">
                      {knownUser.hasActiveSubscription ? 'ACTIVE' : 'INACTIVE'}
                    </Badge>
                  </Group>
                  <PasswordInput
                    label="Password for the sign-in test"
                    description={`Leave empty to use the test value ${TEST_PASSWORD_FALLBACK}`}
                    value={password}
                    onChange={(e) => setPassword(e.currentTarget.value)}
                    autoComplete="off"
                  />
                  <Button
                    onClick={() => void onTestDashboard()}
                    loading={getUser.isPending || login.isPending}
                    disabled={busy}
                  >
                    TEST DASHBOARD ACCESS
                  </Button>
                </Stack>
              </Paper>
            )}
          </Stack>
        </Paper>

        {outcome && <OutcomePanel outcome={outcome} />}

        <Paper p="lg" className="t0-surface">
          <Text className="t0-label" mb="xs">
            INSTRUCTIONS
          </Text>
          <List size="sm" spacing={4} className="t0-prose">
            <List.Item>
              ACTIVATE SUBSCRIPTION gives an existing or new account the chosen plan at once: a subscription, a pass,
              lifetime or a free plan.
            </List.Item>
            <List.Item>
              SIMULATE CHECKOUT SUCCESS records a paid checkout; a new account gets a welcome e-mail with a link to set
              its password (written under <Code>DATA_DIR/mail</Code> when no mail server is configured).
            </List.Item>
            <List.Item>DEACTIVATE SUBSCRIPTION ends the subscription as a cancellation would.</List.Item>
            <List.Item>
              TEST DASHBOARD ACCESS signs in as the user under test and opens the dashboard after half a second.
            </List.Item>
          </List>
        </Paper>
      </Stack>
    </Container>
  );
}

function OutcomePanel({ outcome }: { outcome: Outcome }) {
  if (outcome.kind === 'error') {
    return (
      <Alert
        color="red"
        variant="light"
        title={outcome.title}
        icon={<IconAlertTriangle aria-hidden />}
        data-testid="test-result"
        role="alert"
      >
        {outcome.message}
      </Alert>
    );
  }
  return (
    <Alert
      color="terminal"
      variant="light"
      title={outcome.title}
      icon={<IconCircleCheck aria-hidden />}
      data-testid="test-result"
    >
      <Stack gap="xs">
        <Text size="sm">{outcome.message}</Text>
        {outcome.details?.map(([label, value]) => (
          <Text size="sm" key={label}>
            <Text span c="dimmed" size="sm">
              {label}:{' '}
            </Text>
            {value}
          </Text>
        ))}
        {outcome.user && (
          <Box>
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {JSON.stringify(outcome.user, null, 2)}
            </Code>
          </Box>
        )}
      </Stack>
    </Alert>
  );
}
