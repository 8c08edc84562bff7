import { Anchor, Badge, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import type { TelegramLink } from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { errorMessage } from '../../lib/errors';
import { useDates } from '../../lib/time-zone';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { Section } from '../../components/Section';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';
import { useProfileT } from './words';

/** While a link waits for START in Telegram, the status is asked again this often. */
const LINK_POLL_MS = 3_000;

/** Telegram: not configured, LINK TELEGRAM (a one-time deep link, then waiting for START), or linked with UNLINK. */
export function TelegramSection({ subscribed }: { subscribed: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toAuth = useUnauthorizedRedirect();
  const { t } = useProfileT();
  const { dateTime } = useDates();
  const [pending, setPending] = useState<TelegramLink | null>(null);
  const waiting = pending !== null && Date.parse(pending.expiresAt) > Date.now();
  const status = useQuery(
    trpc.telegram.status.queryOptions(undefined, { refetchInterval: waiting ? LINK_POLL_MS : false }),
  );
  const linked = status.data?.linked ?? false;

  useEffect(() => {
    if (linked && pending) {
      setPending(null);
      toast({ title: t('profile:telegram.linked'), description: t('profile:telegram.linkedText') });
    }
  }, [linked, pending, t]);

  const fail = (title: string) => (err: unknown) => {
    if (toAuth(err)) return;
    toast({ title, description: errorMessage(err, t('profile:alerts.tryAgain')), variant: 'destructive' });
  };
  const link = useMutation(trpc.telegram.link.mutationOptions());
  const unlink = useMutation(
    trpc.telegram.unlink.mutationOptions({
      onSuccess: (s) => {
        queryClient.setQueryData(trpc.telegram.status.queryKey(), s);
        toast({ title: t('profile:telegram.unlinked'), description: t('profile:telegram.unlinkedText') });
      },
      onError: fail(t('profile:telegram.unlinkFailed')),
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
      fail(t('profile:telegram.linkFailed'))(err);
    }
  }

  let body;
  if (status.isPending) body = <LoadingSkeleton label={t('profile:telegram.loading')} count={2} />;
  else if (status.isError)
    body = (
      <ErrorPanel
        text={t('profile:telegram.loadFailed')}
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    );
  else if (!status.data.configured) {
    body = (
      <Group gap="sm" data-testid="telegram-state">
        <Badge color="gray" variant="outline" radius="xs">
          {t('profile:alerts.notConfigured')}
        </Badge>
        <Text size="sm" c="dimmed">
          {t('profile:telegram.off')}
        </Text>
      </Group>
    );
  } else if (status.data.linked) {
    body = (
      <Group justify="space-between" gap="sm" wrap="wrap" data-testid="telegram-state">
        <Stack gap={2}>
          <Group gap="xs">
            <Badge color="terminal" variant="light" radius="xs">
              {t('profile:telegram.linkedBadge')}
            </Badge>
            <Text ff="monospace" size="sm" dir="ltr">
              {status.data.username ? `@${status.data.username}` : t('profile:telegram.chat')}
            </Text>
          </Group>
          {status.data.linkedAt && (
            <Text size="xs" c="dimmed">
              {t('profile:telegram.since', { date: dateTime(status.data.linkedAt) ?? '' })}
            </Text>
          )}
        </Stack>
        <Button variant="subtle" color="red" disabled={unlink.isPending} onClick={() => unlink.mutate()}>
          {unlink.isPending ? t('profile:alerts.unlinking') : t('profile:alerts.unlink')}
        </Button>
      </Group>
    );
  } else {
    body = (
      <Stack gap="sm" data-testid="telegram-state">
        <Group gap="sm" wrap="wrap">
          <Button onClick={() => void startLink()} disabled={link.isPending}>
            {link.isPending
              ? t('profile:alerts.creatingLink')
              : waiting
                ? t('profile:telegram.newLink')
                : t('profile:telegram.link')}
          </Button>
          <Text size="sm" c="dimmed">
            {t('profile:telegram.linkHint')}
          </Text>
        </Group>
        {waiting && pending && (
          <Paper p="sm" bd="1px solid var(--t0-border)" bg="var(--t0-surface-2)" data-testid="telegram-link">
            <Stack gap={6}>
              <Text size="sm">{t('profile:telegram.waiting', { date: dateTime(pending.expiresAt) ?? '' })}</Text>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Code dir="ltr" style={{ wordBreak: 'break-all' }}>
                  <Anchor href={pending.url} target="_blank" rel="noopener noreferrer" size="sm" ff="monospace">
                    {pending.url}
                  </Anchor>
                </Code>
                <CopyButton value={pending.url} label={t('profile:telegram.copy')} />
              </Group>
            </Stack>
          </Paper>
        )}
      </Stack>
    );
  }

  return (
    <Section
      title={t('profile:telegram.title')}
      description={t('profile:telegram.description')}
      testId="telegram-section"
    >
      <Stack gap="sm">
        {body}
        {!subscribed && status.data?.configured && (
          <Text size="xs" c="dimmed">
            {t('profile:telegram.needsSubscription')}
          </Text>
        )}
      </Stack>
    </Section>
  );
}
