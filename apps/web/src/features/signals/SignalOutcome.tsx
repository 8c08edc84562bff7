import { SimpleGrid, Stack, Text } from '@mantine/core';
import {
  floatingResult,
  isUnlockedSignal,
  formatDuration,
  formatPips,
  formatPrice,
  formatR,
  signalOutcome,
  unitName,
  type SignalEvent,
  type SignalView,
} from '@t0/contracts';

const REASONS: Record<string, string> = {
  target: 'TARGET (T1)',
  stop: 'STOP LOSS',
  breakeven: 'BREAK-EVEN',
  manual: 'CLOSED BY HAND',
  withdrawn: 'WITHDRAWN',
};

const tone = (r: number | null | undefined) =>
  r == null ? undefined : r > 0 ? 'var(--t0-up)' : r < 0 ? 'var(--t0-down)' : undefined;

function Figure({
  label,
  value,
  colour,
  testId,
}: {
  label: string;
  value: string;
  colour?: string | undefined;
  testId?: string;
}) {
  return (
    <Stack gap={2}>
      <Text className="t0-label">{label}</Text>
      <Text className="t0-num" fw={700} c={colour} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

export interface SignalOutcomeProps {
  signal: SignalView;
  livePrice: number | null;
  events: SignalEvent[] | undefined;
}

/**
 * How the trade stands: while open, the floating result from the live price; once closed, the
 * outcome computed from the event log (exit, pips, R, duration, best and worst excursion in R).
 */
export function SignalOutcome({ signal, livePrice, events }: SignalOutcomeProps) {
  if (isUnlockedSignal(signal) && signal.status === 'active') {
    const floating = floatingResult(signal, livePrice);
    return (
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" data-testid="signal-outcome">
        <Figure
          label="FLOATING"
          value={formatPips(floating?.pips, signal.instrument)}
          colour={tone(floating?.pips)}
          testId="outcome-pips"
        />
        <Figure label="FLOATING R" value={formatR(floating?.r)} colour={tone(floating?.r)} testId="outcome-r" />
        <Figure
          label="RISK"
          value={signal.riskPips === null ? '--' : `${signal.riskPips.toFixed(1)} ${unitName(signal.instrument)}`}
        />
      </SimpleGrid>
    );
  }
  if (signal.status !== 'closed' && signal.status !== 'withdrawn') return null;
  const o = events?.length ? signalOutcome(events) : null;
  const r = o?.r ?? signal.result?.r ?? null;
  const pips = o?.pips ?? signal.result?.pips ?? null;
  if (pips === null && r === null) return null;
  return (
    <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" data-testid="signal-outcome">
      <Figure label="RESULT" value={formatPips(pips, signal.instrument)} colour={tone(pips)} testId="outcome-pips" />
      <Figure label="R" value={formatR(r)} colour={tone(r)} testId="outcome-r" />
      <Figure label="EXIT" value={formatPrice(signal.instrument, o?.exitPrice ?? signal.exitPrice)} />
      <Figure label="ENDED BY" value={REASONS[o?.reason ?? signal.closeReason ?? ''] ?? '--'} />
      <Figure label="DURATION" value={formatDuration(o?.durationMs)} />
      <Figure label="BEST (MFE)" value={formatR(o?.mfeR)} colour="var(--t0-up)" />
      <Figure label="WORST (MAE)" value={formatR(o?.maeR)} colour="var(--t0-down)" />
      <Figure
        label="RISK"
        value={signal.riskPips === null ? '--' : `${signal.riskPips.toFixed(1)} ${unitName(signal.instrument)}`}
      />
    </SimpleGrid>
  );
}
