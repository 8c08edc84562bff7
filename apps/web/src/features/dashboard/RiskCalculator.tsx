import { Anchor, Box, Group, NumberInput, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { CONTRACT_SPECS, formatMoney, riskPlan, type LivePrices, type PriceSymbol } from '@t0/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTRPC } from '../../lib/trpc';

export interface RiskCalculatorProps {
  signal: {
    instrument: string;
    direction: string;
    entryPrice: number | null;
    slPrice: number | null;
    t0Price: number | null;
    t1Price: number | null;
  };
  /** Live prices (currency conversion for JPY pairs). */
  prices?: Partial<LivePrices>;
}

const lotsText = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const unitsText = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });
const pipsText = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });

function Figure({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: string;
  tone?: 'up' | 'down';
  testId: string;
}) {
  return (
    <Stack gap={0} p="xs" bg="var(--t0-surface-2)" style={{ borderRadius: 4, minWidth: 0 }}>
      <Text className="t0-label">{label}</Text>
      <Text
        className={`t0-num ${tone ? `t0-${tone}` : ''}`}
        fw={700}
        data-testid={testId}
        style={{ overflowWrap: 'anywhere' }}
      >
        {value}
      </Text>
    </Stack>
  );
}

/**
 * The position for this signal from the trading config: account size × position size % at risk
 * over the stop distance, in lots and units, with the money at the stop, at T0 and at T1.
 */
export function RiskCalculator({ signal, prices }: RiskCalculatorProps) {
  const trpc = useTRPC();
  const config = useQuery(trpc.auth.tradingConfig.queryOptions(undefined, { staleTime: 60_000 }));
  const [account, setAccount] = useState<number | ''>('');
  const [percent, setPercent] = useState<number | ''>('');
  // Start from the saved config; edits here are a what-if, not saved.
  useEffect(() => {
    if (!config.data) return;
    setAccount(config.data.accountSize ?? '');
    setPercent(Number(config.data.positionSize));
  }, [config.data]);

  const symbol = signal.instrument as PriceSymbol;
  const spec = CONTRACT_SPECS[symbol];
  const levels = [signal.entryPrice, signal.slPrice, signal.t0Price, signal.t1Price];
  if (!spec || levels.some((v) => v === null)) return null;

  const rates = { GBPJPY: prices?.GBPJPY, GBPUSD: prices?.GBPUSD };
  const plan = riskPlan({
    instrument: symbol,
    direction: signal.direction,
    entry: signal.entryPrice!,
    stop: signal.slPrice!,
    t0: signal.t0Price!,
    t1: signal.t1Price!,
    accountSize: account === '' ? Number.NaN : account,
    riskPercent: percent === '' ? Number.NaN : percent,
    rates,
  });

  return (
    <Box data-testid="risk-calculator">
      <Group justify="space-between" align="baseline" mb={6} gap="xs">
        <Text className="t0-label">RISK CALCULATOR</Text>
        <Text size="xs" c="dimmed">
          {spec.note}
        </Text>
      </Group>
      {config.isPending ? (
        <Skeleton h={96} radius="xs" />
      ) : (
        <Stack gap="xs">
          <SimpleGrid cols={2} spacing="xs">
            <NumberInput
              size="xs"
              label="ACCOUNT (USD)"
              placeholder="Account size"
              value={account}
              onChange={(v) => setAccount(v === '' ? '' : Number(v))}
              min={1}
              thousandSeparator=","
              prefix="$"
              allowNegative={false}
              decimalScale={2}
            />
            <NumberInput
              size="xs"
              label="RISK PER TRADE (%)"
              value={percent}
              onChange={(v) => setPercent(v === '' ? '' : Number(v))}
              min={0.1}
              max={100}
              step={0.5}
              decimalScale={2}
              suffix="%"
              allowNegative={false}
            />
          </SimpleGrid>
          {'problem' in plan ? (
            <Text size="sm" c="dimmed" data-testid="risk-problem">
              {plan.problem === 'no-account' ? (
                <>
                  Enter an account size, or save one in your{' '}
                  <Anchor component={Link} to="/profile?section=trading" size="sm" underline="always">
                    trading config
                  </Anchor>
                  , to size this signal.
                </>
              ) : plan.problem === 'no-stop-distance' ? (
                'The stop is at the entry: there is no distance to size against.'
              ) : (
                'Enter the share of the account to risk.'
              )}
            </Text>
          ) : (
            <>
              <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
                <Figure label="POSITION" value={`${lotsText(plan.lots)} LOTS`} testId="risk-lots" />
                <Figure label={spec.unitName.toUpperCase()} value={unitsText(plan.units)} testId="risk-units" />
                <Figure
                  label={`STOP (${plan.pipName.toUpperCase()})`}
                  value={pipsText(plan.stopPips)}
                  testId="risk-stop-pips"
                />
                <Figure label="AT STOP" value={`-${formatMoney(plan.riskAmount)}`} tone="down" testId="risk-at-stop" />
                <Figure
                  label={`AT T0 (${plan.rrT0}R)`}
                  value={formatMoney(plan.rewardT0)}
                  tone={plan.rewardT0 >= 0 ? 'up' : 'down'}
                  testId="risk-at-t0"
                />
                <Figure
                  label={`AT T1 (${plan.rrT1}R)`}
                  value={formatMoney(plan.rewardT1)}
                  tone={plan.rewardT1 >= 0 ? 'up' : 'down'}
                  testId="risk-at-t1"
                />
              </SimpleGrid>
              <Text size="xs" c="dimmed">
                {plan.belowMinimum
                  ? `Risking ${formatMoney(plan.budget)} does not reach the smallest position (0.01 lot) at this stop.`
                  : `The size for your own risk setting (${formatMoney(plan.budget)} of the account at the stop), not a recommendation; ${plan.pipName} worth ${formatMoney(plan.pipValue)} per lot. Estimates before spread and fees.`}
              </Text>
            </>
          )}
        </Stack>
      )}
    </Box>
  );
}
