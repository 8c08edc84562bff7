import { Alert, Badge, Button, Checkbox, Code, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { alertSourceCreateInput, POLL, type AlertSource, type AlertSourceCreated } from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CopyButton } from '../../../components/CopyButton';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { TerminalTable, type TerminalColumn } from '../../../components/TerminalTable';
import { formatDateTime } from '../../../lib/time-zone';
import { useTRPC } from '../../../lib/trpc';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useAdminFeedback } from '../feedback';

/** The alert message a desk pastes into TradingView's Message box (the README documents each field). */
export const ALERT_MESSAGE_TEMPLATE = `{
  "instrument": "{{ticker}}",
  "direction": "buy",
  "orderType": "limit",
  "entry": "{{close}}",
  "stop": "1.08000",
  "t0": "1.08700",
  "t1": "1.09000",
  "memo": "{{interval}} setup"
}`;

/**
 * TRADINGVIEW SOURCES: each a secret webhook URL (shown once at creation), optionally announcing
 * new drafts in the desk's Telegram chat; revoked with confirmation.
 */
export function AlertSourcesSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feedback = useAdminFeedback();
  const [name, setName] = useState('');
  const [notifyTelegram, setNotifyTelegram] = useState(false);
  const [created, setCreated] = useState<AlertSourceCreated | null>(null);
  const [revoking, setRevoking] = useState<AlertSource | null>(null);

  // Polled with the drafts: each alert moves a source's count and last alert.
  const list = useQuery(trpc.alertSources.list.queryOptions(undefined, { refetchInterval: POLL.signalDraftsMs }));
  const refresh = () => void queryClient.invalidateQueries(trpc.alertSources.pathFilter());

  const create = useMutation(
    trpc.alertSources.create.mutationOptions({
      onSuccess: (source) => {
        setCreated(source);
        setName('');
        setNotifyTelegram(false);
        refresh();
      },
      onError: (error) => feedback.fail('SOURCE NOT CREATED', error),
    }),
  );
  const revoke = useMutation(
    trpc.alertSources.revoke.mutationOptions({
      onSuccess: (source) => {
        feedback.ok('SOURCE REVOKED', `${source.name}: its URL answers 404 from now on.`);
        setRevoking(null);
        if (created?.id === source.id) setCreated(null);
        refresh();
      },
      onError: (error) => feedback.fail('REVOKE FAILED', error),
    }),
  );

  const submit = () => {
    const checked = alertSourceCreateInput.safeParse({ name, notifyTelegram });
    if (!checked.success) {
      feedback.fail('SOURCE NOT CREATED', new Error(checked.error.issues[0]?.message ?? 'Invalid source'));
      return;
    }
    create.mutate(checked.data);
  };

  const columns: TerminalColumn<AlertSource>[] = [
    {
      key: 'name',
      header: 'NAME',
      render: (s) => (
        <Text size="sm" fw={600} c={s.revokedAt ? 'dimmed' : undefined}>
          {s.name}
        </Text>
      ),
    },
    {
      key: 'state',
      header: 'STATE',
      render: (s) =>
        s.revokedAt ? (
          <Badge color="gray" variant="outline" radius="xs" size="sm">
            REVOKED
          </Badge>
        ) : (
          <Badge color="terminal" variant="light" radius="xs" size="sm">
            ACTIVE
          </Badge>
        ),
    },
    {
      key: 'telegram',
      header: 'TELEGRAM',
      visibleFrom: 'sm',
      render: (s) => <Text size="xs">{s.notifyTelegram ? 'DESK CHAT' : '—'}</Text>,
    },
    {
      key: 'drafts',
      header: 'DRAFTS',
      align: 'right',
      visibleFrom: 'sm',
      render: (s) => <span className="t0-num">{s.drafts}</span>,
    },
    {
      key: 'last',
      header: 'LAST ALERT',
      visibleFrom: 'md',
      render: (s) => <Text size="xs">{s.lastAlertAt ? formatDateTime(s.lastAlertAt) : '—'}</Text>,
    },
    {
      key: 'actions',
      header: 'ACTIONS',
      render: (s) =>
        s.revokedAt ? null : (
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            onClick={() => setRevoking(s)}
            aria-label={`Revoke source ${s.name}`}
          >
            REVOKE
          </Button>
        ),
    },
  ];

  return (
    <Stack gap="sm" data-testid="alert-sources-section">
      <Title order={2} fz="h4">
        TRADINGVIEW SOURCES
      </Title>
      <Text size="xs" c="dimmed">
        Each source is a secret webhook URL for TradingView alerts. Paste the URL into the alert&apos;s Webhook URL and
        the message template below into its Message box; every alert becomes a draft above.
      </Text>
      <Paper className="t0-surface" p="sm">
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Source name"
            placeholder="H1 EMA cross"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={80}
            w={240}
          />
          <Checkbox
            label="Telegram message to the desk's chat when a draft arrives"
            checked={notifyTelegram}
            onChange={(e) => setNotifyTelegram(e.currentTarget.checked)}
            mb={8}
          />
          <Button color="terminal" onClick={submit} loading={create.isPending}>
            CREATE SOURCE
          </Button>
        </Group>
      </Paper>
      {created && (
        <Alert
          color="terminal"
          variant="light"
          radius="xs"
          title={`WEBHOOK URL: ${created.name}`}
          icon={<IconKey size={18} aria-hidden />}
          data-testid="new-alert-source"
        >
          <Stack gap={6}>
            <Text size="xs">
              Shown this once: only its hash is kept. Lost it? Revoke the source and create another.
            </Text>
            <Group gap={4} wrap="nowrap" align="flex-start">
              <Code
                block
                style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap', flex: 1 }}
                data-testid="new-alert-source-url"
              >
                {created.url}
              </Code>
              <CopyButton value={created.url} label="Copy webhook URL" />
            </Group>
          </Stack>
        </Alert>
      )}
      {list.isError && (
        <ErrorPanel text="Failed to load sources." onRetry={() => void list.refetch()} retrying={list.isFetching} />
      )}
      {list.data && list.data.length === 0 && (
        <Paper className="t0-surface">
          <EmptyState text="NO SOURCES" hint="Create one, then give its URL to a TradingView alert." />
        </Paper>
      )}
      {list.data && list.data.length > 0 && (
        <Paper className="t0-surface" p={0}>
          <TerminalTable
            columns={columns}
            rows={list.data}
            rowKey={(s) => s.id}
            rowLabel={(s) => `Source ${s.name}`}
            minWidth={340}
            testId="alert-sources-table"
          />
        </Paper>
      )}
      <Stack gap={4}>
        <Group gap={4}>
          <Text size="xs" fw={700}>
            ALERT MESSAGE TEMPLATE
          </Text>
          <CopyButton value={ALERT_MESSAGE_TEMPLATE} label="Copy alert message template" />
        </Group>
        <Code block data-testid="alert-message-template">
          {ALERT_MESSAGE_TEMPLATE}
        </Code>
      </Stack>
      <ConfirmDialog
        opened={revoking !== null}
        title="REVOKE THIS SOURCE?"
        message={
          revoking ? `${revoking.name}: TradingView alerts sent to its URL will be refused (404). Its drafts stay.` : ''
        }
        confirmLabel="REVOKE"
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
        onCancel={() => setRevoking(null)}
      />
    </Stack>
  );
}
