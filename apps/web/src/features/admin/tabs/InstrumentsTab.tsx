import { Badge, Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { INSTRUMENT_PRESETS, UNIT_NAMES, type InstrumentView, type UnitName } from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../lib/trpc';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ConsoleTable, type ConsoleColumn } from '../ConsoleTable';
import { ConsolePanel, FormAndList } from '../FormAndList';
import { useAdminFeedback } from '../feedback';

interface Draft {
  symbol: string;
  tickSize: number | string;
  unitSize: number | string;
  unitName: UnitName;
  decimals: number | string;
  feedSymbol: string;
  entryTolerance: number | string;
  referencePrice: number | string;
}

const EMPTY: Draft = {
  symbol: '',
  tickSize: '',
  unitSize: '',
  unitName: 'pips',
  decimals: 5,
  feedSymbol: '',
  entryTolerance: 10,
  referencePrice: '',
};

const draftOf = (i: Omit<InstrumentView, 'id' | 'builtIn'>): Draft => ({
  symbol: i.symbol,
  tickSize: i.tickSize,
  unitSize: i.unitSize,
  unitName: i.unitName,
  decimals: i.decimals,
  feedSymbol: i.feedSymbol,
  entryTolerance: i.entryTolerance,
  referencePrice: i.referencePrice,
});

const num = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v));

/**
 * INSTRUMENTS: the catalogue every figure reads its unit from. The spec's four are built in; an
 * administrator adds instruments (EURUSD, XAUUSD, NAS100, BTCUSD …) with their sizes, or gives a
 * built-in one its own feed symbol (US30 as a CFD or futures symbol) or entry tolerance.
 */
