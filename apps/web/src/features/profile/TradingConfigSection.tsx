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
import { useProfileT } from './words';

type Field = keyof TradingConfig;

const RISK_LABELS: Record<TradingConfig['riskTolerance'], string> = {
  conservative: 'profile:trading.risk.conservative',
  moderate: 'profile:trading.risk.moderate',
  aggressive: 'profile:trading.risk.aggressive',
};

function ConfigForm({ saved }: { saved: SavedTradingConfig }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toAuth = useUnauthorizedRedirect();
  const { isAuthenticated } = useAuth();
  const { t } = useProfileT();
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
      toast({ title: t('profile:trading.saved'), description: t('profile:trading.savedText') });
    } catch (err) {
      if (toAuth(err)) return;
      toast({
        title: t('profile:trading.failed'),
        description: errorMessage(err, t('profile:trading.failedText')),
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
          label={t('profile:trading.accountSize')}
          description={t('profile:trading.accountSizeHint')}
          placeholder={t('profile:trading.accountSizeExample')}
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
          label={t('profile:trading.positionSize')}
          description={t('profile:trading.positionSizeHint')}
          value={values.positionSize}
          onChange={(e) => set('positionSize', e.currentTarget.value as TradingConfig['positionSize'])}
          data={POSITION_SIZES.map((s) => ({ value: s, label: t('profile:trading.positionOption', { percent: s }) }))}
        />
        <NativeSelect
          label={t('profile:trading.riskTolerance')}
          value={values.riskTolerance}
          onChange={(e) => set('riskTolerance', e.currentTarget.value as TradingConfig['riskTolerance'])}
          data={RISK_TOLERANCES.map((r) => ({ value: r, label: t(RISK_LABELS[r]) }))}
        />
        <Stack gap={4}>
          <NumberInput
            label={t('profile:trading.maxDailyTrades')}
            description={t('profile:trading.maxDailyTradesHint')}
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
          {t('profile:trading.manual')}
        </Badge>
        <Text size="xs" c="dimmed" className="t0-prose">
          {t('profile:trading.manualText')}
        </Text>
      </Group>
      <Group justify="flex-end">
        <Button onClick={submit} disabled={save.isPending}>
          {save.isPending ? t('profile:trading.updating') : t('profile:trading.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

export function TradingConfigSection() {
  const trpc = useTRPC();
  const toAuth = useUnauthorizedRedirect();
  const { t } = useProfileT();
  const query = useQuery(trpc.auth.tradingConfig.queryOptions());
  useEffect(() => {
    if (query.error) toAuth(query.error);
  }, [query.error, toAuth]);
  return (
    <Section title={t('profile:trading.title')} description={t('profile:trading.description')} testId="trading-section">
      {query.isPending ? (
        <LoadingSkeleton variant="rows" count={4} label={t('profile:trading.loading')} />
      ) : query.isError ? (
        <ErrorPanel
          text={t('profile:trading.loadFailed')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <ConfigForm saved={query.data} />
      )}
    </Section>
  );
}
