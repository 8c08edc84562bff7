import { Anchor, Box, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { logout, useAuth } from '../../lib/auth';
import { Brand } from '../../components/shell/Brand';
import { ThemeToggle } from '../../components/shell/ThemeToggle';
import { CodeStep } from './CodeStep';
import { Enrolment } from './Enrolment';

/**
 * What the console shows an administrator or analyst whose session may not use it yet: the code step (the
 * account has two-factor authentication and this session gave only the password), or the set-up
 * (ADMIN_REQUIRE_2FA and no second factor yet). The server refuses the console's calls until then.
 */
export function AdminSecondFactorGate() {
  const { user } = useAuth();
  if (!user) return null;
  const enrol = user.secondFactor === 'enrolment_required';
  return (
    <Box mih="100vh" bg="var(--t0-bg)">
      <header>
        <Container size="xl" py="sm">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Brand />
            <Group gap="xs" wrap="nowrap">
              <Anchor component={Link} to="/dashboard" size="sm">
                TERMINAL
              </Anchor>
              <ThemeToggle />
              <Button
                variant="subtle"
                color="gray"
                size="xs"
                leftSection={<IconLogout size={14} aria-hidden />}
                onClick={logout}
              >
                LOGOUT
              </Button>
            </Group>
          </Group>
        </Container>
      </header>
      <Container size={enrol ? 640 : 440} py="xl" component="main">
        <Paper p={{ base: 'md', sm: 'xl' }} bg="var(--t0-surface-1)" data-testid="admin-second-factor-gate">
          <Stack gap="lg">
            <Stack gap={4}>
              <Text className="t0-label">ADMIN CONSOLE</Text>
              <Title order={1} fz="h3" lts="0.04em">
                {enrol ? 'SET UP TWO-FACTOR AUTHENTICATION' : 'TWO-FACTOR AUTHENTICATION'}
              </Title>
              <Text size="sm" c="dimmed">
                {enrol
                  ? 'Administrators and analysts must use a second factor. Set it up to open the console.'
                  : `Signed in as ${user.email}. The console opens once you give your code.`}
              </Text>
            </Stack>
            {enrol ? (
              <Enrolment account={user.email} onDone={() => undefined} />
            ) : (
              <CodeStep onPassed={() => undefined} />
            )}
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
