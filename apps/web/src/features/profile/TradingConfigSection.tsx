import { Button, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Switch } from '@mantine/core';
import { POSITION_SIZES, RISK_TOLERANCES, tradingConfigSchema, type TradingConfig } from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { Section } from './Section';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';

function ConfigForm({ saved }: { saved: TradingConfig }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toAuth = useUnauthorizedRedirect();
  const [values, setValues] = useState(saved);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setValues(saved), [saved]);
  const save = useMutation(trpc.auth.saveTradingConfig.mutationOptions());
  const set = <K extends keyof TradingConfig>(key: K, value: TradingConfig[K]) => setValues((v) => ({ ...v, [key]: value }));

  async function submit() {
    const checked = tradingConfigSchema.safeParse(values);
    if (!checked.success) {
      setProblem(checked.error.issues[0]!.message);
      return;
    }
    setProblem(null);
    try {
      const stored = await save.mutateAsync(checked.data);
      queryClient.setQueryData(trpc.auth.tradingConfig.queryKey(), stored);
      toast({ title: 'Configuration Updated', description: 'Your trading configuration has been saved.' });
    } catch (err) {
      if (toAuth(err)) return;
      toast({ title: 'Configuration Update Failed', description: errorMessage(err, 'Failed to update trading configuration. Please try again.'), variant: 'destructive' });
    }
  }

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NativeSelect
          label="DEFAULT POSITION SIZE"
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
        <NumberInput
          label="MAX DAILY TRADES"
          min={0}
          max={999}
          allowDecimal={false}
          allowNegative={false}
          value={values.maxDailyTrades === '' ? '' : Number(values.maxDailyTrades)}
          onChange={(v) => set('maxDailyTrades', v === '' ? '' : String(v))}
          error={problem ?? undefined}
        />
        <Switch
          mt={{ base: 0, sm: 28 }}
          label={values.autoExecute ? 'AUTO MODE' : 'MANUAL MODE'}
          description="Auto-execute signals"
          checked={values.autoExecute}
          onChange={(e) => set('autoExecute', e.currentTarget.checked)}
        />
      </SimpleGrid>
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
    <Section title="TRADING CONFIG" description="Defaults for position sizing and risk." testId="trading-section">
      {query.isPending ? (
        <LoadingSkeleton variant="rows" count={4} label="Loading trading configuration" />
      ) : query.isError ? (
        <ErrorPanel text="Failed to load trading configuration." onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <ConfigForm saved={query.data} />
      )}
    </Section>
  );
}
