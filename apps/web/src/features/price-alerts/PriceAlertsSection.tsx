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
  languageDirection,
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
import { useDates } from '../../lib/time-zone';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useAlertsT } from './words';

/** The choices' words (catalogue keys), in their order. */
const CONDITIONS: Record<PriceAlertCondition, string> = {
  above: 'alerts:condition.above',
  below: 'alerts:condition.below',
  crossing: 'alerts:condition.crossing',
};
const SIDES: Record<PriceAlertSide, string> = {
  mid: 'alerts:side.mid',
  bid: 'alerts:side.bid',
  ask: 'alerts:side.ask',
};
const REPEATS: Record<PriceAlertRepeat, string> = {
  once: 'alerts:repeat.once',
  every: 'alerts:repeat.every',
};

/** A select's options from a value-to-key table, in the reader's words. */
const options = <V extends string>(keys: Record<V, string>, t: (key: string) => string) =>
  (Object.keys(keys) as V[]).map((value) => ({ value, label: t(keys[value]) }));

/**
 * MY PRICE ALERTS in the profile's Alerts: above, below or crossing a price of an instrument of the
 * plan, judged by the server on the feed, delivered by the channels above (docs/features/price-alerts.md).
 */
export function PriceAlertsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const instruments = useInstruments();
  const { t, language } = useAlertsT();
  const { dateTime } = useDates();
  const list = useQuery(trpc.priceAlerts.list.queryOptions());
  const [instrument, setInstrument] = useState<string | null>(null);
  const [condition, setCondition] = useState<PriceAlertCondition>('above');
  const [level, setLevel] = useState<number | string>('');
  const [side, setSide] = useState<PriceAlertSide>('mid');
  const [repeat, setRepeat] = useState<PriceAlertRepeat>('once');
  const [note, setNote] = useState('');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.priceAlerts.list.queryKey() });
  const failed = (error: unknown) =>
    toast({
      title: t('alerts:toast.failed'),
      description: errorMessage(error, t('alerts:toast.tryAgain')),
      variant: 'destructive',
    });
  const create = useMutation(
    trpc.priceAlerts.create.mutationOptions({
      onSuccess: () => {
        toast({ title: t('alerts:toast.set') });
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
        toast({ title: t('alerts:toast.deleted') });
        refresh();
      },
      onError: failed,
    }),
  );

  const columns: TerminalColumn<PriceAlertView>[] = [
    {
      key: 'alert',
      header: t('alerts:column.alert'),
      render: (a) => (
        // The table reads left to right (its figures); the alert's line reads as the language does.
        <Text span size="sm" fw={700} dir={languageDirection(language)}>
          <span className="t0-num">{a.instrument}</span> {t(CONDITIONS[a.condition])}{' '}
          <span className="t0-num">{formatPrice(a.instrument, a.level)}</span>
        </Text>
      ),
    },
    { key: 'side', header: t('alerts:column.side'), render: (a) => t(SIDES[a.side]), visibleFrom: 'sm' },
    {
      key: 'repeat',
      header: t('alerts:column.repeat'),
      render: (a) => t(REPEATS[a.repeat]),
      visibleFrom: 'sm',
    },
    {
      key: 'note',
      header: t('alerts:column.note'),
      render: (a) => (a.note ? <span dir="auto">{a.note}</span> : '--'),
      visibleFrom: 'md',
      wrap: true,
    },
    {
      key: 'fired',
      header: t('alerts:column.fired'),
      render: (a) => (
        <Text span size="xs">
          <span className="t0-num">{a.firedCount}</span>
          {a.lastFiredAt ? (
            <>
              {' · '}
              <span className="t0-date">{dateTime(a.lastFiredAt)}</span>
            </>
          ) : null}
        </Text>
      ),
      visibleFrom: 'md',
    },
    {
      key: 'active',
      header: t('alerts:column.on'),
      render: (a) => (
        <Switch
          size="xs"
          checked={a.active}
          aria-label={t('alerts:row.on', {
            instrument: a.instrument,
            condition: t(CONDITIONS[a.condition]),
            level: formatPrice(a.instrument, a.level),
          })}
          onChange={(e) => update.mutate({ id: a.id, active: e.currentTarget.checked })}
        />
      ),
    },
    {
      key: 'delete',
      header: t('alerts:column.delete'),
      hideHeader: true,
      render: (a) => (
        <Tooltip label={t('alerts:row.delete')}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('alerts:row.deleteLabel', {
              instrument: a.instrument,
              level: formatPrice(a.instrument, a.level),
            })}
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
      title={t('alerts:section.title')}
      description={t('alerts:section.description', { limit: PRICE_ALERT_LIMIT })}
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
            label={t('alerts:field.instrument')}
            size="xs"
            required
            data={instruments.map((i) => i.symbol)}
            value={instrument}
            onChange={setInstrument}
            allowDeselect={false}
          />
          <Select
            label={t('alerts:field.condition')}
            size="xs"
            data={options(CONDITIONS, t)}
            value={condition}
            onChange={(v) => setCondition((v as PriceAlertCondition) ?? 'above')}
            allowDeselect={false}
          />
          <NumberInput
            label={t('alerts:field.price')}
            size="xs"
            required
            min={0}
            decimalScale={6}
            hideControls
            value={level}
            onChange={setLevel}
          />
          <Select
            label={t('alerts:field.side')}
            size="xs"
            data={options(SIDES, t)}
            value={side}
            onChange={(v) => setSide((v as PriceAlertSide) ?? 'mid')}
            allowDeselect={false}
          />
          <Select
            label={t('alerts:field.repeat')}
            size="xs"
            data={options(REPEATS, t)}
            value={repeat}
            onChange={(v) => setRepeat((v as PriceAlertRepeat) ?? 'once')}
            allowDeselect={false}
          />
          <TextInput
            label={t('alerts:field.note')}
            size="xs"
            maxLength={200}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
        </SimpleGrid>
        <Group justify="flex-end" mb="md">
          <Button type="submit" size="xs" loading={create.isPending} disabled={!instrument || level === ''}>
            {create.isPending ? t('alerts:form.adding') : t('alerts:form.add')}
          </Button>
        </Group>
      </form>
      {list.isPending ? (
        <LoadingSkeleton variant="rows" count={2} label={t('alerts:list.loading')} />
      ) : list.isError ? (
        <ErrorPanel text={t('alerts:list.loadFailed')} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : list.data.length === 0 ? (
        <EmptyState text={t('alerts:list.empty')} hint={t('alerts:list.emptyHint')} />
      ) : (
        <TerminalTable
          columns={columns}
          rows={list.data}
          rowKey={(a) => a.id}
          label={t('alerts:list.label')}
          testId="price-alerts-table"
          minWidth={320}
        />
      )}
    </Section>
  );
}
