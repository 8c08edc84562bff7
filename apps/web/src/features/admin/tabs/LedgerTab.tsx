import { Alert, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconFileCertificate } from '@tabler/icons-react';
import {
  formatAmount,
  LEDGER_KINDS,
  LEDGER_PAGE_SIZE,
  ledgerListInput,
  type DisputeRate,
  type LedgerEntry,
  type LedgerKind,
} from '@t0/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FilterActions } from '../../../components/FilterActions';
import { formatDateTime } from '../../../lib/time-zone';
import { useTRPC } from '../../../lib/trpc';
import { PageControls } from '../../../components/PageControls';
import { ConsoleTable, type ConsoleColumn } from '../ConsoleTable';
import { DisputeDrawer } from './DisputeDrawer';
import { saveFile } from '../../../lib/save-file';

interface Filters {
  kind: string;
  userId: string;
  from: string;
  to: string;
}
const noFilters: Filters = { kind: '', userId: '', from: '', to: '' };

const KIND_LABELS: Record<LedgerKind, string> = {
  payment: 'PAYMENT',
  refund: 'REFUND',
  dispute_opened: 'DISPUTE OPENED',
  dispute_won: 'DISPUTE WON',
  dispute_lost: 'DISPUTE LOST',
};
const KIND_COLORS: Record<LedgerKind, string> = {
  payment: 'green',
  refund: 'yellow',
  dispute_opened: 'red',
  dispute_won: 'teal',
  dispute_lost: 'red',
};

/** The filters as the server reads them: `to` counts the whole day. */
function filterQuery(f: Filters) {
  return {
    kind: (f.kind || undefined) as LedgerKind | undefined,
    userId: f.userId ? Number(f.userId) : undefined,
    from: f.from || undefined,
    to: f.to ? `${f.to}T23:59:59.999` : undefined,
  };
}

/** The ledger's columns; an opened dispute's row ends with the button that opens its evidence. */
const columnsWith = (openEvidence: (e: LedgerEntry) => void): ConsoleColumn<LedgerEntry>[] => [
  { key: 'at', header: 'TIME', render: (e) => <Text size="xs">{formatDateTime(e.occurredAt)}</Text> },
  {
    key: 'kind',
    header: 'KIND',
    render: (e) => (
      <Badge variant={e.dispute ? 'filled' : 'light'} radius="xs" color={KIND_COLORS[e.kind]} data-dispute={e.dispute}>
        {KIND_LABELS[e.kind]}
      </Badge>
    ),
  },
  {
    key: 'amount',
    header: 'AMOUNT',
    render: (e) => (
      <Text size="xs" ff="monospace" c={e.kind === 'payment' || e.kind === 'dispute_won' ? undefined : 'red'}>
        {e.kind === 'payment' || e.kind === 'dispute_won' ? '' : '−'}
        {formatAmount(e.amount, e.currency)}
      </Text>
    ),
  },
  {
    key: 'fee',
    header: 'FEE',
    render: (e) => (
      <Text size="xs" ff="monospace" c="dimmed">
        {e.fee === null ? '—' : formatAmount(e.fee, e.currency)}
      </Text>
    ),
  },
  {
    key: 'reporting',
    header: 'REPORTING',
    render: (e) => (
      <Text size="xs" ff="monospace" c={e.reportingAmount === null ? 'dimmed' : undefined}>
        {e.reportingAmount === null ? 'no rate' : formatAmount(e.reportingAmount, e.reportingCurrency)}
      </Text>
    ),
  },
  {
    key: 'user',
    header: 'USER',
    wrap: true,
    render: (e) => (
      <Text size="xs" style={{ wordBreak: 'break-all' }}>
        {e.userEmail ?? (e.userId ? `#${e.userId}` : '—')}
      </Text>
    ),
  },
  { key: 'plan', header: 'PLAN', render: (e) => <Text size="xs">{e.plan ?? '—'}</Text> },
  {
    key: 'ref',
    header: 'PROVIDER',
    wrap: true,
    render: (e) => (
      <>
        <Text size="xs">{e.provider}</Text>
        <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {e.providerObjectId}
        </Text>
      </>
    ),
  },
  {
    key: 'evidence',
    header: 'EVIDENCE',
    hideHeader: true,
    stickyRight: true,
    render: (e) =>
      e.kind === 'dispute_opened' ? (
        <Button
          size="compact-xs"
          variant="light"
          color="red"
          leftSection={<IconFileCertificate size={14} aria-hidden />}
          onClick={() => openEvidence(e)}
          aria-label={`Evidence of dispute ${e.providerObjectId}`}
        >
          EVIDENCE
        </Button>
      ) : null,
  },
];

