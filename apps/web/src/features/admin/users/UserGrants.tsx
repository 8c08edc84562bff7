import { Badge, Stack, Text } from '@mantine/core';
import { GRANT_SOURCE_LABELS, grantEndedAt, type AdminUserDetail, type UserGrant } from '@t0/contracts';
import { formatDateTime } from '../../../lib/time-zone';
import { ConsoleTable, type ConsoleColumn } from '../ConsoleTable';

const when = (iso: string | null, none = '—') => (iso ? (formatDateTime(iso) ?? iso) : none);

/** Where a grant stands, in words (colour is not the only signal). */
function GrantState({ grant }: { grant: UserGrant }) {
  if (grant.state === 'current')
    return (
      <Badge variant="light" radius="xs" size="sm" color="green">
        CURRENT
      </Badge>
    );
  if (grant.state === 'upcoming')
    return (
      <Badge variant="light" radius="xs" size="sm" color="blue">
        STARTS LATER
      </Badge>
    );
  const stopped = grantEndedAt(
    { endsAt: grant.endsAt ? new Date(grant.endsAt) : null, endedAt: grant.endedAt ? new Date(grant.endedAt) : null },
    new Date(),
  );
  return (
    <Text span size="sm" ff="monospace" c="dimmed">
      ENDED {stopped ? when(stopped.toISOString()) : ''}
    </Text>
  );
}

const mono = (text: string) => (
  <Text span size="sm" ff="monospace">
    {text}
  </Text>
);

// The plan, where it stands and until when first: a phone shows those before the table scrolls.
const GRANT_COLUMNS: ConsoleColumn<UserGrant>[] = [
  {
    key: 'plan',
    header: 'PLAN',
    render: (g) => (
      <Stack gap={0}>
        <Text span size="sm" fw={700}>
          {g.plan.name}
        </Text>
        <Text span size="xs" ff="monospace" c="dimmed">
          {g.plan.key}
        </Text>
      </Stack>
    ),
  },
  { key: 'state', header: 'STATE', render: (g) => <GrantState grant={g} /> },
  { key: 'ends', header: 'ENDS', render: (g) => mono(when(g.endsAt, 'No end')) },
  { key: 'source', header: 'SOURCE', render: (g) => mono(GRANT_SOURCE_LABELS[g.source] ?? g.source.toUpperCase()) },
  {
    key: 'rooms',
    header: 'ROOMS',
    wrap: true,
    render: (g) => (g.rooms.length ? g.rooms.map((r) => r.name).join(', ') : '—'),
  },
  { key: 'starts', header: 'STARTS', render: (g) => mono(when(g.startsAt)) },
];

/**
 * The user's access grants: what they hold and held, plan by plan. Current and upcoming ones first,
 * then the newest ended ones; older ended ones are counted, not listed.
 */
export function UserGrants({ detail }: { detail: AdminUserDetail }) {
  return (
    <Stack gap={6}>
      <ConsoleTable
        minWidth={600}
        label="Grants"
        testId="user-grant-table"
        columns={GRANT_COLUMNS}
        rows={detail.grants}
        rowKey={(g) => g.id}
        rowAttributes={(g) => ({
          'data-testid': 'grant-row',
          'data-state': g.state,
          'data-plan': g.plan.key,
          title: g.sourceRef ? `Subscription ${g.sourceRef}` : undefined,
        })}
        empty={
          <Text size="sm" c="dimmed">
            No grants: this user has never held a plan.
          </Text>
        }
      />
      {detail.olderGrants > 0 && (
        <Text size="xs" c="dimmed" data-testid="older-grants">
          {detail.olderGrants} older ended grant{detail.olderGrants === 1 ? '' : 's'} not shown.
        </Text>
      )}
    </Stack>
  );
}
