import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { PushConfig } from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { errorMessage, isConflict } from '../../lib/errors';
import { formatDateTime } from '../../lib/time-zone';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import {
  currentSubscription,
  notificationPermission,
  pushSupport,
  PushPermissionError,
  subscribeThisDevice,
  unsubscribeThisDevice,
} from './push-device';
import { Section } from '../../components/Section';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';

/** Why this browser cannot take web push, in words; null when it can. */
function browserProblem(permission: NotificationPermission): { title: string; text: string } | null {
  const support = pushSupport();
  if (support === 'insecure')
    return { title: 'NEEDS HTTPS', text: 'Web push works only on a secure (https://) address or on localhost.' };
  if (support === 'unsupported') {
    return {
      title: 'NOT SUPPORTED IN THIS BROWSER',
      text: 'This browser cannot receive web push. On iPhone and iPad, add T0 Terminal to the Home Screen first and open it from there.',
    };
  }
  if (permission === 'denied') {
    return {
      title: 'NOTIFICATIONS BLOCKED',
      text: "Notifications are blocked for this site. Allow them in the browser's site settings, then enable web push again.",
    };
  }
  return null;
}

function Devices({ config, subscribed }: { config: PushConfig; subscribed: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toAuth = useUnauthorizedRedirect();
  const list = useQuery(trpc.push.list.queryOptions());
  const [thisEndpoint, setThisEndpoint] = useState<string | null>(null);
  const [permission, setPermission] = useState<NotificationPermission>(() => notificationPermission());
  const [working, setWorking] = useState<'enable' | 'disable' | null>(null);

  const readDevice = useCallback(async () => {
    try {
      setThisEndpoint((await currentSubscription())?.endpoint ?? null);
    } catch {
      setThisEndpoint(null);
    }
    setPermission(notificationPermission());
  }, []);
  useEffect(() => {
    void readDevice();
  }, [readDevice]);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.push.list.queryKey() });
  const fail = (title: string) => (err: unknown) => {
    if (toAuth(err)) return;
    toast({ title, description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
  };
  const subscribe = useMutation(trpc.push.subscribe.mutationOptions());
  const unsubscribe = useMutation(trpc.push.unsubscribe.mutationOptions());
  const remove = useMutation(
    trpc.push.remove.mutationOptions({ onSuccess: refresh, onError: fail('Device Not Removed') }),
  );
  const test = useMutation(
    trpc.push.test.mutationOptions({
      onSuccess: (r) => {
        toast({
          title: r.accepted > 0 ? 'Test Notification Sent' : 'Test Notification Not Delivered',
          description: `Accepted for ${r.accepted} of ${r.devices} device${r.devices === 1 ? '' : 's'}${r.removed ? `; ${r.removed} no longer subscribed and removed` : ''}.`,
          variant: r.accepted > 0 ? 'default' : 'destructive',
        });
        refresh();
      },
      onError: fail('Test Notification Not Sent'),
    }),
  );

  async function enable() {
    const publicKey = config.publicKey;
    if (!publicKey) return;
    setWorking('enable');
    try {
      const register = async (renew: boolean) => {
        const json = await subscribeThisDevice(publicKey, { renew });
        if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth)
          throw new Error('The browser gave no push subscription.');
        // The server names the device ("Chrome 131 on Linux") from this browser's user agent.
        await subscribe.mutateAsync({
          endpoint: json.endpoint,
          keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
        });
      };
      try {
        await register(false);
      } catch (err) {
        // This browser's endpoint is another account's (they enabled push here first): a new
        // subscription of this browser gives this account its own endpoint.
        if (!isConflict(err)) throw err;
        await register(true);
      }
      toast({ title: 'Web Push Enabled', description: 'Signal alerts will appear on this device.' });
    } catch (err) {
      if (err instanceof PushPermissionError) {
        toast({ title: 'Web Push Not Enabled', description: err.message, variant: 'destructive' });
      } else fail('Web Push Not Enabled')(err);
    } finally {
      setWorking(null);
      await readDevice();
      refresh();
    }
  }

  async function disable() {
    setWorking('disable');
    try {
      const endpoint = await unsubscribeThisDevice();
      if (endpoint) await unsubscribe.mutateAsync({ endpoint });
      toast({ title: 'Web Push Disabled', description: 'This device gets no more push notifications.' });
    } catch (err) {
      fail('Web Push Not Disabled')(err);
    } finally {
      setWorking(null);
      await readDevice();
      refresh();
    }
  }

  const devices = list.data ?? [];
  const enabledHere = thisEndpoint !== null && devices.some((d) => d.endpoint === thisEndpoint);
  const problem = browserProblem(permission);
  const testButton = (
    <Button variant="light" onClick={() => test.mutate()} disabled={test.isPending}>
      {test.isPending ? 'SENDING...' : 'SEND TEST'}
    </Button>
  );

  return (
    <Stack gap="md">
      {problem ? (
        <Alert
          color={permission === 'denied' ? 'red' : 'amber'}
          variant="light"
          title={problem.title}
          data-testid="push-browser-problem"
        >
          <Text size="sm">{problem.text}</Text>
        </Alert>
      ) : (
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="xs">
            <Text className="t0-label">THIS DEVICE</Text>
            <Badge
              radius="xs"
              variant="light"
              color={enabledHere ? 'terminal' : 'gray'}
              data-testid="push-device-state"
            >
              {enabledHere ? 'ENABLED' : 'OFF'}
            </Badge>
          </Group>
          {subscribed && (
            <Group gap="xs">
              {devices.length > 0 && testButton}
              {enabledHere ? (
                <Button variant="light" color="red" onClick={() => void disable()} disabled={working !== null}>
                  {working === 'disable' ? 'DISABLING...' : 'DISABLE'}
                </Button>
              ) : (
                <Button
                  onClick={() => void enable()}
                  disabled={working !== null || devices.length >= config.maxDevices}
                >
                  {working === 'enable' ? 'ENABLING...' : 'ENABLE ON THIS DEVICE'}
                </Button>
              )}
            </Group>
          )}
        </Group>
      )}
      {!subscribed && (
        <Text size="sm" c="dimmed">
          Web push comes with an active subscription.
        </Text>
      )}

      {list.isPending && <LoadingSkeleton label="Loading push devices" count={2} />}
      {list.isError && (
        <ErrorPanel
          text="Failed to load push devices."
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      )}
      {list.data && devices.length === 0 && (
        <EmptyState text="NO DEVICES YET" hint="Enable web push on each browser or phone that should alert you." />
      )}
      {devices.map((d) => (
        <Paper key={d.id} p="sm" bd="1px solid var(--t0-border)" bg="var(--t0-surface-2)" data-testid="push-device">
          <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text ff="monospace" size="sm" fw={600}>
                  {d.label || 'Browser'}
                </Text>
                {d.endpoint === thisEndpoint && (
                  <Badge size="xs" radius="xs" variant="outline" color="terminal">
                    THIS DEVICE
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                {d.service} · added {formatDateTime(d.createdAt)}
                {d.lastSuccessAt ? ` · last delivered ${formatDateTime(d.lastSuccessAt)}` : ''}
              </Text>
              {d.failures > 0 && (
                <Text size="xs" c="var(--t0-warn)">
                  {d.failures} failed send{d.failures === 1 ? '' : 's'} since the last one delivered
                </Text>
              )}
            </Stack>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              disabled={remove.isPending}
              onClick={() => remove.mutate({ id: d.id })}
              aria-label={`Remove ${d.label || 'device'}`}
            >
              REMOVE
            </Button>
          </Group>
        </Paper>
      ))}

      {/* Blocked or unsupported here: the other devices can still be tested. */}
      {subscribed && problem && devices.length > 0 && <Group>{testButton}</Group>}
      <Text size="xs" c="dimmed">
        Up to {config.maxDevices} devices. New signals and their updates arrive as notifications even when the terminal
        is closed; choose which events in the table above (WEB PUSH column). A newer update of a signal replaces the
        older notification.
      </Text>
    </Stack>
  );
}

/** The profile's web push block: this browser on or off, the test button and the list of devices. */
export function WebPushSection({ subscribed }: { subscribed: boolean }) {
  const trpc = useTRPC();
  const config = useQuery(trpc.push.config.queryOptions());
  return (
    <Section
      title="WEB PUSH"
      description="Notifications from the terminal on your computer or phone, even when it is closed."
      testId="web-push-section"
    >
      {config.isPending ? (
        <LoadingSkeleton label="Loading web push" count={2} />
      ) : config.isError ? (
        <ErrorPanel
          text="Failed to load web push."
          onRetry={() => void config.refetch()}
          retrying={config.isFetching}
        />
      ) : !config.data.enabled ? (
        <Group gap="sm" data-testid="push-not-configured">
          <Badge color="gray" variant="outline" radius="xs">
            NOT CONFIGURED
          </Badge>
          <Text size="sm" c="dimmed">
            Web push is not configured on this server.
          </Text>
        </Group>
      ) : (
        <Devices config={config.data} subscribed={subscribed} />
      )}
    </Section>
  );
}
