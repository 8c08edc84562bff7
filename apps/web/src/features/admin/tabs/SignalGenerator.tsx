import {
  Badge,
  Button,
  Checkbox,
  Divider,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Slider,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  CONFIDENCE_DEFAULT,
  formatSignalPrice,
  formatSignalPrices,
  levelIssues,
  MONTHLY_BIASES,
  SIGNAL_DIRECTIONS,
  SIGNAL_FORM_DEFAULTS,
  DEFAULT_T0_SHARE,
  SIGNAL_CREATE_STATUSES,
  SIGNAL_PRICE_STEP,
  signalCreateInput,
  type Instrument,
  type MonthlyBias,
  type SignalDirection,
  type SignalStatus,
} from '@t0/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLivePrices } from '../../../lib/live-prices';
import { useTRPC } from '../../../lib/trpc';
import { PublishPreview } from '../signals/PublishPreview';
import { riskFigures } from '../signals/risk-figures';
import { RiskPanel } from '../signals/RiskPanel';
import { useAdminFeedback } from '../feedback';
import { ConfidenceGauge } from '../../../components/ConfidenceGauge';
import { DirectionBadge } from '../../../components/DirectionBadge';
import { StatusBadge } from '../../../components/StatusBadge';
import { useInstruments } from '../../../lib/instruments';
import { useDesk } from '../desk';

interface SignalValues {
  instrument: Instrument;
  direction: SignalDirection;
  entryPrice: string;
  slPrice: string;
  t0Price: string;
  t1Price: string;
  memo: string;
  confidence: number;
  monthlyBias: MonthlyBias;
  status: SignalStatus;
  stopToEntry: boolean;
  /** Percent of the position taken at T0. */
  t0Share: string;
  /** A pending order's expiry (datetime-local, the browser's time zone); empty: none. */
  expiresAt: string;
}

const initialValues: SignalValues = {
  ...SIGNAL_FORM_DEFAULTS,
  entryPrice: '',
  slPrice: '',
  t0Price: '',
  t1Price: '',
  memo: '',
  confidence: CONFIDENCE_DEFAULT,
  stopToEntry: true,
  t0Share: String(DEFAULT_T0_SHARE),
  expiresAt: '',
};

const LEVEL_FIELDS = ['entryPrice', 'slPrice', 't0Price', 't1Price'] as const;

const PRICE_LABELS = [
  ['entryPrice', 'Entry price'],
  ['slPrice', 'Stop loss (SL)'],
  ['t0Price', 'Take Profit 0 (T0)'],
  ['t1Price', 'Take Profit 1 (T1)'],
] as const;

/**
 * The trading signal generator of the console's create tab: the levels are checked live with the same
 * rule and messages as the server, the risk shows in pips and the targets in R, and publishing goes
 * through a preview that says how many subscribers it reaches.
 */