export function InstrumentsTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feedback = useAdminFeedback();
  const list = useQuery(trpc.instruments.list.queryOptions());
  const refresh = () => void queryClient.invalidateQueries(trpc.instruments.pathFilter());

  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [removing, setRemoving] = useState<InstrumentView | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const existing = list.data?.find((i) => i.symbol === draft.symbol.trim().toUpperCase());

  const done = (message: string) => () => {
    feedback.ok('Success', message);
    setDraft(EMPTY);
    refresh();
  };
  const create = useMutation(
    trpc.instruments.create.mutationOptions({
      onSuccess: done('Instrument added'),
      onError: (e) => feedback.fail('Error', e, 'Failed to save the instrument'),
    }),
  );
  const update = useMutation(
    trpc.instruments.update.mutationOptions({
      onSuccess: done('Instrument saved'),
      onError: (e) => feedback.fail('Error', e, 'Failed to save the instrument'),
    }),
  );
  const remove = useMutation(
    trpc.instruments.delete.mutationOptions({
      onSuccess: () => {
        setRemoving(null);
        done('Instrument removed')();
      },
      onError: (e) => {
        setRemoving(null);
        feedback.fail('Error', e, 'Failed to remove the instrument');
      },
    }),
  );

  const sizes = {
    tickSize: num(draft.tickSize),
    unitSize: num(draft.unitSize),
    unitName: draft.unitName,
    decimals: num(draft.decimals),
    feedSymbol: draft.feedSymbol.trim(),
    entryTolerance: num(draft.entryTolerance),
    referencePrice: num(draft.referencePrice),
  };
  const save = () => {
    if (existing?.id) update.mutate({ id: existing.id, ...sizes });
    else create.mutate({ symbol: draft.symbol, ...sizes });
  };
  /** Known sizes for a symbol typed in (XAUUSD, BTCUSD, EURUSD …), so the form starts right. */
  const fillFromSymbol = (symbol: string) => {
    const s = symbol.trim().toUpperCase();
    const known = list.data?.find((i) => i.symbol === s) ?? INSTRUMENT_PRESETS[s];
    setDraft(known ? draftOf(known) : { ...draft, symbol });
  };

  const columns: ConsoleColumn<InstrumentView>[] = [
    {
      key: 'symbol',
      header: 'SYMBOL',
      render: (i) => (
        <Group gap={6} wrap="nowrap">
          <Text fw={700} size="sm">
            {i.symbol}
          </Text>
          {i.builtIn && (
            <Badge size="xs" variant="light" color="gray">
              DEFAULT
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'tick', header: 'TICK', align: 'right', render: (i) => i.tickSize },
    { key: 'unit', header: 'UNIT', align: 'right', render: (i) => `${i.unitSize} ${i.unitName}` },
    { key: 'decimals', header: 'DECIMALS', align: 'right', render: (i) => i.decimals },
    { key: 'feed', header: 'FEED', render: (i) => i.feedSymbol },
    { key: 'tolerance', header: 'TOLERANCE', align: 'right', render: (i) => `${i.entryTolerance} ${i.unitName}` },
    {
      key: 'actions',
      header: 'ACTIONS',
      hideHeader: true,
      render: (i) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Button size="compact-xs" variant="subtle" onClick={() => setDraft(draftOf(i))}>
            EDIT
          </Button>
          {i.id !== null && (
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => setRemoving(i)}>
              {i.builtIn ? 'RESET' : 'REMOVE'}
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <FormAndList
      form={
        <ConsolePanel title={existing ? `CHANGE ${existing.symbol}` : 'ADD INSTRUMENT'}>
          <Stack gap="sm">
            <TextInput
              label="Symbol"
              withAsterisk
              placeholder="EURUSD, XAUUSD, NAS100 …"
              value={draft.symbol}
              onChange={(e) => set('symbol', e.currentTarget.value.toUpperCase())}
              onBlur={(e) => fillFromSymbol(e.currentTarget.value)}
            />
            <Group grow>
              <NumberInput
                label="Tick size"
                withAsterisk
                decimalScale={10}
                min={0}
                value={draft.tickSize}
                onChange={(v) => set('tickSize', v)}
              />
              <NumberInput
                label="Pip or point size"
                withAsterisk
                decimalScale={10}
                min={0}
                value={draft.unitSize}
                onChange={(v) => set('unitSize', v)}
              />
            </Group>
            <Group grow>
              <Select
                label="Unit"
                withAsterisk
                allowDeselect={false}
                data={UNIT_NAMES.map((u) => ({ value: u, label: u.toUpperCase() }))}
                value={draft.unitName}
                onChange={(v) => set('unitName', (v as UnitName) ?? 'pips')}
              />
              <NumberInput
                label="Decimals"
                withAsterisk
                min={0}
                max={8}
                allowDecimal={false}
                value={draft.decimals}
                onChange={(v) => set('decimals', v)}
              />
            </Group>
            <TextInput
              label="Feed symbol"
              withAsterisk
              placeholder="EUR/USD"
              value={draft.feedSymbol}
              onChange={(e) => set('feedSymbol', e.currentTarget.value)}
            />
            <Group grow>
              <NumberInput
                label={`Entry tolerance (${draft.unitName})`}
                withAsterisk
                min={0}
                value={draft.entryTolerance}
                onChange={(v) => set('entryTolerance', v)}
              />
              <NumberInput
                label="Reference price"
                withAsterisk
                min={0}
                decimalScale={5}
                value={draft.referencePrice}
                onChange={(v) => set('referencePrice', v)}
              />
            </Group>
            <Text size="xs" c="dimmed">
              A market signal&apos;s entry must lie within the tolerance of the live price. The reference price is where
              the simulated feed starts.
            </Text>
            <Group justify="flex-end">
              {draft !== EMPTY && (
                <Button variant="subtle" color="gray" onClick={() => setDraft(EMPTY)}>
                  CLEAR
                </Button>
              )}
              <Button
                onClick={save}
                loading={create.isPending || update.isPending}
                disabled={!draft.symbol.trim()}
                data-testid="instrument-save"
              >
                {existing?.id ? 'SAVE CHANGES' : 'ADD INSTRUMENT'}
              </Button>
            </Group>
          </Stack>
        </ConsolePanel>
      }
      list={
        <ConsolePanel title="INSTRUMENT CATALOGUE">
          <ConsoleTable
            label="Instrument catalogue"
            testId="instrument-table"
            columns={columns}
            rows={list.data}
            rowKey={(i) => i.symbol}
            rowAttributes={(i) => ({ 'data-testid': `instrument-${i.symbol}` })}
            striped
            minWidth={640}
            loading={list.isPending}
            error={list.error ? { text: list.error.message, onRetry: () => void list.refetch() } : null}
          />
        </ConsolePanel>
      }
    >
      <ConfirmDialog
        opened={removing !== null}
        title={removing?.builtIn ? `Reset ${removing.symbol}?` : `Remove ${removing?.symbol ?? ''}?`}
        message={
          removing?.builtIn
            ? 'Its sizes, feed symbol and tolerance return to the defaults.'
            : 'It leaves the catalogue. An instrument with signals stays, so their figures keep their units.'
        }
        confirmLabel={removing?.builtIn ? 'RESET' : 'REMOVE'}
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing?.id && remove.mutate({ id: removing.id })}
      />
    </FormAndList>
  );
}
