import { Alert, Badge, Button, Code, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconKey } from '@tabler/icons-react';
import {
  API_TOKEN_DEFAULT_EXPIRY_DAYS,
  API_TOKEN_NAME_MAX,
  API_TOKEN_REVOCATION_NOTE,
  apiTokenExpiryText,
  createApiTokenInput,
  MAX_ACTIVE_API_TOKENS,
  type ApiToken,
  type ApiTokenExpiryDays,
  type ApiTokenScope,
  type CreatedApiToken,
} from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { copyText } from '../../components/CopyButton';
import { EmptyState } from '../../components/EmptyState';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { RelativeTime } from '../../components/RelativeTime';
import { TerminalTable, type TerminalColumn } from '../../components/TerminalTable';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';

const SCOPES: Array<{ value: ApiTokenScope; label: string }> = [
  { value: 'read', label: 'READ' },
  { value: 'read-write', label: 'READ-WRITE' },
];
const EXPIRIES: Array<{ value: string; label: string }> = [
  { value: '30', label: '30 DAYS' },
  { value: '90', label: '90 DAYS' },
  { value: '365', label: '365 DAYS' },
  { value: 'never', label: 'NEVER' },
];
const toExpiryDays = (value: string): ApiTokenExpiryDays =>
  value === 'never' ? null : (Number(value) as ApiTokenExpiryDays);
const expiryLabel = (t: ApiToken) => (t.expiresAt === null ? 'never' : apiTokenExpiryText(t.expiresAt));
const isExpired = (t: ApiToken) => t.expiresAt !== null && new Date(t.expiresAt).getTime() <= Date.now();

const SCOPE_HINTS: Record<ApiTokenScope, string> = {
  read: 'GET paths and the live stream only',
  'read-write': 'Everything your account may do',
};

