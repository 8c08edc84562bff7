import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  formatPrice,
  PRICE_ALERT_LIMIT,
  type PriceAlertCondition,
  type PriceAlertRepeat,
  type PriceAlertSide,
  type PriceAlertView,
} from '@t0/contracts';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { Section } from '../../components/Section';
import { TerminalTable, type TerminalColumn } from '../../components/TerminalTable';
import { errorMessage } from '../../lib/errors';
import { useInstruments } from '../../lib/instruments';
import { formatDateTime } from '../../lib/time-zone';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

const CONDITIONS: { value: PriceAlertCondition; label: string }[] = [
  { value: 'above', label: 'ABOVE' },
  { value: 'below', label: 'BELOW' },
  { value: 'crossing', label: 'CROSSING' },
];
const SIDES: { value: PriceAlertSide; label: string }[] = [
  { value: 'mid', label: 'MID' },
  { value: 'bid', label: 'BID' },
  { value: 'ask', label: 'ASK' },
];
const REPEATS: { value: PriceAlertRepeat; label: string }[] = [
  { value: 'once', label: 'ONCE' },
  { value: 'every', label: 'EVERY TIME' },
];

/**
 * MY PRICE ALERTS in the profile's Alerts: above, below or crossing a price of an instrument of the
 * plan, judged by the server on the feed, delivered by the channels above (docs/features/price-alerts.md).
 */
export function PriceAlertsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const instruments = useInstruments();
  const list = useQuery(trpc.priceAlerts.list.queryOptions());
  const [instrument, setInstrument] = useState<string | null>(null);
  const [condition, setCondition] = useState<PriceAlertCondition>('above');
  const [level, setLevel] = useState<number | string>('');
  const [side, setSide] = useState<PriceAlertSide>('mid');
  const [repeat, setRepeat] = useState<PriceAlertRepeat>('once');
  const [note, setNote] = useState('');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.priceAlerts.list.queryKey() });
  const failed = (error: unknown) =>
    toast({ title: 'Not saved', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
  const create = useMutation(
    trpc.priceAlerts.create.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Price alert set' });
        setLevel('');
        setNote('');
        refresh();
      },
      onError: failed,
    }),
  );
  const update = useMutation(trpc.priceAlerts.update.mutationOptions({ onSuccess: refresh, onError: failed }));
  const remove = useMutation(
    trpc.priceAlerts.remove.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Price alert deleted' });
        refresh();
      },
      onError: failed,
    }),
  );

  const columns: TerminalColumn<PriceAlertView>[] = [
    {
      key: 'alert',
      header: 'ALERT',
      render: (a) => (
        <Text span size="sm" className="t0-num" fw={700}>
          {a.instrument} {a.condition.toUpperCase()} {formatPrice(a.instrument, a.level)}
        </Text>
      ),
    },
    { key: 'side', header: 'SIDE', render: (a) => a.side.toUpperCase(), visibleFrom: 'sm' },
    {
      key: 'repeat',
      header: 'REPEAT',
      render: (a) => (a.repeat === 'once' ? 'ONCE' : 'EVERY TIME'),
      visibleFrom: 'sm',
    },
    { key: 'note', header: 'NOTE', render: (a) => a.note || '--', visibleFrom: 'md', wrap: true },
    {
      key: 'fired',
      header: 'FIRED',
      render: (a) => (
        <Text span size="xs" className="t0-num">
          {a.firedCount}
          {a.lastFiredAt ? ` · ${formatDateTime(a.lastFiredAt)}` : ''}
        </Text>
      ),
      visibleFrom: 'md',
    },
    {
      key: 'active',
      header: 'ON',
      render: (a) => (
        <Switch
          size="xs"
          checked={a.active}
          aria-label={`${a.instrument} ${a.condition} ${a.level} on`}
          onChange={(e) => update.mutate({ id: a.id, active: e.currentTarget.checked })}
        />
      ),
    },
    {
      key: 'delete',
      header: 'DELETE',
      hideHeader: true,
      render: (a) => (
        <Tooltip label="Delete">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete the ${a.instrument} alert at ${a.level}`}
            onClick={() => remove.mutate({ id: a.id })}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];

  return (
    <Section
      title="MY PRICE ALERTS"
      description={`Above, below or crossing a price, judged by the server on the live feed: they reach you by the channels above even with the terminal closed, in quiet hours in the app only. At most ${PRICE_ALERT_LIMIT}. The PRICE ALERTS switch turns them all off.`}
      testId="price-alerts-section"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (instrument) create.mutate({ instrument, condition, level: String(level), side, repeat, note });
        }}
      >
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="xs" mb="sm">
          <Select
            label="Instrument"
            size="xs"
            required
            data={instruments.map((i) => i.symbol)}
            value={instrument}
            onChange={setInstrument}
            allowDeselect={false}
          />
          <Select
            label="Condition"
            size="xs"
            data={CONDITIONS}
            value={condition}
            onChange={(v) => setCondition((v as PriceAlertCondition) ?? 'above')}
            allowDeselect={false}
          />
          <NumberInput
            label="Price"
            size="xs"
            required
            min={0}
            decimalScale={6}
            hideControls
            value={level}
            onChange={setLevel}
          />
          <Select
            label="Side"
            size="xs"
            data={SIDES}
            value={side}
            onChange={(v) => setSide((v as PriceAlertSide) ?? 'mid')}
            allowDeselect={false}
          />
          <Select
            label="Repeat"
            size="xs"
            data={REPEATS}
            value={repeat}
            onChange={(v) => setRepeat((v as PriceAlertRepeat) ?? 'once')}
            allowDeselect={false}
          />
          <TextInput
            label="Note"
            size="xs"
            maxLength={200}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
        </SimpleGrid>
        <Group justify="flex-end" mb="md">
          <Button type="submit" size="xs" loading={create.isPending} disabled={!instrument || level === ''}>
            {create.isPending ? 'ADDING...' : 'ADD ALERT'}
          </Button>
        </Group>
      </form>
      {list.isPending ? (
        <LoadingSkeleton variant="rows" count={2} label="Loading your price alerts" />
      ) : list.isError ? (
        <ErrorPanel
          text="Failed to load your price alerts."
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data.length === 0 ? (
        <EmptyState text="NO PRICE ALERTS" hint="Set one above: the server watches the price for you." />
      ) : (
        <TerminalTable
          columns={columns}
          rows={list.data}
          rowKey={(a) => a.id}
          label="My price alerts"
          testId="price-alerts-table"
          minWidth={320}
        />
      )}
    </Section>
  );
}
