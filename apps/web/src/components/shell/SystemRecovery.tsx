import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { PageHydratedMark } from '../../lib/hydration';

/** The rendering-error screen: SYSTEM RECOVERY, with a REFRESH button that reloads the page. */
export function SystemRecovery() {
  return (
    <Center mih="100vh" p="md" role="alert">
      {/* A page that fails as it starts is not left waiting for its routes (lib/hydration.ts). */}
      <PageHydratedMark />
      <Paper p="xl" maw={460} w="100%" bg="var(--t0-surface-1)">
        <Stack gap="md" align="center" ta="center">
          <Title order={1} fz="h3" c="var(--t0-warn)" lts="0.1em">
            SYSTEM RECOVERY
          </Title>
          <Text className="t0-prose">Component recovered successfully. Refreshing...</Text>
          <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => window.location.reload()}>
            REFRESH
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

interface State {
  failed: boolean;
}

/** Catches a rendering error anywhere below it and shows SYSTEM RECOVERY. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Rendering failed', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <SystemRecovery /> : this.props.children;
  }
}