/** The new token, shown this once with a copy button. */
function NewToken({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const copy = async () => {
    try {
      await copyText(created.token);
      toast({ title: 'Copied!', description: 'API token copied to clipboard' });
    } catch {
      toast({ title: 'Copy failed', description: 'Unable to copy to clipboard', variant: 'destructive' });
    }
  };
  return (
    <Alert
      color="terminal"
      variant="light"
      radius="xs"
      title={`NEW TOKEN: ${created.apiToken.name}`}
      icon={<IconKey size={18} aria-hidden />}
      data-testid="new-api-token"
    >
      <Stack gap="sm">
        <Text fz="sm" fw={700}>
          Copy it now: you will not see it again.
        </Text>
        <Code block data-testid="new-api-token-value" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {created.token}
        </Code>
        <Group gap="sm">
          <Button size="xs" leftSection={<IconCopy size={14} aria-hidden />} onClick={() => void copy()}>
            COPY TOKEN
          </Button>
          <Button size="xs" variant="default" onClick={onDone}>
            DONE
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** Personal API tokens: list, create (shown once), revoke with confirmation. */
export function ApiTokensPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toAuth = useUnauthorizedRedirect();
  const list = useQuery(trpc.apiTokens.list.queryOptions());
  const create = useMutation(trpc.apiTokens.create.mutationOptions());
  const revoke = useMutation(trpc.apiTokens.revoke.mutationOptions());
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [expiry, setExpiry] = useState(String(API_TOKEN_DEFAULT_EXPIRY_DAYS));
  const [nameError, setNameError] = useState<string | undefined>();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.apiTokens.list.queryKey() });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = createApiTokenInput.safeParse({ name, scope, expiresInDays: toExpiryDays(expiry) });
    if (!checked.success) {
      setNameError(checked.error.issues[0]!.message);
      return;
    }
    try {
      const result = await create.mutateAsync(checked.data);
      setCreated(result);
      setName('');
      await refresh();
    } catch (err) {
      if (toAuth(err)) return;
      toast({
        title: 'Token Not Created',
        description: errorMessage(err, 'Failed to create the token. Please try again.'),
        variant: 'destructive',
      });
    }
  }

  async function confirmRevoke() {
    if (!revoking) return;
    try {
      await revoke.mutateAsync({ id: revoking.id });
      toast({ title: 'Token Revoked', description: `"${revoking.name}" no longer works.` });
      if (created?.apiToken.id === revoking.id) setCreated(null);
      setRevoking(null);
      await refresh();
    } catch (err) {
      if (toAuth(err)) return;
      toast({
        title: 'Revoke Failed',
        description: errorMessage(err, 'Failed to revoke the token. Please try again.'),
        variant: 'destructive',
      });
    }
  }

  const columns: TerminalColumn<ApiToken>[] = [
    {
      key: 'name',
      header: 'NAME',
      render: (t) => (
        <>
          <Text span fz="sm" fw={600}>
            {t.name}
          </Text>
          {/* Narrow screens: the expiry under the name (the EXPIRES column shows from sm up). */}
          {!t.revokedAt && (
            <Text fz="xs" c="dimmed" hiddenFrom="sm" data-testid="api-token-expiry-inline">
              {expiryLabel(t)}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'scope',
      header: 'SCOPE',
      render: (t) => (
        <Badge radius="xs" variant="outline" color={t.scope === 'read' ? 'blue' : 'amber'}>
          {t.scope.toUpperCase()}
        </Badge>
      ),
    },
    { key: 'prefix', header: 'TOKEN', render: (t) => <Code>{t.prefix}…</Code>, visibleFrom: 'sm' },
    { key: 'created', header: 'CREATED', render: (t) => <RelativeTime value={t.createdAt} />, visibleFrom: 'md' },
    {
      key: 'used',
      header: 'LAST USED',
      render: (t) => <RelativeTime value={t.lastUsedAt} fallback="Never" />,
      visibleFrom: 'xs',
    },
    {
      key: 'expires',
      header: 'EXPIRES',
      render: (t) => (
        <Text span fz="xs" c={t.revokedAt || isExpired(t) ? 'dimmed' : undefined} data-testid="api-token-expiry">
          {t.revokedAt ? '—' : expiryLabel(t)}
        </Text>
      ),
      visibleFrom: 'sm',
    },
    {
      key: 'action',
      header: 'STATUS',
      align: 'right',
      render: (t) =>
        t.revokedAt ? (
          <Badge radius="xs" variant="light" color="gray">
            REVOKED
          </Badge>
        ) : isExpired(t) ? (
          <Badge radius="xs" variant="light" color="gray">
            EXPIRED
          </Badge>
        ) : (
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            onClick={() => setRevoking(t)}
            aria-label={`Revoke token ${t.name}`}
          >
            REVOKE
          </Button>
        ),
    },
  ];

  const tokens = list.data ?? [];
  const active = tokens.filter((t) => !t.revokedAt && !isExpired(t)).length;
  const example = `curl -H "Authorization: Bearer t0_pat_…" ${window.location.origin}/api/signals`;

  return (
    <Stack gap="md" data-testid="api-tokens">
      <Stack gap={4}>
        <Text fz="sm" fw={700} lts="0.06em">
          API ACCESS
        </Text>
        <Text fz="sm" c="dimmed" className="t0-prose">
          Personal API tokens let your scripts call the REST API and the live stream as you, with your subscription. A
          token cannot sign in to this web app, change your password, manage tokens or two-factor authentication.
        </Text>
        <Text fz="sm" fw={600} data-testid="api-token-revocation-note">
          {API_TOKEN_REVOCATION_NOTE}
        </Text>
      </Stack>

      {created && <NewToken created={created} onDone={() => setCreated(null)} />}

      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="TOKEN NAME"
            placeholder="e.g. trading bot"
            value={name}
            maxLength={API_TOKEN_NAME_MAX}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setNameError(undefined);
            }}
            error={nameError}
            style={{ flex: '1 1 200px' }}
          />
          <NativeSelect
            label="SCOPE"
            description={SCOPE_HINTS[scope]}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            data={SCOPES}
            value={scope}
            onChange={(e) => setScope(e.currentTarget.value as ApiTokenScope)}
            style={{ flex: '1 1 180px' }}
          />
          <NativeSelect
            label="EXPIRES AFTER"
            data={EXPIRIES}
            value={expiry}
            onChange={(e) => setExpiry(e.currentTarget.value)}
            style={{ flex: '1 1 140px' }}
          />
          <Button type="submit" mt={{ base: 0, xs: 25 }} disabled={create.isPending || active >= MAX_ACTIVE_API_TOKENS}>
            {create.isPending ? 'CREATING...' : 'CREATE TOKEN'}
          </Button>
        </Group>
      </form>

      {list.isPending ? (
        <LoadingSkeleton variant="rows" count={2} label="Loading API tokens" />
      ) : list.isError ? (
        <ErrorPanel
          text="Failed to load your API tokens."
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : tokens.length === 0 ? (
        <EmptyState
          text="NO API TOKENS"
          hint="Create one above; it is shown once."
          icon={<IconKey size={28} stroke={1.5} />}
        />
      ) : (
        <TerminalTable
          columns={columns}
          rows={tokens}
          rowKey={(t) => t.id}
          rowLabel={(t) => `API token ${t.name}`}
          minWidth={320}
          testId="api-token-table"
        />
      )}
      <Text fz="xs" c="dimmed">
        {active} of {MAX_ACTIVE_API_TOKENS} active tokens. Use one as:
      </Text>
      <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {example}
      </Code>

      <ConfirmDialog
        opened={revoking !== null}
        title="REVOKE API TOKEN"
        message={`Revoke "${revoking?.name ?? ''}"? Scripts using it get 401 at once. This cannot be undone.`}
        confirmLabel="REVOKE"
        pending={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
      />
    </Stack>
  );
}
