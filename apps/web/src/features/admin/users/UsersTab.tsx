import { Badge, Chip, Group, Paper, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import {
  ADMIN_USER_FILTER_LABELS,
  ADMIN_USER_FILTERS,
  ADMIN_USER_SEARCH_MAX,
  ADMIN_USERS_PAGE_SIZE,
  displayName,
  type AdminUserFilter,
  type AdminUserRow,
} from '@t0/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../lib/time-zone';
import { useTRPC } from '../../../lib/trpc';
import { ConsoleTable, type ConsoleColumn } from '../ConsoleTable';
import { StatusLabel } from './StatusLabel';
import { UserDrawer } from './UserDrawer';
import { BlacklistSection } from './BlacklistSection';
import { PageControls } from '../../../components/PageControls';

/** Search waits this long after the last key before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

const day = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 10) : '—');

const columns: ConsoleColumn<AdminUserRow>[] = [
  {
    key: 'user',
    header: 'USER',
    wrap: true,
    render: (user) => {
      const name = displayName(user);
      // The row opens the drawer (click, Enter or Space); the button is for pointers only, one tab stop a row.
      return (
        <UnstyledButton tabIndex={-1} style={{ textAlign: 'left' }}>
          <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
            {user.email}
          </Text>
          {name !== user.email && (
            <Text size="xs" c="dimmed">
              {name}
            </Text>
          )}
        </UnstyledButton>
      );
    },
  },
  {
    key: 'status',
    header: 'STATUS',
    render: (user) => (
      <Group gap={4} wrap="nowrap">
        <StatusLabel status={user.status} />
        {user.isAdmin && (
          <Badge variant="outline" radius="xs" color="blue" size="sm">
            ADMIN
          </Badge>
        )}
      </Group>
    ),
  },
  { key: 'access', header: 'ACCESS UNTIL', render: (user) => <Text size="xs">{day(user.accessUntil)}</Text> },
  { key: 'created', header: 'CREATED', render: (user) => <Text size="xs">{day(user.createdAt)}</Text> },
  {
    key: 'login',
    header: 'LAST LOGIN',
    render: (user) => (
      <Text size="xs" c={user.lastLoginAt ? undefined : 'dimmed'}>
        {user.lastLoginAt ? formatDateTime(user.lastLoginAt) : 'Never'}
      </Text>
    ),
  },
];

/** Subscribers for the administrator: search, filters, pages; a row opens the user's drawer. */
export function UsersTab() {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [filter, setFilter] = useState<AdminUserFilter>('all');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  useEffect(() => setPage(1), [debounced, filter]);

  const input = {
    search: debounced || undefined,
    filter,
    limit: ADMIN_USERS_PAGE_SIZE,
    offset: (page - 1) * ADMIN_USERS_PAGE_SIZE,
  };
  const list = useQuery(trpc.adminUsers.list.queryOptions(input, { placeholderData: keepPreviousData }));
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / ADMIN_USERS_PAGE_SIZE)) : 1;

  return (
    <Stack gap="lg" data-testid="users-tab">
      <Stack gap={2}>
        <Title order={2} fz="h4">
          SUBSCRIBERS
        </Title>
        <Text size="sm" c="dimmed">
          Find a user by e-mail or name; open a row for the account, subscription, payments, logins, deliveries, notes
          and actions.
        </Text>
      </Stack>

      <Paper p="md" className="t0-surface">
        <Stack gap="sm">
          <TextInput
            label="SEARCH"
            placeholder="E-mail, first or last name"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            maxLength={ADMIN_USER_SEARCH_MAX}
            onChange={(e) => setSearch(e.currentTarget.value)}
            data-testid="users-search"
          />
          <Chip.Group value={filter} onChange={(v) => setFilter(v as AdminUserFilter)}>
            <Group gap={6} role="radiogroup" aria-label="Filter users">
              {ADMIN_USER_FILTERS.map((f) => (
                <Chip key={f} value={f} size="xs" radius="xs" variant="outline">
                  {ADMIN_USER_FILTER_LABELS[f]}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {list.data && (
            <Text size="sm" c="dimmed" data-testid="users-total">
              {list.data.total} {list.data.total === 1 ? 'user' : 'users'}
            </Text>
          )}
        </Stack>
      </Paper>

      <Stack gap="sm">
        <ConsoleTable
          label="Users table"
          columns={columns}
          rows={list.data?.users}
          rowKey={(u) => u.id}
          rowLabel={(u) => `Open ${u.email}`}
          rowAttributes={() => ({ 'data-testid': 'user-row' })}
          onRowActivate={(u) => setOpenId(u.id)}
          striped
          minWidth={720}
          loading={list.isLoading}
          loadingRows={5}
          error={
            list.isError
              ? { text: 'Failed to load users', onRetry: () => void list.refetch(), retrying: list.isFetching }
              : null
          }
          empty={{
            text: 'No users found',
            hint: debounced ? 'Try part of the address or a name.' : 'Users appear here when they register.',
          }}
        />
        {pages > 1 && <PageControls value={page} onChange={setPage} total={pages} label="User pages" />}
      </Stack>

      <BlacklistSection />

      <UserDrawer userId={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
