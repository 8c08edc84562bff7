import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import {
  MAIL_KIND_HINTS,
  MAIL_KIND_LABELS,
  MAIL_KINDS,
  POLL,
  type EmailLogSummary,
  type MailKind,
} from '@t0/contracts';
import { useQuery } from '@tanstack/react-query';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { LoadingSkeleton } from '../../../components/LoadingSkeleton';
import { useLivePoll } from '../../../lib/live/store';
import { formatDateTime } from '../../../lib/time-zone';
import { useTRPC } from '../../../lib/trpc';
import { ConsoleTable, type ConsoleColumn } from '../ConsoleTable';

const kindLabel = (kind: string) =>
  (MAIL_KINDS as readonly string[]).includes(kind) ? MAIL_KIND_LABELS[kind as MailKind] : kind.toUpperCase();

const Count = ({ n, failed }: { n: number; failed?: boolean }) => (
  <Text span inherit c={failed && n > 0 ? 'var(--t0-down)' : n === 0 ? 'dimmed' : undefined}>
    {n}
  </Text>
);

type Counts = Record<'sentToday' | 'failedToday' | 'sent30d' | 'failed30d', number>;
/** A kind's counts, or the totals row (`kind` "total"). */
type KindRow = Counts & { kind: MailKind | 'total' };
type Failure = EmailLogSummary['lastFailures'][number];

const countColumn = (key: keyof Counts, header: string, failed = false): ConsoleColumn<KindRow> => ({
  key,
  header,
  align: 'right',
  render: (k) => <Count n={k[key]} failed={failed} />,
});

const kindColumns: ConsoleColumn<KindRow>[] = [
  {
    key: 'kind',
    header: 'KIND',
    wrap: true,
    render: (k) =>
      k.kind === 'total' ? (
        <Text size="sm" fw={700}>
          ALL KINDS
        </Text>
      ) : (
        <>
          <Text size="sm" fw={600}>
            {kindLabel(k.kind)}
          </Text>
          <Text size="xs" c="dimmed" visibleFrom="sm">
            {MAIL_KIND_HINTS[k.kind]}
          </Text>
        </>
      ),
  },
  countColumn('sentToday', 'SENT TODAY'),
  countColumn('failedToday', 'FAILED TODAY', true),
  countColumn('sent30d', 'SENT 30 D'),
  countColumn('failed30d', 'FAILED 30 D', true),
];

const failureColumns: ConsoleColumn<Failure>[] = [
  { key: 'when', header: 'WHEN', render: (f) => formatDateTime(f.createdAt) },
  {
    key: 'kind',
    header: 'KIND',
    render: (f) => (
      <Badge color="red" variant="light">
        {kindLabel(f.kind)}
      </Badge>
    ),
  },
  {
    key: 'to',
    header: 'RECIPIENT',
    wrap: true,
    render: (f) => <span style={{ wordBreak: 'break-all' }}>{f.toAddress}</span>,
  },
  {
    key: 'error',
    header: 'ERROR',
    wrap: true,
    render: (f) => <span style={{ wordBreak: 'break-word' }}>{f.error ?? '—'}</span>,
  },
];

/** Every e-mail the product sent, by kind, from the e-mail log; and the newest failures with their reason. */
export function EmailLogSection() {
  const trpc = useTRPC();
  const log = useQuery(
    trpc.operations.emailLog.queryOptions(undefined, { refetchInterval: useLivePoll(POLL.emailSummaryMs) }),
  );
  if (log.isLoading) return <LoadingSkeleton label="Loading e-mail counts" count={4} />;
  if (log.isError)
    return (
      <ErrorPanel text="Failed to load e-mail counts." onRetry={() => void log.refetch()} retrying={log.isFetching} />
    );
  if (!log.data) return null;
  const { byKind, totals, lastFailures } = log.data;
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={3} fz="h5">
          ALL E-MAILS BY KIND
        </Title>
        <Text size="xs" c="dimmed">
          Every e-mail the product sent or tried to send, counted from the e-mail log. Today is since 00:00 UTC.
        </Text>
        <Paper className="t0-surface" p={0}>
          <ConsoleTable
            label="E-mails by kind"
            testId="email-kinds"
            columns={kindColumns}
            rows={[...byKind, { kind: 'total', ...totals }]}
            rowKey={(k) => k.kind}
            rowAttributes={(k) => ({ 'data-kind': k.kind })}
            minWidth={340}
          />
        </Paper>
      </Stack>

      <Stack gap="sm">
        <Title order={3} fz="h5">
          LATEST FAILURES
        </Title>
        <ConsoleTable
          label="Failed e-mails"
          testId="email-failures"
          columns={failureColumns}
          rows={lastFailures}
          rowKey={(f) => f.id}
          minWidth={640}
          empty={
            <Text size="sm" c="dimmed" data-testid="email-failures-empty">
              No e-mail has failed.
            </Text>
          }
        />
      </Stack>
    </Stack>
  );
}
