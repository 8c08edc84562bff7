import { Anchor, Box, Group, NumberInput, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { CONTRACT_SPECS, formatMoney, riskPlan, type LivePrices, type PriceSymbol } from '@t0/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { useTerminalT } from './words';

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

/** Each instrument's contract in the reader's words (the English is the contract catalogue's `note`). */
const CONTRACT_KEYS: Record<PriceSymbol, string> = {
  AUDUSD: 'terminal:risk.contract.AUDUSD',
  GBPUSD: 'terminal:risk.contract.GBPUSD',
  GBPJPY: 'terminal:risk.contract.GBPJPY',
  US30: 'terminal:risk.contract.US30',
  XAUUSD: 'terminal:risk.contract.XAUUSD',
  BTCUSD: 'terminal:risk.contract.BTCUSD',
};

/** What a position is counted in, as a label: units and contracts in the reader's words; oz and BTC as written. */
const UNIT_KEYS: Record<string, string> = {
  units: 'terminal:risk.units',
  contracts: 'terminal:risk.contracts',
};

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
  const { t } = useTerminalT();
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

  const points = 'pipName' in plan && plan.pipName === 'points';
  const unit = points ? t('terminal:risk.unit.points') : t('terminal:risk.unit.pips');
  // The sentence around the trading config's link, in the reader's language.
  const [beforeLink, afterLink] = t('terminal:risk.noAccount', { link: '\u0000' }).split('\u0000');
  return (
    <Box data-testid="risk-calculator">
      <Group justify="space-between" align="baseline" mb={6} gap="xs">
        <Text className="t0-label">{t('terminal:risk.title')}</Text>
        <Text size="xs" c="dimmed">
          {t(CONTRACT_KEYS[symbol])}
        </Text>
      </Group>
      {config.isPending ? (
        <Skeleton h={96} radius="xs" />
      ) : (
        <Stack gap="xs">
          <SimpleGrid cols={2} spacing="xs">
            <NumberInput
              size="xs"
              label={t('terminal:risk.account')}
              placeholder={t('terminal:risk.accountPlaceholder')}
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
              label={t('terminal:risk.percent')}
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
                  {beforeLink}
                  <Anchor component={Link} to="/profile?section=trading" size="sm" underline="always">
                    {t('terminal:risk.tradingConfig')}
                  </Anchor>
                  {afterLink}
                </>
              ) : plan.problem === 'no-stop-distance' ? (
                t('terminal:risk.noStopDistance')
              ) : (
                t('terminal:risk.noPercent')
              )}
            </Text>
          ) : (
            <>
              <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
                <Figure
                  label={t('terminal:risk.position')}
                  value={t('terminal:risk.lots', { lots: lotsText(plan.lots) })}
                  testId="risk-lots"
                />
                <Figure
                  label={UNIT_KEYS[spec.unitName] ? t(UNIT_KEYS[spec.unitName]!) : spec.unitName.toUpperCase()}
                  value={unitsText(plan.units)}
                  testId="risk-units"
                />
                <Figure
                  label={points ? t('terminal:risk.stopPoints') : t('terminal:risk.stopPips')}
                  value={pipsText(plan.stopPips)}
                  testId="risk-stop-pips"
                />
                <Figure
                  label={t('terminal:risk.atStop')}
                  value={`-${formatMoney(plan.riskAmount)}`}
                  tone="down"
                  testId="risk-at-stop"
                />
                <Figure
                  label={t('terminal:risk.atT0', { r: plan.rrT0 })}
                  value={formatMoney(plan.rewardT0)}
                  tone={plan.rewardT0 >= 0 ? 'up' : 'down'}
                  testId="risk-at-t0"
                />
                <Figure
                  label={t('terminal:risk.atT1', { r: plan.rrT1 })}
                  value={formatMoney(plan.rewardT1)}
                  tone={plan.rewardT1 >= 0 ? 'up' : 'down'}
                  testId="risk-at-t1"
                />
              </SimpleGrid>
              <Text size="xs" c="dimmed">
                {plan.belowMinimum
                  ? t('terminal:risk.belowMinimum', { budget: formatMoney(plan.budget) })
                  : t('terminal:risk.note', {
                      budget: formatMoney(plan.budget),
                      unit,
                      pipValue: formatMoney(plan.pipValue),
                    })}
              </Text>
            </>
          )}
        </Stack>
      )}
    </Box>
  );
}