export function SignalGenerator() {
  const trpc = useTRPC();
  const desk = useDesk();
  // An analyst publishes only on the instruments of their rooms.
  const instruments = useInstruments().filter((i) => !desk.instruments || desk.instruments.includes(i.symbol));
  const queryClient = useQueryClient();
  const feedback = useAdminFeedback();
  const prices = useLivePrices();
  const [previewing, setPreviewing] = useState(false);
  const form = useForm<SignalValues>({
    initialValues,
    validateInputOnChange: true,
    validate: schemaResolver(signalCreateInput, { sync: true }),
  });
  const firstInstrument = instruments[0]?.symbol;
  useEffect(() => {
    if (firstInstrument && !instruments.some((i) => i.symbol === form.values.instrument))
      form.setFieldValue('instrument', firstInstrument as Instrument);
    // Only when the instruments offered change.
  }, [firstInstrument, instruments.length]);
  // One level can break another's rule (a short's stop below a new entry): re-check the levels
  // already typed whenever any of them or the direction changes.
  const { direction, entryPrice, slPrice, t0Price, t1Price } = form.values;
  useEffect(() => {
    const number = (v: string) => (v.trim() === '' || !Number.isFinite(Number(v)) ? undefined : Number(v));
    // The schema checks the levels once every field is filled; while typing, the same rule runs
    // on the pairs already known.
    const issues = levelIssues({
      direction,
      entryPrice: number(entryPrice),
      slPrice: number(slPrice),
      t0Price: number(t0Price),
      t1Price: number(t1Price),
    });
    for (const field of LEVEL_FIELDS) {
      if (!form.isDirty(field)) continue;
      const own = form.validateField(field);
      const level = issues.find((i) => i.field === field);
      if (!own.hasError) form.setFieldError(field, level?.message ?? null);
    }
    // The form object is stable; only the levels and the direction matter here.
  }, [direction, entryPrice, slPrice, t0Price, t1Price]);
  const create = useMutation(
    trpc.signals.create.mutationOptions({
      onSuccess: (signal) => {
        feedback.ok(
          'SIGNAL GENERATED',
          desk.kind === 'analyst'
            ? `Trading signal published to the subscribers of ${signal.room}`
            : 'Trading signal published to all subscribers',
        );
        setPreviewing(false);
        form.reset();
        void queryClient.invalidateQueries(trpc.signals.pathFilter());
        void queryClient.invalidateQueries(trpc.notifications.pathFilter());
      },
      onError: (error) => feedback.fail('SIGNAL FAILED', error),
    }),
  );

  const publish = () => {
    const values = form.getValues();
    const levels = formatSignalPrices(values.instrument, {
      entryPrice: values.entryPrice,
      slPrice: values.slPrice,
      t0Price: values.t0Price,
      t1Price: values.t1Price,
    });
    create.mutate({
      instrument: values.instrument,
      direction: values.direction,
      ...levels,
      memo: values.memo,
      confidence: values.confidence,
      monthlyBias: values.monthlyBias,
      status: values.status as (typeof SIGNAL_CREATE_STATUSES)[number],
      stopToEntry: values.stopToEntry,
      t0Share: Number(values.t0Share),
      ...(values.status === 'limit' && values.expiresAt ? { expiresAt: new Date(values.expiresAt).toISOString() } : {}),
    });
  };
  const submit = form.onSubmit(() => setPreviewing(true));

  const v = form.values;
  const preview = (value: string) => (value.trim() === '' ? '--' : formatSignalPrice(v.instrument, value.trim()));
  const live = prices.data?.[v.instrument];
  const figures = riskFigures(v, typeof live === 'number' ? live : null);
  const card = (
    <Paper p="md" bg="var(--t0-surface-2)" data-testid="signal-preview" aria-live="polite">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Text fw={800} fz="lg">
              {v.instrument}
            </Text>
            <DirectionBadge direction={v.direction} />
            <StatusBadge status={v.status} />
          </Group>
          <Badge variant="outline" color="gray">
            {v.monthlyBias.toUpperCase()}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          {PRICE_LABELS.map(([field, label]) => (
            <Stack gap={0} key={field}>
              <Text className="t0-label">{label.replace(/ \(.*\)$/, '')}</Text>
              <Text
                className="t0-num"
                fw={700}
                c={field === 'slPrice' ? 'var(--t0-down)' : field === 'entryPrice' ? undefined : 'var(--t0-up)'}
              >
                {preview(v[field])}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <RiskPanel instrument={v.instrument} figures={figures} />
        <Text size="xs" c="dimmed">
          {v.stopToEntry ? 'Stop moves to entry once T0 is reached.' : 'Stop stays where it is after T0.'}
        </Text>
        <ConfidenceGauge value={v.confidence} size={72} />
        {v.memo.trim() && (
          <Text size="sm" className="t0-prose" c="dimmed">
            {v.memo}
          </Text>
        )}
      </Stack>
    </Paper>
  );

  return (
    <Paper p="lg" className="t0-surface" component="section" aria-labelledby="generator-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="h4" id="generator-title">
            TRADING SIGNAL GENERATOR
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label="Instrument"
              data={instruments.map((i) => i.symbol)}
              allowDeselect={false}
              {...form.getInputProps('instrument')}
            />
            <Select
              label="Direction"
              data={SIGNAL_DIRECTIONS.map((d) => ({ value: d, label: d.toUpperCase() }))}
              allowDeselect={false}
              {...form.getInputProps('direction')}
            />
            {PRICE_LABELS.map(([field, label]) => (
              <TextInput
                key={field}
                label={label}
                withAsterisk
                type="number"
                inputMode="decimal"
                step={SIGNAL_PRICE_STEP}
                min={0}
                {...form.getInputProps(field)}
              />
            ))}
            <Select
              label="Monthly bias"
              data={[...MONTHLY_BIASES]}
              allowDeselect={false}
              {...form.getInputProps('monthlyBias')}
            />
            <Select
              label="Status"
              data={SIGNAL_CREATE_STATUSES.map((s) => ({
                value: s,
                label: s === 'active' ? 'ACTIVE (AT MARKET)' : 'LIMIT (AT ENTRY)',
              }))}
              allowDeselect={false}
              {...form.getInputProps('status')}
            />
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="confidence-label">
              Confidence: {v.confidence}%
            </Text>
            <Slider
              min={1}
              max={100}
              step={1}
              thumbLabel="Confidence"
              label={(n) => `${n}%`}
              {...form.getInputProps('confidence')}
            />
            {form.errors.confidence && (
              <Text size="xs" c="var(--t0-down)">
                {form.errors.confidence}
              </Text>
            )}
          </Stack>
          <Textarea label="Memo" autosize minRows={2} {...form.getInputProps('memo')} />

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Share taken at T0 (%)"
              description="The rest runs to T1 or the stop"
              type="number"
              inputMode="decimal"
              min={0}
              max={100}
              step={5}
              {...form.getInputProps('t0Share')}
            />
            {v.status === 'limit' && (
              <TextInput
                label="Pending order expires"
                description="Unfilled then, it ends (not a trade)"
                type="datetime-local"
                {...form.getInputProps('expiresAt')}
              />
            )}
          </SimpleGrid>
          <Checkbox
            label="Move the stop to entry after T0"
            {...form.getInputProps('stopToEntry', { type: 'checkbox' })}
          />

          <Divider label="LIVE PREVIEW" labelPosition="left" />
          {card}

          <Group justify="flex-end">
            <Button type="submit">PREVIEW SIGNAL</Button>
          </Group>
        </Stack>
      </form>
      <PublishPreview
        opened={previewing}
        pending={create.isPending}
        onPublish={publish}
        onBack={() => setPreviewing(false)}
      >
        {card}
      </PublishPreview>
    </Paper>
  );
}
