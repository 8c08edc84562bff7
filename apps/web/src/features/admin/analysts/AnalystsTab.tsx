import { Badge, Button, Group, MultiSelect, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { Analyst } from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatDateTime } from '../../../lib/time-zone';
import { useTRPC } from '../../../lib/trpc';
import { ConsoleTable, type ConsoleColumn } from '../ConsoleTable';
import { useAdminFeedback } from '../feedback';
import { ConsolePanel, FormAndList } from '../FormAndList';

// The desk's analysts (docs/features/rooms-and-plans.md, "Analysts"): make a user an analyst by
// e-mail (or change one), their rooms and disclosure; deactivate and reactivate. Departed analysts
// are listed apart: their signals keep their name.

interface Values {
  email: string;
  displayName: string;
  title: string;
  rooms: string[];
  disclosure: string;
}

const EMPTY: Values = { email: '', displayName: '', title: '', rooms: [], disclosure: '' };

const valuesOf = (a: Analyst): Values => ({
  email: a.email,
  displayName: a.displayName,
  title: a.title,
  rooms: a.rooms,
  disclosure: a.disclosure,
});

export function AnalystsTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feedback = useAdminFeedback();
  const analysts = useQuery(trpc.analysts.list.queryOptions());
  const rooms = useQuery(trpc.rooms.adminList.queryOptions());
  const [values, setValues] = useState<Values>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [finding, setFinding] = useState(false);
  const [leaving, setLeaving] = useState<Analyst | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries(trpc.analysts.pathFilter());
    void queryClient.invalidateQueries(trpc.adminUsers.pathFilter());
  };

  const upsert = useMutation(
    trpc.analysts.upsert.mutationOptions({
      onSuccess: (a) => {
        feedback.ok('ANALYST SAVED', `${a.displayName} publishes in ${a.rooms.join(', ') || 'no room yet'}`);
        setValues(EMPTY);
        refresh();
      },
      onError: (e) => feedback.fail('ANALYST NOT SAVED', e),
    }),
  );
  const deactivate = useMutation(
    trpc.analysts.deactivate.mutationOptions({
      onSuccess: (a) => {
        feedback.ok('ANALYST DEACTIVATED', `${a.displayName} no longer acts at the desk`);
        setLeaving(null);
        refresh();
      },
      onError: (e) => feedback.fail('NOT DEACTIVATED', e),
    }),
  );

  const known = analysts.data?.find((a) => a.email.toLowerCase() === values.email.trim().toLowerCase());

  /** The user with exactly this e-mail address (the users list searches by part of it). */
  const findUser = async (email: string) => {
    const found = await queryClient.fetchQuery(
      trpc.adminUsers.list.queryOptions({ search: email, filter: 'all', limit: 20, offset: 0 }),
    );
    return found.users.find((u) => u.email.toLowerCase() === email.toLowerCase());
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const email = values.email.trim();
    if (!email) return setError('E-mail is required');
    if (!values.displayName.trim()) return setError('Name shown is required');
    setFinding(true);
    try {
      const userId = known?.userId ?? (await findUser(email))?.id;
      if (userId === undefined) return setError(`No user has the e-mail ${email}: they sign up first`);
      upsert.mutate({
        userId,
        displayName: values.displayName,
        title: values.title,
        rooms: values.rooms,
        disclosure: values.disclosure,
      });
    } catch (err) {
      feedback.fail('ANALYST NOT SAVED', err);
    } finally {
      setFinding(false);
    }
  };

  const reactivate = (a: Analyst) =>
    upsert.mutate({ userId: a.userId, displayName: a.displayName, title: a.title, disclosure: a.disclosure });

  const roomOptions = (rooms.data ?? [])
    .filter((r) => r.archivedAt === null)
    .map((r) => ({ value: r.slug, label: r.name }));
  const roomName = (slug: string) => rooms.data?.find((r) => r.slug === slug)?.name ?? slug;

  const active = analysts.data?.filter((a) => a.active);
  const departed = analysts.data?.filter((a) => !a.active);

  const who: ConsoleColumn<Analyst> = {
    key: 'analyst',
    header: 'ANALYST',
    wrap: true,
    render: (a) => (
      <Stack gap={0}>
        <Text size="sm" fw={700}>
          {a.displayName}
        </Text>
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {a.email} · {a.slug}
        </Text>
      </Stack>
    ),
  };
  const activeColumns: ConsoleColumn<Analyst>[] = [
    who,
    { key: 'title', header: 'TITLE', wrap: true, render: (a) => a.title || '—' },
    {
      key: 'rooms',
      header: 'ROOMS',
      wrap: true,
      render: (a) =>
        a.rooms.length === 0 ? (
          <Text size="xs" c="var(--t0-warn, orange)">
            NO ROOM: cannot publish
          </Text>
        ) : (
          <Group gap={4}>
            {a.rooms.map((r) => (
              <Badge key={r} variant="outline" radius="xs" size="sm">
                {roomName(r)}
              </Badge>
            ))}
          </Group>
        ),
    },
    {
      key: 'actions',
      header: '',
      render: (a) => (
        <Group gap={6} wrap="nowrap" justify="flex-end">
          <Button size="compact-xs" variant="default" onClick={() => setValues(valuesOf(a))}>
            EDIT
          </Button>
          <Button size="compact-xs" variant="light" color="red" onClick={() => setLeaving(a)}>
            DEACTIVATE
          </Button>
        </Group>
      ),
    },
  ];
  const departedColumns: ConsoleColumn<Analyst>[] = [
    who,
    {
      key: 'left',
      header: 'DEACTIVATED',
      render: (a) => <Text size="xs">{a.deactivatedAt ? formatDateTime(a.deactivatedAt) : '—'}</Text>,
    },
    {
      key: 'actions',
      header: '',
      render: (a) => (
        <Group justify="flex-end">
          <Button size="compact-xs" variant="default" loading={upsert.isPending} onClick={() => reactivate(a)}>
            REACTIVATE
          </Button>
        </Group>
      ),
    },
  ];

  const set = (field: keyof Values) => (value: string | string[]) => setValues((v) => ({ ...v, [field]: value }));
  const editing = known !== undefined;

  return (
    <FormAndList
      formSpan={4}
      form={
        <ConsolePanel title={editing ? 'CHANGE ANALYST' : 'MAKE A USER AN ANALYST'} testId="analyst-form">
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Stack gap="sm">
              <Text size="xs" c="dimmed">
                The user signs up first; they then sign in with a second factor and see the console with their tabs
                only, publishing in their rooms.
              </Text>
              <TextInput
                label="User's e-mail"
                withAsterisk
                type="email"
                value={values.email}
                onChange={(e) => set('email')(e.currentTarget.value)}
                error={error}
              />
              <TextInput
                label="Name shown"
                description="On their signals (a pseudonym is fine)"
                withAsterisk
                maxLength={80}
                value={values.displayName}
                onChange={(e) => set('displayName')(e.currentTarget.value)}
              />
              <TextInput
                label="Title"
                maxLength={80}
                value={values.title}
                onChange={(e) => set('title')(e.currentTarget.value)}
              />
              <MultiSelect
                label="Rooms"
                description="Where they publish, write memos and chart notes"
                data={roomOptions}
                value={values.rooms}
                onChange={set('rooms')}
                searchable
              />
              <Textarea
                label="Disclosure"
                description="Positions, conflicts, rebates"
                autosize
                minRows={3}
                maxLength={5000}
                value={values.disclosure}
                onChange={(e) => set('disclosure')(e.currentTarget.value)}
              />
              <Group justify="flex-end" gap="xs">
                {(editing || values.email) && (
                  <Button variant="default" onClick={() => setValues(EMPTY)}>
                    CLEAR
                  </Button>
                )}
                <Button type="submit" loading={finding || upsert.isPending}>
                  {editing ? 'SAVE ANALYST' : 'MAKE ANALYST'}
                </Button>
              </Group>
            </Stack>
          </form>
        </ConsolePanel>
      }
      list={
        <Stack gap="lg">
          <Stack gap="xs">
            <Title order={2} fz="h4">
              ANALYSTS ({active?.length ?? 0})
            </Title>
            <Paper className="t0-surface" p={0}>
              <ConsoleTable
                label="Analysts"
                testId="analysts-table"
                columns={activeColumns}
                rows={active}
                rowKey={(a) => a.id}
                rowAttributes={() => ({ 'data-testid': 'analyst-row' })}
                minWidth={640}
                loading={analysts.isLoading}
                error={
                  analysts.isError ? { text: 'Failed to load analysts.', onRetry: () => void analysts.refetch() } : null
                }
                empty={{ text: 'NO ANALYSTS YET', hint: 'Make a user an analyst with the form.' }}
              />
            </Paper>
          </Stack>
          <Stack gap="xs">
            <Title order={3} fz="h5">
              DEPARTED ({departed?.length ?? 0})
            </Title>
            <Paper className="t0-surface" p={0}>
              <ConsoleTable
                label="Departed analysts"
                testId="departed-analysts-table"
                columns={departedColumns}
                rows={departed}
                rowKey={(a) => a.id}
                rowAttributes={() => ({ 'data-testid': 'departed-analyst-row' })}
                minWidth={520}
                loading={analysts.isLoading}
                empty={{ text: 'NONE', hint: 'A deactivated analyst is listed here; their signals keep their name.' }}
              />
            </Paper>
          </Stack>
        </Stack>
      }
    >
      <ConfirmDialog
        opened={leaving !== null}
        title="DEACTIVATE ANALYST"
        message={`${leaving?.displayName ?? ''} stops acting at the desk: their TradingView alert sources are revoked; their signals and drafts stay.`}
        confirmLabel="DEACTIVATE"
        pending={deactivate.isPending}
        onConfirm={() => leaving && deactivate.mutate({ userId: leaving.userId })}
        onCancel={() => setLeaving(null)}
      />
    </FormAndList>
  );
}
