import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { formatAmount, planTermsText, type AdminPlanView, type RoomView } from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useTRPC } from '../../../lib/trpc';
import { ConsoleTable, type ConsoleColumn } from '../ConsoleTable';
import { ConsolePanel } from '../FormAndList';
import { useAdminFeedback } from '../feedback';
import { PlanFigures } from './PlanFigures';
import { PlanFormModal } from './PlanForm';
import { RoomFormModal } from './RoomForm';
import { WhopPlans } from './WhopPlans';

/** A panel's lead: what it lists, and its NEW button. */
function Lead({ text, action }: { text: string; action: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" mb="sm">
      <Text size="sm" c="dimmed">
        {text}
      </Text>
      {action}
    </Group>
  );
}

const archivedBadge = (
  <Badge size="xs" variant="light" color="gray">
    ARCHIVED
  </Badge>
);

/**
 * ROOMS & PLANS: the rooms a desk sells (each with its instruments and members), the plans that
 * grant them (terms, price, rooms, holders), each plan's figures and the plan each Whop plan grants. New and changed ones in
 * dialogs; archiving is confirmed.
 */
export function RoomsAndPlansTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feedback = useAdminFeedback();
  const rooms = useQuery(trpc.rooms.adminList.queryOptions());
  const plans = useQuery(trpc.plans.adminList.queryOptions());
  // undefined: closed; null: a new one.
  const [editingRoom, setEditingRoom] = useState<RoomView | null | undefined>(undefined);
  const [editingPlan, setEditingPlan] = useState<AdminPlanView | null | undefined>(undefined);
  const [archiving, setArchiving] = useState<{ room: RoomView } | { plan: AdminPlanView } | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries(trpc.rooms.pathFilter());
    void queryClient.invalidateQueries(trpc.plans.pathFilter());
  };
  const archived = (title: string) => () => {
    setArchiving(null);
    feedback.ok(title);
    refresh();
  };
  const failed = (error: unknown) => {
    setArchiving(null);
    feedback.fail('Error', error, 'Failed to archive');
  };
  const archiveRoom = useMutation(
    trpc.rooms.archive.mutationOptions({ onSuccess: archived('ROOM ARCHIVED'), onError: failed }),
  );
  const archivePlan = useMutation(
    trpc.plans.archive.mutationOptions({ onSuccess: archived('PLAN ARCHIVED'), onError: failed }),
  );

  const actions = (edit: () => void, archive: (() => void) | null, name: string) => (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Button size="compact-xs" variant="subtle" onClick={edit} aria-label={`Edit ${name}`}>
        EDIT
      </Button>
      {archive && (
        <Button size="compact-xs" variant="subtle" color="red" onClick={archive} aria-label={`Archive ${name}`}>
          ARCHIVE
        </Button>
      )}
    </Group>
  );

  const roomColumns: ConsoleColumn<RoomView>[] = [
    {
      key: 'name',
      header: 'NAME',
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <Text fw={700} size="sm">
            {r.name}
          </Text>
          {r.isDefault && (
            <Badge size="xs" variant="light" color="terminal">
              DEFAULT
            </Badge>
          )}
          {r.archivedAt && archivedBadge}
        </Group>
      ),
    },
    { key: 'slug', header: 'SLUG', render: (r) => r.slug },
    {
      key: 'instruments',
      header: 'INSTRUMENTS',
      render: (r) => {
        const listed = r.instruments.join(', ');
        if (r.isDefault) return listed ? `${listed} + every unlisted one` : 'Every unlisted instrument';
        return listed || '—';
      },
    },
    { key: 'members', header: 'MEMBERS', align: 'right', render: (r) => r.members },
    {
      key: 'actions',
      header: 'ACTIONS',
      hideHeader: true,
      render: (r) =>
        actions(() => setEditingRoom(r), r.isDefault || r.archivedAt ? null : () => setArchiving({ room: r }), r.name),
    },
  ];

  const priceText = (p: AdminPlanView) => {
    if (p.terms === 'free') return 'Free';
    if (p.price) return formatAmount(p.price.amountCents, p.price.currency);
    return p.stripePriceId ? 'Stripe price' : 'Not set';
  };
  const planColumns: ConsoleColumn<AdminPlanView>[] = [
    {
      key: 'name',
      header: 'NAME',
      render: (p) => (
        <Group gap={6} wrap="nowrap">
          <Text fw={700} size="sm">
            {p.name}
          </Text>
          {p.isDefault && (
            <Badge size="xs" variant="light" color="terminal">
              DEFAULT
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'key', header: 'KEY', render: (p) => p.key },
    { key: 'terms', header: 'TERMS', render: (p) => planTermsText(p) },
    { key: 'price', header: 'PRICE', align: 'right', render: priceText },
    { key: 'rooms', header: 'ROOMS', render: (p) => p.rooms.map((r) => r.name).join(', ') || '—' },
    { key: 'holders', header: 'HOLDERS', align: 'right', render: (p) => p.holders },
    {
      key: 'status',
      header: 'STATUS',
      render: (p) =>
        p.archivedAt ? (
          archivedBadge
        ) : (
          <Badge size="xs" variant="light" color={p.listed ? 'blue' : 'gray'}>
            {p.listed ? 'LISTED' : 'UNLISTED'}
          </Badge>
        ),
    },
    {
      key: 'actions',
      header: 'ACTIONS',
      hideHeader: true,
      render: (p) => actions(() => setEditingPlan(p), p.archivedAt ? null : () => setArchiving({ plan: p }), p.name),
    },
  ];

  const confirm =
    archiving === null
      ? null
      : 'room' in archiving
        ? {
            title: `Archive the room ${archiving.room.name}?`,
            message:
              'It is sold no more and its instruments fall to the default room. Its published signals stay in it.',
            run: () => archiveRoom.mutate({ slug: archiving.room.slug }),
          }
        : {
            title: `Archive the plan ${archiving.plan.name}?`,
            message: 'Its holders keep it; it takes no new ones and leaves the public plan list.',
            run: () => archivePlan.mutate({ key: archiving.plan.key }),
          };

  return (
    <Stack gap="lg">
      <ConsolePanel title="ROOMS">
        <Lead
          text="What the desk sells access to. An instrument listed in no room is in the default room."
          action={
            <Button size="xs" onClick={() => setEditingRoom(null)} data-testid="room-new" style={{ flexShrink: 0 }}>
              NEW ROOM
            </Button>
          }
        />
        <ConsoleTable
          label="Rooms"
          testId="room-table"
          columns={roomColumns}
          rows={rooms.data}
          rowKey={(r) => r.slug}
          rowAttributes={(r) => ({ 'data-testid': `room-${r.slug}` })}
          striped
          minWidth={640}
          loading={rooms.isPending}
          error={rooms.error ? { text: rooms.error.message, onRetry: () => void rooms.refetch() } : null}
          empty={{ text: 'No rooms yet' }}
        />
      </ConsolePanel>
      <ConsolePanel title="PLANS">
        <Lead
          text="What a buyer chooses: each plan grants rooms on its terms. Holders have a grant that has not ended."
          action={
            <Button size="xs" onClick={() => setEditingPlan(null)} data-testid="plan-new" style={{ flexShrink: 0 }}>
              NEW PLAN
            </Button>
          }
        />
        <ConsoleTable
          label="Plans"
          testId="plan-table"
          columns={planColumns}
          rows={plans.data}
          rowKey={(p) => p.key}
          rowAttributes={(p) => ({ 'data-testid': `plan-${p.key}` })}
          striped
          minWidth={860}
          loading={plans.isPending}
          error={plans.error ? { text: plans.error.message, onRetry: () => void plans.refetch() } : null}
          empty={{ text: 'No plans yet' }}
        />
      </ConsolePanel>
      <PlanFigures />
      <WhopPlans />
      <RoomFormModal room={editingRoom} onClose={() => setEditingRoom(undefined)} />
      <PlanFormModal plan={editingPlan} onClose={() => setEditingPlan(undefined)} />
      <ConfirmDialog
        opened={confirm !== null}
        title={confirm?.title ?? ''}
        message={confirm?.message ?? ''}
        confirmLabel="ARCHIVE"
        pending={archiveRoom.isPending || archivePlan.isPending}
        onCancel={() => setArchiving(null)}
        onConfirm={() => confirm?.run()}
      />
    </Stack>
  );
}
