import { Alert, Badge, Button, Code, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  DELIVERY_CHANNEL_LABELS,
  DELIVERY_EVENT_LABELS,
  WEBHOOK_ENDPOINTS_MAX,
  type DeliveryChannel,
  type DeliveryEvent,
} from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { EmptyState } from '../../components/EmptyState';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/time-zone';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { Section } from '../../components/Section';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';

const STATUS_COLOR: Record<string, string> = {
  sent: 'terminal',
  failed: 'red',
  skipped: 'gray',
  held: 'amber',
  queued: 'blue',
};

const eventLabel = (e: string) =>
  e === 'test' ? 'TEST EVENT' : (DELIVERY_EVENT_LABELS[e as DeliveryEvent] ?? e.toUpperCase());

function Deliveries() {
  const trpc = useTRPC();
  const list = useQuery(trpc.delivery.deliveries.queryOptions(undefined, { refetchInterval: 5_000 }));
  if (list.isPending) return <LoadingSkeleton label="Loading deliveries" count={3} />;
  if (list.isError)
    return (
      <ErrorPanel text="Failed to load deliveries." onRetry={() => void list.refetch()} retrying={list.isFetching} />
    );
  if (list.data.length === 0)
    return (
      <EmptyState
        text="NO DELIVERIES YET"
        hint="Signal events sent to your browsers (web push), Telegram, Discord and webhooks appear here."
      />
    );
  return (
    <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Last deliveries">
      <Table verticalSpacing={4} miw={560} data-testid="my-deliveries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>TIME</Table.Th>
            <Table.Th>CHANNEL</Table.Th>
            <Table.Th>EVENT</Table.Th>
            <Table.Th>STATUS</Table.Th>
            <Table.Th ta="right">TRIES</Table.Th>
            <Table.Th>DETAIL</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td fz="xs">{formatDateTime(d.sentAt ?? d.createdAt)}</Table.Td>
              <Table.Td ff="monospace" fz="xs">
                {DELIVERY_CHANNEL_LABELS[d.channel as DeliveryChannel] ?? d.channel.toUpperCase()}
              </Table.Td>
              <Table.Td ff="monospace" fz="xs">
                {eventLabel(d.event)}
              </Table.Td>
              <Table.Td>
                <Badge size="sm" radius="xs" variant="light" color={STATUS_COLOR[d.status] ?? 'gray'}>
                  {d.status.toUpperCase()}
                </Badge>
              </Table.Td>
              <Table.Td ta="right" ff="monospace" fz="xs">
                {d.attempts}
              </Table.Td>
              <Table.Td fz="xs" c="dimmed">
                {d.error ?? (d.latencyMs !== null ? `${d.latencyMs} ms` : '')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function Endpoints() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toAuth = useUnauthorizedRedirect();
  const list = useQuery(trpc.delivery.webhooks.queryOptions());
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.delivery.webhooks.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.delivery.deliveries.queryKey() });
  };
  const fail = (title: string) => (err: unknown) => {
    if (toAuth(err)) return;
    toast({ title, description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
  };
  const create = useMutation(
    trpc.delivery.createWebhook.mutationOptions({
      onSuccess: (ep) => {
        setSecret(ep.secret);
        setUrl('');
        setDescription('');
        refresh();
      },
      onError: fail('Endpoint Not Added'),
    }),
  );
  const remove = useMutation(
    trpc.delivery.deleteWebhook.mutationOptions({ onSuccess: refresh, onError: fail('Endpoint Not Removed') }),
  );
  const enable = useMutation(
    trpc.delivery.enableWebhook.mutationOptions({ onSuccess: refresh, onError: fail('Endpoint Not Enabled') }),
  );
  const test = useMutation(
    trpc.delivery.testWebhook.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Test Event Sent', description: 'Its delivery appears below within a few seconds.' });
        setTimeout(refresh, 1_500);
      },
      onError: fail('Test Event Not Sent'),
    }),
  );

  const count = list.data?.length ?? 0;
  return (
    <Stack gap="md">
      {secret && (
        <Alert
          color="amber"
          variant="light"
          title="SIGNING SECRET: SHOWN ONCE"
          withCloseButton
          onClose={() => setSecret(null)}
          data-testid="webhook-secret"
        >
          <Stack gap={6}>
            <Text size="sm">Copy it now and keep it with your receiver; it is not shown again.</Text>
            <Group gap="xs" wrap="nowrap">
              <Code style={{ wordBreak: 'break-all' }}>{secret}</Code>
              <CopyButton value={secret} label="Copy signing secret" />
            </Group>
          </Stack>
        </Alert>
      )}
      {list.isPending && <LoadingSkeleton label="Loading webhook endpoints" count={2} />}
      {list.isError && (
        <ErrorPanel
          text="Failed to load webhook endpoints."
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      )}
      {list.data && list.data.length === 0 && (
        <EmptyState text="NO ENDPOINTS YET" hint="Add an HTTPS address that receives signed signal events." />
      )}
      {list.data?.map((ep) => (
        <Paper key={ep.id} p="sm" bd="1px solid var(--t0-border)" bg="var(--t0-surface-2)">
          <Stack gap={6}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
                {ep.url}
              </Text>
              <Badge radius="xs" variant="light" color={ep.enabled ? 'terminal' : 'red'}>
                {ep.enabled ? 'ENABLED' : 'DISABLED'}
              </Badge>
            </Group>
            {ep.description && (
              <Text size="xs" c="dimmed">
                {ep.description}
              </Text>
            )}
            {!ep.enabled && ep.disabledReason && (
              <Text size="xs" c="var(--t0-down)">
                Disabled after repeated failure: {ep.disabledReason}
              </Text>
            )}
            <Group gap="xs">
              {ep.enabled ? (
                <Button size="xs" variant="light" disabled={test.isPending} onClick={() => test.mutate({ id: ep.id })}>
                  SEND TEST EVENT
                </Button>
              ) : (
                <Button
                  size="xs"
                  variant="light"
                  disabled={enable.isPending}
                  onClick={() => enable.mutate({ id: ep.id })}
                >
                  ENABLE
                </Button>
              )}
              <Button
                size="xs"
                variant="subtle"
                color="red"
                disabled={remove.isPending}
                onClick={() => remove.mutate({ id: ep.id })}
              >
                REMOVE
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
      {count < WEBHOOK_ENDPOINTS_MAX && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate({ url: url.trim(), description: description.trim() || undefined });
          }}
        >
          <Group align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              label="ENDPOINT URL"
              placeholder="https://bot.example.com/t0"
              required
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              style={{ flex: '1 1 260px' }}
            />
            <TextInput
              label="DESCRIPTION"
              placeholder="Trading bot"
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              style={{ flex: '0 1 200px' }}
            />
            <Button type="submit" disabled={create.isPending || !url.trim()}>
              {create.isPending ? 'ADDING...' : 'ADD ENDPOINT'}
            </Button>
          </Group>
        </form>
      )}
      <Text size="xs" c="dimmed">
        Up to {WEBHOOK_ENDPOINTS_MAX} endpoints. Each POST carries webhook-id, webhook-timestamp and webhook-signature
        headers (Standard Webhooks: v1, HMAC-SHA256 of id.timestamp.body with your secret). Failed deliveries are
        retried for a day; an endpoint that keeps failing is disabled and you get an e-mail.
      </Text>
    </Stack>
  );
}

/** Signed webhooks for scripts and the last deliveries to every channel. */
export function WebhooksSection({ subscribed }: { subscribed: boolean }) {
  return (
    <Section
      title="WEBHOOKS"
      description="Signal events posted to your own HTTPS endpoint, signed."
      testId="webhooks-section"
    >
      {subscribed ? (
        <Stack gap="lg">
          <Endpoints />
          <Stack gap="xs">
            <Title order={3} fz="h5">
              LAST DELIVERIES
            </Title>
            <Deliveries />
          </Stack>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          Webhooks and Discord deliveries come with an active subscription.
        </Text>
      )}
    </Section>
  );
}
