import { Anchor, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconShieldLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LogoMark } from '../../components/shell/Brand';
import { AUTH_USER_KEY, useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { SendAdminEmailLink } from './SendAdminEmailLink';

/**
 * /confirm-admin?token&email: the link that proves an ADMIN_EMAILS address. It works only signed in
 * to the account of that address (whoever registered the address without its mailbox, or holds the
 * mailbox without the account's password, gets nothing), and once.
 */
export function ConfirmAdminEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const { user, hasChecked } = useAuth();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const confirm = useMutation(
    trpc.auth.confirmAdminEmail.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
    }),
  );
  const sameAccount = user !== null && user.email.toLowerCase() === email.toLowerCase();

  let body: ReactNode;
  if (confirm.isSuccess) {
    body = (
      <Stack align="center" ta="center" gap="md" role="status" data-testid="admin-email-confirmed">
        <IconCircleCheck size={48} color="var(--t0-up)" aria-hidden />
        <Title order={1} fz="h3" lts="0.08em">
          ADMINISTRATOR ADDRESS CONFIRMED
        </Title>
        <Text c="dimmed" fz="sm">
          {confirm.data.message}
        </Text>
        <Button component={Link} to="/admin123">
          OPEN THE CONSOLE
        </Button>
      </Stack>
    );
  } else if (!token || !email) {
    body = <Text fz="sm">This link is incomplete: open the whole link from the e-mail.</Text>;
  } else if (!hasChecked) {
    body = <Text fz="sm">Checking your session...</Text>;
  } else if (!user) {
    body = (
      <Stack gap="sm">
        <Text fz="sm">Sign in to the account of {email}, then open the link from the e-mail again.</Text>
        <Button component={Link} to="/auth">
          SIGN IN
        </Button>
      </Stack>
    );
  } else if (!sameAccount) {
    body = (
      <Text fz="sm">
        This link is for {email}, and you are signed in as {user.email}. Sign out and sign in to the account of {email}{' '}
        first.
      </Text>
    );
  } else {
    body = (
      <Stack gap="md">
        <Text fz="sm">
          Confirm that {email} is yours: this account then gets the administrator rights the desk gives this address.
        </Text>
        {confirm.isError && (
          <Text fz="sm" c="var(--t0-down)" role="alert">
            {errorMessage(confirm.error, 'The link could not be used. Please try again.')}
          </Text>
        )}
        <Group grow gap="sm">
          <Button variant="default" component={Link} to="/dashboard">
            CANCEL
          </Button>
          <Button onClick={() => confirm.mutate({ token })} disabled={confirm.isPending}>
            {confirm.isPending ? 'CONFIRMING...' : 'CONFIRM'}
          </Button>
        </Group>
        {confirm.isError && user.adminEmailPending && (
          <Group justify="center">
            <SendAdminEmailLink />
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper w="100%" maw={440} p={{ base: 'lg', sm: 'xl' }} bg="var(--t0-surface-1)" data-testid="confirm-admin-page">
        <Stack gap="lg">
          <Group justify="center">
            <Anchor component={Link} to="/" aria-label="T0 Terminal home">
              <LogoMark size={40} />
            </Anchor>
          </Group>
          {!confirm.isSuccess && (
            <Stack gap={4} align="center" ta="center">
              <IconShieldLock size={28} color="var(--t0-accent)" aria-hidden />
              <Title order={1} fz="h3" lts="0.08em">
                ADMINISTRATOR ADDRESS
              </Title>
            </Stack>
          )}
          {body}
        </Stack>
      </Paper>
    </Center>
  );
}
