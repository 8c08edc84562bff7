import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown while the current user is being checked at the app's start (the AUTHENTICATING spinner). */
export function Authenticating() {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader type="bars" size="md" />
        <Text className="t0-label" c="var(--t0-accent)">
          AUTHENTICATING...
        </Text>
      </Stack>
    </Center>
  );
}

/** While a lazily loaded screen arrives. */
export function RouteLoading() {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader type="dots" size="md" />
        <Text className="t0-label">LOADING MODULE...</Text>
      </Stack>
    </Center>
  );
}
