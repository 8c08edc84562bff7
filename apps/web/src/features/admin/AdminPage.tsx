import { Button, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { User } from '@t0/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { AdminConsole } from './AdminConsole';
import { useTimeZone } from '../../lib/time-zone';
import { useTRPC } from '../../lib/trpc';

// The administrator console at /admin123 and /notifications. The screen checks the
// server's isAdmin fact itself; every console call is refused by the server for anyone else too.
// An analyst (the server's isAnalyst) gets the console with only their tabs (GET /desk says which
// rooms and instruments are theirs).

/** How long ACCESS DENIED stays on screen before the redirect to the dashboard. */
export const ACCESS_DENIED_REDIRECT_MS = 1500;

export function AdminPage() {
  // Times in the console follow the reader's zone; the page re-renders when it is known or changes.
  useTimeZone();
  const { user, hasChecked } = useAuth();
  if (!hasChecked && !user) return <ConsoleLoading />;
  if (user?.isAdmin) return <AdminConsole user={user satisfies User} />;
  if (user?.isAnalyst) return <AnalystConsole user={user} />;
  return <AccessDenied />;
}

function AnalystConsole({ user }: { user: User }) {
  const trpc = useTRPC();
  const desk = useQuery(trpc.analysts.desk.queryOptions());
  if (desk.data) return <AdminConsole user={user} desk={desk.data} />;
  if (desk.isError) return <AccessDenied />;
  return <ConsoleLoading />;
}

function ConsoleLoading() {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader type="bars" />
        <Text className="t0-label" c="var(--t0-accent)">
          initializing admin console...
        </Text>
      </Stack>
    </Center>
  );
}

function AccessDenied() {
  const navigate = useNavigate();
  const shown = useRef(false);
  useEffect(() => {
    if (!shown.current) {
      shown.current = true;
      toast({ title: 'ACCESS DENIED', description: 'Administrator privileges required', variant: 'destructive' });
    }
    const timer = window.setTimeout(() => void navigate('/dashboard', { replace: true }), ACCESS_DENIED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <Container size="xs" component="main">
      <Center mih="70vh">
        <Stack align="center" gap="md" ta="center" data-testid="access-denied">
          <IconLock size={48} color="var(--t0-down)" aria-hidden />
          <Title order={1} fz="h2" c="var(--t0-down)" lts="0.08em">
            ACCESS DENIED
          </Title>
          <Text c="dimmed">Administrator privileges required</Text>
          <Button component={Link} to="/dashboard" variant="default">
            RETURN TO DASHBOARD
          </Button>
        </Stack>
      </Center>
    </Container>
  );
}
