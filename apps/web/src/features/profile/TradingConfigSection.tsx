import { Badge, Button, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  ACCOUNT_SIZE_MAX,
  POSITION_SIZES,
  RISK_TOLERANCES,
  tradingConfigSchema,
  type SavedTradingConfig,
  type TradingConfig,
} from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useSignals } from '../../lib/queries';
import { TodaySignals } from '../dashboard/TodaySignals';
import { Section } from '../../components/Section';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';

type Field = keyof TradingConfig;

function ConfigForm({ saved }: { saved: SavedTradingConfig }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toAuth = useUnauthorizedRedirect();
  const { isAuthenticated } = useAuth();
  const signals = useSignals({ enabled: isAuthenticated, variant: 'default' });
  const [values, setValues] = useState<TradingConfig>(saved);
  const [problem, setProblem] = useState<{ field: Field; message: string } | null>(null);
  useEffect(() => setValues(saved), [saved]);
  const save = useMutation(trpc.auth.saveTradingConfig.mutationOptions());
  const set = <K extends Field>(key: K, value: TradingConfig[K]) => setValues((v) => ({ ...v, [key]: value }));

  async function submit() {
    // The auto-execute flag is kept as saved: the terminal places no trades (README).
    const checked = tradingConfigSchema.safeParse({ ...values, autoExecute: saved.autoExecute });
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      setProblem({ field: (issue.path[0] as Field) ?? 'maxDailyTrades', message: issue.message });
      return;
    }
    setProblem(null);
    try {
      const stored = await save.mutateAsync(checked.data);
      queryClient.setQueryData(trpc.auth.tradingConfig.queryKey(), stored);
      toast({ title: 'Configuration Updated', description: 'Your trading configuration has been saved.' });
    } catch (err) {
      if (toAuth(err)) return;
      toast({
        title: 'Configuration Update Failed',
        description: errorMessage(err, 'Failed to update trading configuration. Please try again.'),
        variant: 'destructive',
      });
    }
  }

  const errorOf = (field: Field) => (problem?.field === field ? problem.message : undefined);
  const accountSize = values.accountSize;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NumberInput
          label="ACCOUNT SIZE (USD)"
          description="The signal dialog's risk calculator sizes positions from it."
          placeholder="e.g. 10,000"
          min={1}
          max={ACCOUNT_SIZE_MAX}
          decimalScale={2}
          thousandSeparator=","
          allowNegative={false}
          prefix="$"
          value={accountSize === null || accountSize === undefined ? '' : Number(accountSize)}
          onChange={(v) => set('accountSize', v === '' ? null : Number(v))}
          error={errorOf('accountSize')}
          data-testid="account-size"
        />
        <NativeSelect
          label="DEFAULT POSITION SIZE"
          description="Share of the account risked on each signal, at its stop."
          value={values.positionSize}
          onChange={(e) => set('positionSize', e.currentTarget.value as TradingConfig['positionSize'])}
          data={POSITION_SIZES.map((s) => ({ value: s, label: `${s}% OF ACCOUNT` }))}
        />
        <NativeSelect
          label="RISK TOLERANCE"
          value={values.riskTolerance}
          onChange={(e) => set('riskTolerance', e.currentTarget.value as TradingConfig['riskTolerance'])}
          data={RISK_TOLERANCES.map((r) => ({ value: r, label: r.toUpperCase() }))}
        />
        <Stack gap={4}>
          <NumberInput
            label="MAX DAILY TRADES"
            description="How many of a day's signals you mean to take."
            min={0}
            max={999}
            allowDecimal={false}
            allowNegative={false}
            value={values.maxDailyTrades === '' ? '' : Number(values.maxDailyTrades)}
            onChange={(v) => set('maxDailyTrades', v === '' ? '' : String(v))}
            error={errorOf('maxDailyTrades') ?? errorOf('positionSize')}
          />
          {signals.data && <TodaySignals signals={signals.data} max={values.maxDailyTrades} />}
        </Stack>
      </SimpleGrid>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Badge variant="outline" color="gray" radius="xs" style={{ flexShrink: 0 }}>
          MANUAL EXECUTION
        </Badge>
        <Text size="xs" c="dimmed" className="t0-prose">
          No order is placed, in any mode: T0 publishes signals, never connects to a broker and never asks for broker
          credentials. Executing a trade, by hand or with a trade copier you run and set up yourself, is your own
          choice.
        </Text>
      </Group>
      <Group justify="flex-end">
        <Button onClick={submit} disabled={save.isPending}>
          {save.isPending ? 'UPDATING...' : 'UPDATE CONFIGURATION'}
        </Button>
      </Group>
    </Stack>
  );
}

export function TradingConfigSection() {
  const trpc = useTRPC();
  const toAuth = useUnauthorizedRedirect();
  const query = useQuery(trpc.auth.tradingConfig.queryOptions());
  useEffect(() => {
    if (query.error) toAuth(query.error);
  }, [query.error, toAuth]);
  return (
    <Section
      title="TRADING CONFIG"
      description="Account size, position sizing and risk: the risk calculator in each signal uses them."
      testId="trading-section"
    >
      {query.isPending ? (
        <LoadingSkeleton variant="rows" count={4} label="Loading trading configuration" />
      ) : query.isError ? (
        <ErrorPanel
          text="Failed to load trading configuration."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <ConfigForm saved={query.data} />
      )}
    </Section>
  );
}
