import { Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { MAIL_KIND_HINTS, MAIL_KIND_LABELS, MAIL_KINDS, POLL, type MailKind } from '@t0/contracts';
import { useQuery } from '@tanstack/react-query';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { LoadingSkeleton } from '../../../components/LoadingSkeleton';
import { useLivePoll } from '../../../lib/live/store';
import { formatDateTime } from '../../../lib/time-zone';
import { useTRPC } from '../../../lib/trpc';
import { ScrollTable } from '../ScrollTable';

const kindLabel = (kind: string) => ((MAIL_KINDS as readonly string[]).includes(kind) ? MAIL_KIND_LABELS[kind as MailKind] : kind.toUpperCase());

const Count = ({ n, failed }: { n: number; failed?: boolean }) => (
  <Table.Td ta="right" className="t0-num" c={failed && n > 0 ? 'var(--t0-down)' : n === 0 ? 'dimmed' : undefined}>
    {n}
  </Table.Td>
);

/** Every e-mail the product sent, by kind, from the e-mail log; and the newest failures with their reason. */
export function EmailLogSection() {
  const trpc = useTRPC();
  const log = useQuery(trpc.operations.emailLog.queryOptions(undefined, { refetchInterval: useLivePoll(POLL.emailSummaryMs) }));
  if (log.isLoading) return <LoadingSkeleton label="Loading e-mail counts" count={4} />;
  if (log.isError) return <ErrorPanel text="Failed to load e-mail counts." onRetry={() => void log.refetch()} retrying={log.isFetching} />;
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
          <ScrollTable label="E-mails by kind" minWidth={340}>
            <Table verticalSpacing="xs" data-testid="email-kinds">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>KIND</Table.Th>
                  <Table.Th ta="right">SENT TODAY</Table.Th>
                  <Table.Th ta="right">FAILED TODAY</Table.Th>
                  <Table.Th ta="right">SENT 30 D</Table.Th>
                  <Table.Th ta="right">FAILED 30 D</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {byKind.map((k) => (
                  <Table.Tr key={k.kind} data-kind={k.kind}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {kindLabel(k.kind)}
                      </Text>
                      <Text size="xs" c="dimmed" visibleFrom="sm">
                        {MAIL_KIND_HINTS[k.kind]}
                      </Text>
                    </Table.Td>
                    <Count n={k.sentToday} />
                    <Count n={k.failedToday} failed />
                    <Count n={k.sent30d} />
                    <Count n={k.failed30d} failed />
                  </Table.Tr>
                ))}
                <Table.Tr data-kind="total">
                  <Table.Td fw={700}>ALL KINDS</Table.Td>
                  <Count n={totals.sentToday} />
                  <Count n={totals.failedToday} failed />
                  <Count n={totals.sent30d} />
                  <Count n={totals.failed30d} failed />
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Paper>
      </Stack>

      <Stack gap="sm">
        <Title order={3} fz="h5">
          LATEST FAILURES
        </Title>
        {lastFailures.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="email-failures-empty">
            No e-mail has failed.
          </Text>
        ) : (
          <Paper className="t0-surface" p={0}>
            <ScrollTable label="Failed e-mails" minWidth={640}>
              <Table verticalSpacing="xs" data-testid="email-failures">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>WHEN</Table.Th>
                    <Table.Th>KIND</Table.Th>
                    <Table.Th>RECIPIENT</Table.Th>
                    <Table.Th>ERROR</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {lastFailures.map((f) => (
                    <Table.Tr key={f.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(f.createdAt)}</Table.Td>
                      <Table.Td>
                        <Badge color="red" variant="light">
                          {kindLabel(f.kind)}
                        </Badge>
                      </Table.Td>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{f.toAddress}</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-word' }}>{f.error ?? '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          </Paper>
        )}
      </Stack>
    </Stack>
  );
}