function DisputeRateLine({ rate }: { rate: DisputeRate }) {
  const shown = rate.ratePercent === null ? 'NO DATA' : `${rate.ratePercent.toFixed(2)} %`;
  const text = `${rate.month}: ${rate.disputesOpened} ${rate.disputesOpened === 1 ? 'dispute' : 'disputes'} / ${rate.payments} ${rate.payments === 1 ? 'payment' : 'payments'}`;
  return (
    <Stack gap="xs">
      {rate.alert && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={`DISPUTE RATE ${shown}`}
          role="alert"
          data-testid="dispute-rate-alert"
        >
          This month’s disputes reached the alert threshold of {rate.alertPercent} % of payments. Card networks start
          monitoring merchants near this rate: answer each dispute with evidence and look for a pattern.
        </Alert>
      )}
      <Paper p="sm" className="t0-surface" data-testid="dispute-rate">
        <Group gap="lg" wrap="wrap">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              DISPUTE RATE (UTC MONTH)
            </Text>
            <Text fw={700} ff="monospace" c={rate.alert ? 'red' : undefined}>
              {shown}
            </Text>
          </Stack>
          <Text size="xs" c="dimmed">
            {text} · alert at {rate.alertPercent} % (console › SETTINGS)
          </Text>
        </Group>
      </Paper>
    </Stack>
  );
}

/** The money ledger: payments, refunds and disputes as the providers told them, with the month's dispute rate. */
export function LedgerTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Filters>(noFilters);
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [disputeId, setDisputeId] = useState<number | null>(null);
  const list = useQuery(
    trpc.ledger.list.queryOptions({ ...filterQuery(filters), page }, { placeholderData: keepPreviousData }),
  );

  function apply(event: FormEvent) {
    event.preventDefault();
    const checked = ledgerListInput.safeParse({ ...filterQuery(draft), page: 1 });
    if (!checked.success) {
      setError(checked.error.issues[0]!.message);
      return;
    }
    setError(null);
    setFilters(draft);
    setPage(1);
  }

  async function downloadCsv() {
    setExporting(true);
    try {
      const file = await queryClient.fetchQuery(trpc.ledger.export.queryOptions(filterQuery(filters)));
      saveFile(file.csv, file.filename, 'text/csv');
      setError(null);
    } catch {
      setError('The CSV could not be made; try again.');
    } finally {
      setExporting(false);
    }
  }

  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / (list.data.pageSize || LEDGER_PAGE_SIZE))) : 1;

  return (
    <Stack gap="lg" data-testid="ledger-tab">
      <Stack gap={2}>
        <Title order={2} fz="h4">
          LEDGER
        </Title>
        <Text size="sm" c="dimmed">
          Every payment, refund and dispute the payment providers reported, once each. A dispute ends the buyer’s access
          at once and blacklists the card. Reporting amounts are in{' '}
          {list.data?.reportingCurrency ?? 'the reporting currency'}; another currency shows no rate.
        </Text>
      </Stack>

      {list.data && <DisputeRateLine rate={list.data.disputeRate} />}

      <Paper p="md" className="t0-surface" component="form" onSubmit={apply} aria-label="Ledger filters" noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <Select
            label="KIND"
            placeholder="Any"
            clearable
            data={LEDGER_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
            value={draft.kind || null}
            onChange={(v) => setDraft((d) => ({ ...d, kind: v ?? '' }))}
          />
          <TextInput
            label="USER ID"
            inputMode="numeric"
            value={draft.userId}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setDraft((d) => ({ ...d, userId: value }));
            }}
          />
          <TextInput
            label="FROM"
            type="date"
            value={draft.from}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setDraft((d) => ({ ...d, from: value }));
            }}
          />
          <TextInput
            label="TO"
            type="date"
            value={draft.to}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setDraft((d) => ({ ...d, to: value }));
            }}
          />
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
          totalTestId="ledger-total"
        >
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exporting}
            onClick={() => void downloadCsv()}
          >
            CSV
          </Button>
        </FilterActions>
      </Paper>

      <Stack gap="sm">
        <ConsoleTable
          label="Ledger"
          columns={columnsWith((e) => setDisputeId(e.id))}
          rows={list.data?.entries}
          rowKey={(e) => e.id}
          rowAttributes={(e) => ({ 'data-testid': 'ledger-entry', 'data-kind': e.kind })}
          striped
          alignTop
          minWidth={900}
          loading={list.isLoading}
          loadingRows={5}
          error={
            list.isError
              ? { text: 'Failed to load the ledger', onRetry: () => void list.refetch(), retrying: list.isFetching }
              : null
          }
          empty={{
            text: 'No ledger entries',
            hint: 'Payments, refunds and disputes appear here as providers report them.',
          }}
        />
        {pages > 1 && <PageControls value={page} onChange={setPage} total={pages} label="Ledger pages" />}
      </Stack>
      <DisputeDrawer entryId={disputeId} onClose={() => setDisputeId(null)} />
    </Stack>
  );
}
