import { Alert, Anchor, Badge, Divider, Drawer, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { displayName, type AdminUserDetail, type CommunityTask } from '@t0/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { LoadingSkeleton } from '../../../components/LoadingSkeleton';
import { formatDateTime } from '../../../lib/time-zone';
import { useTRPC } from '../../../lib/trpc';
import { ConsoleTable, type ConsoleColumn } from '../ConsoleTable';
import { StatusLabel } from './StatusLabel';
import { UserActions } from './UserActions';
import { UserGrants } from './UserGrants';
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

type Detail = AdminUserDetail;
/** One line of the payments table: a Stripe invoice, an invoice of ours or a checkout. */
type Payment = { key: string; createdAt: string; what: ReactNode; amount: string; status: string };

const mono = (text: ReactNode) => (
  <Text span size="sm" ff="monospace">
    {text}
  </Text>
);

/** The drawer's tables scroll sideways inside themselves below this width (a phone). */
const DRAWER_TABLE_WIDTH = 420;

const COMMUNITY_COLUMNS: ConsoleColumn<CommunityTask>[] = [
  { key: 'time', header: 'TIME', render: (t) => mono(when(t.createdAt)) },
  { key: 'platform', header: 'PLATFORM', render: (t) => t.platform },
  { key: 'action', header: 'ACTION', render: (t) => mono(t.action) },
  { key: 'room', header: 'ROOM', render: (t) => t.room ?? mono(t.target || '--') },
  {
    key: 'status',
    header: 'STATUS',
    render: (t) => `${t.status}${t.attempts > 0 && t.status !== 'done' ? ` (${t.attempts} tries)` : ''}`,
  },
];

const PAYMENT_COLUMNS: ConsoleColumn<Payment>[] = [
  { key: 'date', header: 'DATE', render: (p) => mono(when(p.createdAt)) },
  { key: 'what', header: 'WHAT', render: (p) => mono(p.what) },
  { key: 'amount', header: 'AMOUNT', render: (p) => mono(p.amount) },
  { key: 'status', header: 'STATUS', render: (p) => mono(p.status) },
];

const LOGIN_COLUMNS: ConsoleColumn<Detail['logins'][number]>[] = [
  { key: 'time', header: 'TIME', render: (l) => mono(when(l.at)) },
  { key: 'address', header: 'ADDRESS', render: (l) => mono(l.address) },
  { key: 'device', header: 'DEVICE', render: (l) => l.device },
  {
    key: 'browser',
    header: 'BROWSER',
    render: (l) => `${l.browser}${l.method !== 'password' ? ` (${l.method})` : ''}`,
  },
];

const DELIVERY_COLUMNS: ConsoleColumn<Detail['deliveries'][number]>[] = [
  { key: 'time', header: 'TIME', render: (d) => mono(when(d.createdAt)) },
  { key: 'channel', header: 'CHANNEL', render: (d) => d.channel },
  { key: 'event', header: 'EVENT', render: (d) => mono(d.event) },
  { key: 'status', header: 'STATUS', render: (d) => `${d.status}${d.attempts > 1 ? ` (${d.attempts} tries)` : ''}` },
];

/** Stripe's invoices, then ours, then the checkouts, as the payments table's lines. */
function paymentsOf(detail: Detail): Payment[] {
  return [
    ...detail.providerInvoices.map((i) => ({
      key: `s${i.id}`,
      createdAt: i.createdAt,
      what: i.url ? (
        <Anchor href={i.url} target="_blank" rel="noopener noreferrer" size="sm">
          Stripe invoice {i.number ?? i.id}
        </Anchor>
      ) : (
        `Stripe invoice ${i.number ?? i.id}`
      ),
      amount: money(i.amountCents, i.currency),
      status: i.status,
    })),
    ...detail.invoices.map((i) => ({
      key: `i${i.id}`,
      createdAt: i.createdAt,
      what: `Invoice ${i.number}`,
      amount: money(i.amountCents, i.currency),
      status: i.status,
    })),
    ...detail.pendingPayments.map((p) => ({
      key: `p${p.id}`,
      createdAt: p.createdAt,
      what: `Checkout (${p.plan})`,
      amount: '—',
      status: p.completedAt ? 'completed' : p.expiresAt && Date.parse(p.expiresAt) < Date.now() ? 'expired' : 'open',
    })),
  ];
}

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} verticalSpacing={6}>
      {rows.map(([label, value]) => (
        <Stack key={label} gap={0}>
          <Text size="xs" c="dimmed" ff="monospace">
            {label}
          </Text>
          <Text
            size="sm"
            ff="monospace"
            style={{ wordBreak: 'break-word' }}
            data-testid={`fact-${label.toLowerCase().replace(/\s+/g, '-')}`}
          >
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
  return (
    <ConsoleTable
      minWidth={DRAWER_TABLE_WIDTH}
      label="Community actions"
      columns={COMMUNITY_COLUMNS}
      rows={tasks.data?.tasks}
      rowKey={(t) => t.id}
      rowAttributes={(t) => ({ title: t.lastError ?? t.reason })}
      loading={tasks.isPending}
      loadingRows={1}
      error={
        tasks.isError
          ? {
              text: 'Failed to load community actions.',
              onRetry: () => void tasks.refetch(),
              retrying: tasks.isFetching,
            }
          : null
      }
      empty={<Empty>No community actions yet.</Empty>}
    />
  );
}

function DetailBody({
  detail,
  result,
  onResult,
}: {
  detail: AdminUserDetail;
  result: string | null;
  onResult: (message: string) => void;
}) {
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
            [
              'ACCESS UNTIL',
              account.hasAccess
                ? when(account.accessUntil, account.isAdmin ? 'Administrator' : 'No end date')
                : 'No access',
            ],
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
      <Section title="GRANTS" testId="user-grants">
        <UserGrants detail={detail} />
      </Section>

      <Section title="SUBSCRIPTION" testId="user-subscription">
        {subscription ? (
          <Facts
            rows={[
              ['STATUS', subscription.status],
              ['PLAN', subscription.plan ?? '—'],
              [
                'PROVIDER',
                subscription.provider === 'local'
                  ? 'Test mode'
                  : subscription.provider === 'stripe'
                    ? 'Stripe'
                    : subscription.provider,
              ],
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
        <ConsoleTable
          minWidth={DRAWER_TABLE_WIDTH}
          label="Payments"
          columns={PAYMENT_COLUMNS}
          rows={paymentsOf(detail)}
          rowKey={(p) => p.key}
          empty={<Empty>No invoices or checkouts.</Empty>}
        />
      </Section>

      <Section title="LOGINS" testId="user-logins">
        <ConsoleTable
          minWidth={DRAWER_TABLE_WIDTH}
          label="Logins"
          columns={LOGIN_COLUMNS}
          rows={detail.logins}
          rowKey={(l) => detail.logins.indexOf(l)}
          rowAttributes={(l) => ({ title: l.userAgent })}
          empty={<Empty>Never signed in.</Empty>}
        />
      </Section>

      <Section title="DELIVERIES" testId="user-deliveries">
        <ConsoleTable
          minWidth={DRAWER_TABLE_WIDTH}
          label="Deliveries"
          columns={DELIVERY_COLUMNS}
          rows={detail.deliveries}
          rowKey={(d) => d.id}
          rowAttributes={(d) => ({ title: d.error ?? undefined })}
          empty={<Empty>No deliveries yet.</Empty>}
        />
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
