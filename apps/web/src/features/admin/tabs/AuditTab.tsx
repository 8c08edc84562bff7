import { Badge, Code, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { AUDIT_PAGE_SIZE, auditListInput, type AuditEntry } from '@t0/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FilterActions } from '../../../components/FilterActions';
import { formatDateTime } from '../../../lib/time-zone';
import { useTRPC } from '../../../lib/trpc';
import { ConsoleTable, type ConsoleColumn } from '../ConsoleTable';
import { PageControls } from '../../../components/PageControls';

interface Filters {
  actor: string;
  action: string;
  target: string;
  from: string;
  to: string;
}
const noFilters: Filters = { actor: '', action: '', target: '', from: '', to: '' };

/** `{ a: 1 }` → `a: 1`, one field a line; long values cut. */
function fieldsText(fields: Record<string, unknown> | null): string {
  if (!fields) return '—';
  const lines = Object.entries(fields).map(([k, v]) => {
    const text = typeof v === 'string' ? v : JSON.stringify(v);
    return `${k}: ${text.length > 80 ? `${text.slice(0, 77)}…` : text}`;
  });
  return lines.length ? lines.join('\n') : '—';
}

/** The dates as the server reads them: `to` counts the whole day. */
function query(f: Filters, page: number) {
  return {
    page,
    actor: f.actor || undefined,
    action: f.action || undefined,
    target: f.target || undefined,
    from: f.from || undefined,
    to: f.to ? `${f.to}T23:59:59.999` : undefined,
  };
}

const code = (fields: Record<string, unknown> | null) => (
  <Code block fz={11} style={{ whiteSpace: 'pre-wrap', maxWidth: 280 }}>
    {fieldsText(fields)}
  </Code>
);

const columns: ConsoleColumn<AuditEntry>[] = [
  { key: 'at', header: 'TIME', render: (entry) => <Text size="xs">{formatDateTime(entry.at)}</Text> },
  {
    key: 'actor',
    header: 'ACTOR',
    wrap: true,
    render: (entry) => (
      <>
        <Text size="xs" style={{ wordBreak: 'break-all' }}>
          {entry.actorEmail}
        </Text>
        <Text size="xs" c="dimmed">
          {entry.address}
        </Text>
      </>
    ),
  },
  {
    key: 'action',
    header: 'ACTION',
    wrap: true,
    render: (entry) => (
      <>
        <Badge variant="light" radius="xs" color="blue" tt="none" ff="monospace">
          {entry.action}
        </Badge>
        {entry.outcome === 'refused' && (
          <Text size="xs" c="red" mt={4}>
            Refused: {entry.reason}
          </Text>
        )}
      </>
    ),
  },
  {
    key: 'target',
    header: 'TARGET',
    render: (entry) => (
      <Text size="xs">
        {entry.targetType ? `${entry.targetType}${entry.targetId ? `:${entry.targetId}` : ''}` : '—'}
      </Text>
    ),
  },
  { key: 'before', header: 'BEFORE', wrap: true, render: (entry) => code(entry.before) },
  { key: 'after', header: 'AFTER', wrap: true, render: (entry) => code(entry.after) },
];

/** The append-only record of administrator actions, newest first, with filters and pages. */
export function AuditTab() {
  const trpc = useTRPC();
  const [draft, setDraft] = useState<Filters>(noFilters);
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const list = useQuery(trpc.audit.list.queryOptions(query(filters, page), { placeholderData: keepPreviousData }));

  function apply(event: FormEvent) {
    event.preventDefault();
    const checked = auditListInput.safeParse(query(draft, 1));
    if (!checked.success) {
      setError(checked.error.issues[0]!.message);
      return;
    }
    setError(null);
    setFilters(draft);
    setPage(1);
  }

  const bind = (key: keyof Filters) => ({
    value: draft[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setDraft((d) => ({ ...d, [key]: value }));
    },
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / (list.data.pageSize || AUDIT_PAGE_SIZE))) : 1;

  return (
    <Stack gap="lg" data-testid="audit-tab">
      <Stack gap={2}>
        <Title order={2} fz="h4">
          AUDIT LOG
        </Title>
        <Text size="sm" c="dimmed">
          Every administrator change and every refused administrator attempt: who, when, from where, and the fields
          before and after. Entries cannot be edited or deleted.
        </Text>
      </Stack>

      <Paper p="md" className="t0-surface" component="form" onSubmit={apply} aria-label="Audit filters" noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} spacing="sm">
          <TextInput label="ACTOR" placeholder="admin@…" {...bind('actor')} />
          <TextInput label="ACTION" placeholder="signals.update or signals." {...bind('action')} />
          <TextInput label="TARGET" placeholder="signal or signal:12" {...bind('target')} />
          <TextInput label="FROM" type="date" {...bind('from')} />
          <TextInput label="TO" type="date" {...bind('to')} />
        </SimpleGrid>
        <FilterActions
          error={error}
          onClear={() => {
            setDraft(noFilters);
            setFilters(noFilters);
            setPage(1);
            setError(null);
          }}
          total={list.data?.total}
          totalTestId="audit-total"
        />
      </Paper>

      <Stack gap="sm">
        <ConsoleTable
          label="Audit log"
          columns={columns}
          rows={list.data?.entries}
          rowKey={(e) => e.id}
          rowAttributes={() => ({ 'data-testid': 'audit-entry' })}
          striped
          alignTop
          minWidth={900}
          loading={list.isLoading}
          loadingRows={5}
          error={
            list.isError
              ? { text: 'Failed to load the audit log', onRetry: () => void list.refetch(), retrying: list.isFetching }
              : null
          }
          empty={{ text: 'No audit entries', hint: 'Administrator changes appear here as they are made.' }}
        />
        {pages > 1 && <PageControls value={page} onChange={setPage} total={pages} label="Audit pages" />}
      </Stack>
    </Stack>
  );
}
