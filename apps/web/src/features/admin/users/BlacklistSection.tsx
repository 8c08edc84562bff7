import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  addBlacklistEntryInput,
  BLACKLIST_KINDS,
  BLACKLIST_REASON_MAX,
  BLACKLIST_VALUE_MAX,
  normaliseDomainEntry,
  type BlacklistEntry,
  type BlacklistKind,
} from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/time-zone';
import { useTRPC } from '../../../lib/trpc';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ConsoleTable, type ConsoleColumn } from '../ConsoleTable';
import { useAdminFeedback } from '../feedback';

const KIND_LABELS: Record<BlacklistKind, string> = {
  email: 'E-mail address',
  domain: 'Domain (@example.com)',
  card: 'Card fingerprint (Stripe)',
  telegram: 'Telegram id',
  discord: 'Discord id',
  whop: 'Whop id',
};

/** The BLACKLIST: who may not register, pay or join the paid community; add an entry with a reason, remove one. */
export function BlacklistSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feedback = useAdminFeedback();
  const list = useQuery(trpc.blacklist.list.queryOptions());
  const [kind, setKind] = useState<BlacklistKind>('email');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ value?: string; reason?: string }>({});
  const [confirming, setConfirming] = useState<{ message: string } | null>(null);
  const [removing, setRemoving] = useState<BlacklistEntry | null>(null);
  const add = useMutation(trpc.blacklist.add.mutationOptions());
  const remove = useMutation(trpc.blacklist.remove.mutationOptions());

  const refresh = () => {
    void queryClient.invalidateQueries(trpc.blacklist.list.pathFilter());
    void queryClient.invalidateQueries(trpc.audit.pathFilter());
  };

  async function ask() {
    const checked = addBlacklistEntryInput.safeParse({ kind, value, reason });
    if (!checked.success) {
      const issue = (field: string) => checked.error.issues.find((i) => i.path[0] === field)?.message;
      return setErrors({ value: issue('value'), reason: issue('reason') });
    }
    setErrors({});
    if (kind !== 'domain') return setConfirming({ message: `Blacklist ${value.trim()}?` });
    // A domain: how many accounts it bars, before saving.
    try {
      const preview = await queryClient.fetchQuery(trpc.blacklist.preview.queryOptions({ value }));
      setConfirming({
        message: `Blacklist ${preview.domain}? ${preview.matchingAccounts} account${preview.matchingAccounts === 1 ? ' has' : 's have'} an address there (they are not signed out: blacklist each from its drawer).`,
      });
    } catch (error) {
      feedback.fail('Preview failed', error);
    }
  }

  async function save() {
    try {
      const answer = await add.mutateAsync({ kind, value, reason });
      feedback.ok('Blacklisted', `${answer.entry.value} is on the blacklist.`);
      setValue('');
      setReason('');
      refresh();
    } catch (error) {
      feedback.fail('Blacklisting failed', error);
    }
    setConfirming(null);
  }

  async function unlist() {
    if (!removing) return;
    try {
      const answer = await remove.mutateAsync({ id: removing.id });
      feedback.ok('Removed from the blacklist', answer.message);
      refresh();
    } catch (error) {
      feedback.fail('Removal failed', error);
    }
    setRemoving(null);
  }

  const columns: ConsoleColumn<BlacklistEntry>[] = [
    {
      key: 'value',
      header: 'ENTRY',
      wrap: true,
      render: (e) => (
        <Stack gap={0}>
          <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
            {e.value}
          </Text>
          <Text size="xs" c="dimmed">
            {KIND_LABELS[e.kind]}
            {e.userId !== null ? ` · from account #${e.userId}` : ''}
          </Text>
        </Stack>
      ),
    },
    { key: 'reason', header: 'REASON', wrap: true, render: (e) => <Text size="sm">{e.reason ?? '—'}</Text> },
    {
      key: 'when',
      header: 'WHEN, BY',
      wrap: true,
      render: (e) => (
        <Text size="xs">
          {formatDateTime(e.blacklistedAt)}
          {e.blacklistedBy ? ` · ${e.blacklistedBy}` : ''}
        </Text>
      ),
    },
    {
      key: 'remove',
      header: '',
      render: (e) => (
        <Button size="xs" variant="default" onClick={() => setRemoving(e)} aria-label={`Remove ${e.value}`}>
          REMOVE
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="sm" data-testid="blacklist">
      <Stack gap={2}>
        <Title order={2} fz="h4">
          BLACKLIST
        </Title>
        <Text size="sm" c="dimmed">
          A blacklisted person cannot register, sign in, check out, take a trial, be granted access by a payment
          (refunded) or join the paid community. Addresses match in any case, Gmail&apos;s dots and +tags folded.
        </Text>
      </Stack>
      <Paper p="md" className="t0-surface">
        <Group gap="xs" align="flex-start">
          <Select
            label="KIND"
            data={BLACKLIST_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
            value={kind}
            onChange={(v) => v && setKind(v as BlacklistKind)}
            allowDeselect={false}
            style={{ flex: '1 1 180px' }}
            data-testid="blacklist-kind"
          />
          <TextInput
            label="VALUE"
            placeholder={kind === 'domain' ? '@example.com' : kind === 'email' ? 'name@example.com' : 'id'}
            value={value}
            maxLength={BLACKLIST_VALUE_MAX}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={errors.value}
            style={{ flex: '2 1 200px' }}
            data-testid="blacklist-value"
          />
          <TextInput
            label="REASON"
            placeholder="Why (shown here and in the audit)"
            value={reason}
            maxLength={BLACKLIST_REASON_MAX}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errors.reason}
            style={{ flex: '2 1 200px' }}
            data-testid="blacklist-reason"
          />
          <Button color="red" variant="light" mt={25} onClick={() => void ask()}>
            BLACKLIST
          </Button>
        </Group>
        {kind === 'domain' && value && normaliseDomainEntry(value) === null && (
          <Text size="xs" c="dimmed" mt={4}>
            A domain, as @example.com.
          </Text>
        )}
      </Paper>
      <ConsoleTable
        label="Blacklist table"
        columns={columns}
        rows={list.data?.entries}
        rowKey={(e) => e.id}
        rowAttributes={() => ({ 'data-testid': 'blacklist-row' })}
        striped
        minWidth={640}
        loading={list.isLoading}
        loadingRows={2}
        error={
          list.isError
            ? { text: 'Failed to load the blacklist', onRetry: () => void list.refetch(), retrying: list.isFetching }
            : null
        }
        empty={{ text: 'Nobody is blacklisted', hint: 'Add an entry above, or blacklist an account from its drawer.' }}
      />
      <ConfirmDialog
        opened={confirming !== null}
        title="BLACKLIST"
        message={confirming?.message ?? ''}
        confirmLabel="BLACKLIST"
        color="red"
        pending={add.isPending}
        onConfirm={() => void save()}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        opened={removing !== null}
        title="REMOVE FROM THE BLACKLIST"
        message={removing ? `Remove ${removing.value} from the blacklist? They can register and pay again.` : ''}
        confirmLabel="REMOVE"
        color="red"
        pending={remove.isPending}
        onConfirm={() => void unlist()}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}
