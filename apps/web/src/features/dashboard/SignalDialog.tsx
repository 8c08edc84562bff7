import { Button, Divider, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  displayBias,
  formatPrice,
  isUnlockedSignal,
  priceDecimals,
  type LivePrices,
  type SignalView,
} from '@t0/contracts';
import { formatDateTime } from '../../lib/time-zone';
import { ConfidenceGauge } from '../../components/ConfidenceGauge';
import { CopyButton } from '../../components/CopyButton';
import { DirectionBadge } from '../../components/DirectionBadge';
import { StatusBadge } from '../../components/StatusBadge';
import { PnlValue } from '../signals/PnlValue';
import { SignalLifecycle } from '../signals/SignalLifecycle';
import { LivePrice } from './LivePrice';
import { LockedSignalDetail } from './LockedLevels';
import { SignalLabels } from '../legal/SignalLabels';
import { RiskCalculator } from './RiskCalculator';
import { TookItPanel } from '../journal/TookItPanel';
import { SignalChart } from './SignalChart';

export interface SignalDialogProps {
  signal: SignalView | null;
  onClose: () => void;
  prices: { isLoading: boolean; error: unknown; data?: Record<string, unknown> };
}

const copyValue = (instrument: string, value: number) => value.toFixed(priceDecimals(instrument));

function PriceRow({ label, instrument, value }: { label: string; instrument: string; value: number }) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      px="sm"
      py={6}
      bg="var(--t0-surface-2)"
      style={{ borderRadius: 4 }}
    >
      <Stack gap={0}>
        <Text className="t0-label">{label}</Text>
        <Text className="t0-num" fw={700} data-testid={`dialog-${label.toLowerCase().replace(/\s+/g, '-')}`}>
          {formatPrice(instrument, value)}
        </Text>
      </Stack>
      <CopyButton value={copyValue(instrument, value)} label={`Copy ${label.toLowerCase()}`} />
    </Group>
  );
}

/**
 * The signal's detail: copyable levels, current price, bias, confidence, creation time, its labels
 * (author line, disclosure, risk warning), CLOSE TERMINAL.
 * A locked signal (an open signal of a room the viewer's plan does not include) shows its room,
 * publication and status, its labels, one sentence and UPGRADE: no levels, chart or timeline.
 */
export function SignalDialog({ signal, onClose, prices }: SignalDialogProps) {
  return (
    <Modal
      opened={signal !== null}
      onClose={onClose}
      size="lg"
      title={
        signal && (
          <Group gap="xs">
            <Text fw={800} lts="0.08em" className="t0-num">
              {signal.instrument}
            </Text>
            <DirectionBadge direction={signal.direction} locked={signal.locked} />
            <StatusBadge status={signal.status} />
          </Group>
        )
      }
      closeButtonProps={{ 'aria-label': 'Close signal details' }}
    >
      {signal && !isUnlockedSignal(signal) && (
        <Stack gap="md" data-testid="signal-dialog" data-locked="true">
          <LockedSignalDetail signal={signal} />
          <SignalLabels signalId={signal.id} />
          <Button fullWidth variant="outline" color="gray" onClick={onClose}>
            CLOSE TERMINAL
          </Button>
        </Stack>
      )}
      {signal && isUnlockedSignal(signal) && (
        <Stack gap="md" data-testid="signal-dialog">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <PriceRow label="ENTRY" instrument={signal.instrument} value={signal.entryPrice} />
            <PriceRow label="T0" instrument={signal.instrument} value={signal.t0Price} />
            <PriceRow label="T1" instrument={signal.instrument} value={signal.t1Price} />
            <PriceRow label="STOP LOSS" instrument={signal.instrument} value={signal.slPrice} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
            <Stack gap={2}>
              <Text className="t0-label">CURRENT PRICE</Text>
              {prices.data?.[signal.instrument] === undefined && signal.currentPrice !== null ? (
                <Text className="t0-num" fw={700}>
                  {formatPrice(signal.instrument, signal.currentPrice)}
                </Text>
              ) : (
                <LivePrice symbol={signal.instrument} query={prices} />
              )}
            </Stack>
            <Stack gap={2}>
              <Text className="t0-label">MONTHLY BIAS</Text>
              <Text fw={700}>{displayBias(signal.monthlyBias)}</Text>
            </Stack>
            <Stack gap={2}>
              <Text className="t0-label">P&amp;L</Text>
              <PnlValue
                signal={signal}
                livePrice={
                  typeof prices.data?.[signal.instrument] === 'number'
                    ? (prices.data[signal.instrument] as number)
                    : null
                }
              />
            </Stack>
          </SimpleGrid>
          <SignalChart signal={signal} closedAt={signal.closedAt} />
          <RiskCalculator signal={signal} prices={prices.data as Partial<LivePrices> | undefined} />
          <TookItPanel signal={signal} />
          <Divider />
          <Group justify="space-between" align="center" wrap="wrap" gap="md">
            <ConfidenceGauge value={signal.confidence} />
            <Stack gap={2}>
              <Text className="t0-label">CREATED</Text>
              <Text className="t0-num" fw={700}>
                {formatDateTime(signal.createdAt) ?? '--'}
              </Text>
            </Stack>
          </Group>
          <SignalLabels signalId={signal.id} />
          <SignalLifecycle signal={signal} prices={prices} />
          {signal.memo.trim() && (
            <Stack gap={2}>
              <Text className="t0-label">MEMO</Text>
              <Text size="sm" className="t0-prose" style={{ whiteSpace: 'pre-wrap' }}>
                {signal.memo}
              </Text>
            </Stack>
          )}
          <Button fullWidth variant="outline" color="gray" onClick={onClose}>
            CLOSE TERMINAL
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
