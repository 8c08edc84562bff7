import { Anchor, Badge, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import type { TelegramLink } from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/time-zone';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { Section } from '../../components/Section';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';

/** While a link waits for START in Telegram, the status is asked again this often. */
const LINK_POLL_MS = 3_000;

/** Telegram: not configured, LINK TELEGRAM (a one-time deep link, then waiting for START), or linked with UNLINK. */
export function TelegramSection({ subscribed }: { subscribed: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toAuth = useUnauthorizedRedirect();
  const [pending, setPending] = useState<TelegramLink | null>(null);
  const waiting = pending !== null && Date.parse(pending.expiresAt) > Date.now();
  const status = useQuery(
    trpc.telegram.status.queryOptions(undefined, { refetchInterval: waiting ? LINK_POLL_MS : false }),
  );
  const linked = status.data?.linked ?? false;

  useEffect(() => {
    if (linked && pending) {
      setPending(null);
      toast({ title: 'Telegram Linked', description: 'Signals will reach your Telegram chat.' });
    }
  }, [linked, pending]);

  const fail = (title: string) => (err: unknown) => {
    if (toAuth(err)) return;
    toast({ title, description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
  };
  const link = useMutation(trpc.telegram.link.mutationOptions());
  const unlink = useMutation(
    trpc.telegram.unlink.mutationOptions({
      onSuccess: (s) => {
        queryClient.setQueryData(trpc.telegram.status.queryKey(), s);
        toast({ title: 'Telegram Unlinked', description: 'Nothing more will be sent to your Telegram chat.' });
      },
      onError: fail('Telegram Not Unlinked'),
    }),
  );

  async function startLink() {
    // Opened within the click, so the browser allows it; pointed at the deep link once it exists.
    const tab = window.open('about:blank', '_blank');
    try {
      const created = await link.mutateAsync();
      setPending(created);
      if (tab) {
        tab.opener = null;
        tab.location.href = created.url;
      }
    } catch (err) {
      tab?.close();
      fail('Telegram Not Linked')(err);
    }
  }

  let body;
  if (status.isPending) body = <LoadingSkeleton label="Loading Telegram status" count={2} />;
  else if (status.isError)
    body = (
      <ErrorPanel
        text="Failed to load the Telegram status."
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    );
  else if (!status.data.configured) {
    body = (
      <Group gap="sm" data-testid="telegram-state">
        <Badge color="gray" variant="outline" radius="xs">
          NOT CONFIGURED
        </Badge>
        <Text size="sm" c="dimmed">
          Telegram is not configured on this server.
        </Text>
      </Group>
    );
  } else if (status.data.linked) {
    body = (
      <Group justify="space-between" gap="sm" wrap="wrap" data-testid="telegram-state">
        <Stack gap={2}>
          <Group gap="xs">
            <Badge color="terminal" variant="light" radius="xs">
              LINKED
            </Badge>
            <Text ff="monospace" size="sm">
              {status.data.username ? `@${status.data.username}` : 'Telegram chat'}
            </Text>
          </Group>
          {status.data.linkedAt && (
            <Text size="xs" c="dimmed">
              Since {formatDateTime(status.data.linkedAt)}. Sending /stop to the bot unlinks too.
            </Text>
          )}
        </Stack>
        <Button variant="subtle" color="red" disabled={unlink.isPending} onClick={() => unlink.mutate()}>
          {unlink.isPending ? 'UNLINKING...' : 'UNLINK'}
        </Button>
      </Group>
    );
  } else {
    body = (
      <Stack gap="sm" data-testid="telegram-state">
        <Group gap="sm" wrap="wrap">
          <Button onClick={() => void startLink()} disabled={link.isPending}>
            {link.isPending ? 'CREATING LINK...' : waiting ? 'NEW LINK' : 'LINK TELEGRAM'}
          </Button>
          <Text size="sm" c="dimmed">
            Opens Telegram: press START in the chat with the bot.
          </Text>
        </Group>
        {waiting && pending && (
          <Paper p="sm" bd="1px solid var(--t0-border)" bg="var(--t0-surface-2)" data-testid="telegram-link">
            <Stack gap={6}>
              <Text size="sm">
                Waiting for START in Telegram… If Telegram did not open, open or copy this link (it works once, until{' '}
                {formatDateTime(pending.expiresAt)}):
              </Text>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Code style={{ wordBreak: 'break-all' }}>
                  <Anchor href={pending.url} target="_blank" rel="noopener noreferrer" size="sm" ff="monospace">
                    {pending.url}
                  </Anchor>
                </Code>
                <CopyButton value={pending.url} label="Copy Telegram link" />
              </Group>
            </Stack>
          </Paper>
        )}
      </Stack>
    );
  }

  return (
    <Section
      title="TELEGRAM"
      description="Signals and their levels as Telegram messages from our bot."
      testId="telegram-section"
    >
      <Stack gap="sm">
        {body}
        {!subscribed && status.data?.configured && (
          <Text size="xs" c="dimmed">
            Messages come with an active subscription.
          </Text>
        )}
      </Stack>
    </Section>
  );
}
