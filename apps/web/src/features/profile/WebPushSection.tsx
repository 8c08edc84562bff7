import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { PushConfig } from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { errorMessage, isConflict } from '../../lib/errors';
import { useDates } from '../../lib/time-zone';
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
import { useProfileT } from './words';

type Translate = ReturnType<typeof useProfileT>['t'];

/** Why this browser cannot take web push, in words; null when it can. */
function browserProblem(permission: NotificationPermission, t: Translate): { title: string; text: string } | null {
  const support = pushSupport();
  if (support === 'insecure') return { title: t('profile:push.insecure'), text: t('profile:push.insecureText') };
  if (support === 'unsupported') {
    return { title: t('profile:push.unsupported'), text: t('profile:push.unsupportedText') };
  }
  if (permission === 'denied') {
    return { title: t('profile:push.blocked'), text: t('profile:push.blockedText') };
  }
  return null;
}

function Devices({ config, subscribed }: { config: PushConfig; subscribed: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toAuth = useUnauthorizedRedirect();
  const { t } = useProfileT();
  const { dateTime } = useDates();
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
    toast({ title, description: errorMessage(err, t('profile:alerts.tryAgain')), variant: 'destructive' });
  };
  const subscribe = useMutation(trpc.push.subscribe.mutationOptions());
  const unsubscribe = useMutation(trpc.push.unsubscribe.mutationOptions());
  const remove = useMutation(
    trpc.push.remove.mutationOptions({ onSuccess: refresh, onError: fail(t('profile:push.removeFailed')) }),
  );
  const test = useMutation(
    trpc.push.test.mutationOptions({
      onSuccess: (r) => {
        toast({
          title: r.accepted > 0 ? t('profile:push.testSent') : t('profile:push.testNotDelivered'),
          description: r.removed
            ? t('profile:push.testRemoved', { accepted: r.accepted, count: r.devices, removed: r.removed })
            : t('profile:push.testResult', { accepted: r.accepted, count: r.devices }),
          variant: r.accepted > 0 ? 'default' : 'destructive',
        });
        refresh();
      },
      onError: fail(t('profile:push.testFailed')),
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
      toast({ title: t('profile:push.enabled'), description: t('profile:push.enabledText') });
    } catch (err) {
      if (err instanceof PushPermissionError) {
        toast({
          title: t('profile:push.enableFailed'),
          description:
            err.permission === 'denied' ? t('profile:push.permissionBlocked') : t('profile:push.permissionRefused'),
          variant: 'destructive',
        });
      } else fail(t('profile:push.enableFailed'))(err);
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
      toast({ title: t('profile:push.disabled'), description: t('profile:push.disabledText') });
    } catch (err) {
      fail(t('profile:push.disableFailed'))(err);
    } finally {
      setWorking(null);
      await readDevice();
      refresh();
    }
  }

  const devices = list.data ?? [];
  const enabledHere = thisEndpoint !== null && devices.some((d) => d.endpoint === thisEndpoint);
  const problem = browserProblem(permission, t);
  const testButton = (
    <Button variant="light" onClick={() => test.mutate()} disabled={test.isPending}>
      {test.isPending ? t('profile:push.sending') : t('profile:push.test')}
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
            <Text className="t0-label">{t('profile:push.thisDevice')}</Text>
            <Badge
              radius="xs"
              variant="light"
              color={enabledHere ? 'terminal' : 'gray'}
              data-testid="push-device-state"
            >
              {enabledHere ? t('profile:push.on') : t('profile:push.offBadge')}
            </Badge>
          </Group>
          {subscribed && (
            <Group gap="xs">
              {devices.length > 0 && testButton}
              {enabledHere ? (
                <Button variant="light" color="red" onClick={() => void disable()} disabled={working !== null}>
                  {working === 'disable' ? t('profile:push.disabling') : t('profile:push.disable')}
                </Button>
              ) : (
                <Button
                  onClick={() => void enable()}
                  disabled={working !== null || devices.length >= config.maxDevices}
                >
                  {working === 'enable' ? t('profile:push.enabling') : t('profile:push.enable')}
                </Button>
              )}
            </Group>
          )}
        </Group>
      )}
      {!subscribed && (
        <Text size="sm" c="dimmed">
          {t('profile:push.needsSubscription')}
        </Text>
      )}

      {list.isPending && <LoadingSkeleton label={t('profile:push.loadingDevices')} count={2} />}
      {list.isError && (
        <ErrorPanel
          text={t('profile:push.devicesFailed')}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      )}
      {list.data && devices.length === 0 && (
        <EmptyState text={t('profile:push.none')} hint={t('profile:push.noneHint')} />
      )}
      {devices.map((d) => (
        <Paper key={d.id} p="sm" bd="1px solid var(--t0-border)" bg="var(--t0-surface-2)" data-testid="push-device">
          <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text ff="monospace" size="sm" fw={600} dir="auto">
                  {d.label || t('profile:push.browser')}
                </Text>
                {d.endpoint === thisEndpoint && (
                  <Badge size="xs" radius="xs" variant="outline" color="terminal">
                    {t('profile:push.thisDevice')}
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                {d.service} · {t('profile:push.added', { date: dateTime(d.createdAt) ?? '' })}
                {d.lastSuccessAt
                  ? ` · ${t('profile:push.lastDelivered', { date: dateTime(d.lastSuccessAt) ?? '' })}`
                  : ''}
              </Text>
              {d.failures > 0 && (
                <Text size="xs" c="var(--t0-warn)">
                  {t('profile:push.failures', { count: d.failures })}
                </Text>
              )}
            </Stack>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              disabled={remove.isPending}
              onClick={() => remove.mutate({ id: d.id })}
              aria-label={t('profile:push.removeLabel', { name: d.label || t('profile:push.device') })}
            >
              {t('profile:push.remove')}
            </Button>
          </Group>
        </Paper>
      ))}

      {/* Blocked or unsupported here: the other devices can still be tested. */}
      {subscribed && problem && devices.length > 0 && <Group>{testButton}</Group>}
      <Text size="xs" c="dimmed">
        {t('profile:push.footnote', { max: config.maxDevices })}
      </Text>
    </Stack>
  );
}

/** The profile's web push block: this browser on or off, the test button and the list of devices. */
export function WebPushSection({ subscribed }: { subscribed: boolean }) {
  const trpc = useTRPC();
  const config = useQuery(trpc.push.config.queryOptions());
  const { t } = useProfileT();
  return (
    <Section title={t('profile:push.title')} description={t('profile:push.description')} testId="web-push-section">
      {config.isPending ? (
        <LoadingSkeleton label={t('profile:push.loading')} count={2} />
      ) : config.isError ? (
        <ErrorPanel
          text={t('profile:push.loadFailed')}
          onRetry={() => void config.refetch()}
          retrying={config.isFetching}
        />
      ) : !config.data.enabled ? (
        <Group gap="sm" data-testid="push-not-configured">
          <Badge color="gray" variant="outline" radius="xs">
            {t('profile:alerts.notConfigured')}
          </Badge>
          <Text size="sm" c="dimmed">
            {t('profile:push.off')}
          </Text>
        </Group>
      ) : (
        <Devices config={config.data} subscribed={subscribed} />
      )}
    </Section>
  );
}
