import { Alert, Anchor, Badge, Divider, Drawer, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { displayName, type AdminUserDetail } from '@t0/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { LoadingSkeleton } from '../../../components/LoadingSkeleton';
import { formatDateTime } from '../../../lib/time-zone';
import { useTRPC } from '../../../lib/trpc';
import { ScrollTable } from '../ScrollTable';
import { StatusLabel } from './StatusLabel';
import { UserActions } from './UserActions';
import { UserNotes } from './UserNotes';

const when = (iso: string | null | undefined, none = '—') => (iso ? (formatDateTime(iso) ?? iso) : none);
const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap="xs" component="section" aria-label={title} data-testid={testId}>
      <Title order={3} fz="sm" className="t0-label" lts="0.08em">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A small table in the drawer: its headers, its rows, scrolling sideways inside itself on a phone. */
function DrawerTable({ label, headers, monospace, children }: { label: string; headers: string[]; monospace?: boolean; children: ReactNode }) {
  return (
    <ScrollTable label={label} minWidth={420}>
      <Table verticalSpacing={4} fz="xs" ff={monospace ? 'monospace' : undefined}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} verticalSpacing={6}>
      {rows.map(([label, value]) => (
        <Stack key={label} gap={0}>
          <Text size="xs" c="dimmed" ff="monospace">
            {label}
          </Text>
          <Text size="sm" ff="monospace" style={{ wordBreak: 'break-word' }} data-testid={`fact-${label.toLowerCase().replace(/\s+/g, '-')}`}>
            {value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

/** The user's community actions: invites, joins handled, removals, role changes (newest first). */
function UserCommunity({ userId }: { userId: number }) {
  const trpc = useTRPC();
  const tasks = useQuery(trpc.adminCommunity.userTasks.queryOptions({ userId }));
  if (tasks.isPending) return <LoadingSkeleton label="Loading community actions" count={1} />;
  if (tasks.isError) return <ErrorPanel text="Failed to load community actions." onRetry={() => void tasks.refetch()} retrying={tasks.isFetching} />;
  if (tasks.data.tasks.length === 0) return <Empty>No community actions yet.</Empty>;
  return (
    <DrawerTable label="Community actions" headers={['TIME', 'PLATFORM', 'ACTION', 'STATUS']}>
      {tasks.data.tasks.map((t) => (
        <Table.Tr key={t.id} title={t.lastError ?? t.reason}>
          <Table.Td ff="monospace">{when(t.createdAt)}</Table.Td>
          <Table.Td>{t.platform}</Table.Td>
          <Table.Td ff="monospace">{t.action}</Table.Td>
          <Table.Td>
            {t.status}
            {t.attempts > 0 && t.status !== 'done' ? ` (${t.attempts} tries)` : ''}
          </Table.Td>
        </Table.Tr>
      ))}
    </DrawerTable>
  );
}

function DetailBody({ detail, result, onResult }: { detail: AdminUserDetail; result: string | null; onResult: (message: string) => void }) {
  const { account, subscription } = detail;
  return (
    <Stack gap="lg">
      <Section title="ACCOUNT" testId="user-account">
        <Group gap={6}>
          <StatusLabel status={account.status} />
          {account.isAdmin && (
            <Badge variant="outline" radius="xs" color="blue" size="sm">
              {account.adminByConfig ? 'ADMIN (ADMIN_EMAILS)' : 'ADMIN'}
            </Badge>
          )}
        </Group>
        <Facts
          rows={[
            ['NAME', displayName(account) === account.email ? '—' : displayName(account)],
            ['ID', account.id],
            ['CREATED', when(account.createdAt)],
            ['LAST LOGIN', when(account.lastLoginAt, 'Never')],
            ['ACCESS UNTIL', account.hasAccess ? when(account.accessUntil, account.isAdmin ? 'Administrator' : 'No end date') : 'No access'],
            ['FREE ACCESS UNTIL', when(account.freeAccessUntil)],
            ['WELCOME E-MAIL', when(account.welcomeEmailSentAt, 'Not sent')],
            ['SESSIONS', account.activeSessions],
            ['E-MAIL ALERTS', account.emailNotificationsEnabled ? 'On' : 'Off'],
            ['PASSWORD', account.hasPassword ? 'Set' : 'Not set yet'],
          ]}
        />
      </Section>

      <Section title="ACTIONS" testId="user-actions">
        {result && (
          <Alert color="green" variant="light" p="xs" data-testid="user-action-result" role="status">
            {result}
          </Alert>
        )}
        <UserActions detail={detail} onResult={onResult} />
      </Section>

      <Divider />
      <Section title="SUBSCRIPTION" testId="user-subscription">
        {subscription ? (
          <Facts
            rows={[
              ['STATUS', subscription.status],
              ['PLAN', subscription.plan ?? '—'],
              ['PROVIDER', subscription.provider === 'local' ? 'Test mode' : subscription.provider === 'stripe' ? 'Stripe' : subscription.provider],
              ['PERIOD END', when(subscription.currentPeriodEnd)],
              ['CANCEL AT PERIOD END', subscription.cancelAtPeriodEnd ? 'Yes' : 'No'],
              ['CANCEL REASON', subscription.cancelReason ?? '—'],
              ['PAST DUE SINCE', when(subscription.pastDueSince)],
              ['CARD', subscription.card ?? '—'],
            ]}
          />
        ) : (
          <Empty>No subscription on record ({account.subscriptionStatus}).</Empty>
        )}
      </Section>

      <Section title="PAYMENTS" testId="user-payments">
        {detail.providerInvoicesUnavailable && (
          <Alert color="yellow" variant="light" p="xs" role="status">
            Stripe could not be reached: its invoices are not shown. Try again in a moment.
          </Alert>
        )}
        {detail.invoices.length === 0 && detail.providerInvoices.length === 0 && detail.pendingPayments.length === 0 ? (
          <Empty>No invoices or checkouts.</Empty>
        ) : (
          <DrawerTable label="Payments" headers={['DATE', 'WHAT', 'AMOUNT', 'STATUS']} monospace>
            {detail.providerInvoices.map((i) => (
              <Table.Tr key={`s${i.id}`}>
                <Table.Td>{when(i.createdAt)}</Table.Td>
                <Table.Td>
                  {i.url ? (
                    <Anchor href={i.url} target="_blank" rel="noopener noreferrer" size="sm">
                      Stripe invoice {i.number ?? i.id}
                    </Anchor>
                  ) : (
                    `Stripe invoice ${i.number ?? i.id}`
                  )}
                </Table.Td>
                <Table.Td>{money(i.amountCents, i.currency)}</Table.Td>
                <Table.Td>{i.status}</Table.Td>
              </Table.Tr>
            ))}
            {detail.invoices.map((i) => (
              <Table.Tr key={`i${i.id}`}>
                <Table.Td>{when(i.createdAt)}</Table.Td>
                <Table.Td>Invoice {i.number}</Table.Td>
                <Table.Td>{money(i.amountCents, i.currency)}</Table.Td>
                <Table.Td>{i.status}</Table.Td>
              </Table.Tr>
            ))}
            {detail.pendingPayments.map((p) => (
              <Table.Tr key={`p${p.id}`}>
                <Table.Td>{when(p.createdAt)}</Table.Td>
                <Table.Td>Checkout ({p.plan})</Table.Td>
                <Table.Td>—</Table.Td>
                <Table.Td>{p.completedAt ? 'completed' : p.expiresAt && Date.parse(p.expiresAt) < Date.now() ? 'expired' : 'open'}</Table.Td>
              </Table.Tr>
            ))}
          </DrawerTable>
        )}
      </Section>

      <Section title="LOGINS" testId="user-logins">
        {detail.logins.length === 0 ? (
          <Empty>Never signed in.</Empty>
        ) : (
          <DrawerTable label="Logins" headers={['TIME', 'ADDRESS', 'DEVICE', 'BROWSER']}>
            {detail.logins.map((l, i) => (
              <Table.Tr key={i} title={l.userAgent}>
                <Table.Td ff="monospace">{when(l.at)}</Table.Td>
                <Table.Td ff="monospace">{l.address}</Table.Td>
                <Table.Td>{l.device}</Table.Td>
                <Table.Td>
                  {l.browser}
                  {l.method !== 'password' ? ` (${l.method})` : ''}
                </Table.Td>
              </Table.Tr>
            ))}
          </DrawerTable>
        )}
      </Section>

      <Section title="DELIVERIES" testId="user-deliveries">
        {detail.deliveries.length === 0 ? (
          <Empty>No deliveries yet.</Empty>
        ) : (
          <DrawerTable label="Deliveries" headers={['TIME', 'CHANNEL', 'EVENT', 'STATUS']}>
            {detail.deliveries.map((d) => (
              <Table.Tr key={d.id} title={d.error ?? undefined}>
                <Table.Td ff="monospace">{when(d.createdAt)}</Table.Td>
                <Table.Td>{d.channel}</Table.Td>
                <Table.Td ff="monospace">{d.event}</Table.Td>
                <Table.Td>
                  {d.status}
                  {d.attempts > 1 ? ` (${d.attempts} tries)` : ''}
                </Table.Td>
              </Table.Tr>
            ))}
          </DrawerTable>
        )}
      </Section>

      <Section title="COMMUNITY" testId="user-community">
        <UserCommunity userId={detail.account.id} />
      </Section>

      <Section title="NOTES" testId="user-notes">
        <UserNotes detail={detail} onResult={onResult} />
      </Section>
    </Stack>
  );
}

/** One user, for the administrator: full width on a phone. */
export function UserDrawer({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const trpc = useTRPC();
  const phone = useMediaQuery('(max-width: 48em)', false);
  const [result, setResult] = useState<string | null>(null);
  useEffect(() => setResult(null), [userId]);
  const detail = useQuery(trpc.adminUsers.detail.queryOptions({ userId: userId ?? 0 }, { enabled: userId !== null }));
  const title = detail.data ? detail.data.account.email : 'USER';

  return (
    <Drawer
      opened={userId !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={
        <Text fw={700} ff="monospace" style={{ wordBreak: 'break-all' }}>
          {title}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Close the user' }}
      data-testid="user-drawer"
    >
      {detail.isLoading ? (
        <LoadingSkeleton count={6} label="Loading the user" />
      ) : detail.isError ? (
        <ErrorPanel text="Failed to load the user" onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
      ) : detail.data ? (
        <DetailBody detail={detail.data} result={result} onResult={setResult} />
      ) : null}
    </Drawer>
  );
}
