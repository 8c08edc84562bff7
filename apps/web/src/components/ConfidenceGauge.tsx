import { Group, RingProgress, Stack, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import {
  CONFIDENCE_ANIMATION_MS,
  confidenceLabel,
  confidenceTone,
  normalizeConfidence,
  type ConfidenceLabel,
} from '@t0/contracts';
import { useEffect, useState } from 'react';
import { useSignalT } from '../features/signals/words';
import { englishT } from '../lib/i18n/english';

const toneColour = { strong: 'var(--t0-up)', fair: 'var(--t0-warn)', weak: 'var(--t0-down)' } as const;

/** Counts from 0 to the target over the animation time (ease-out); at once with reduced motion. */
function useCountUp(target: number, durationMs: number, reduced: boolean): number {
  const [shown, setShown] = useState(reduced ? target : 0);
  useEffect(() => {
    if (reduced) {
      setShown(target);
      return;
    }
    let frame = 0;
    const start = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / durationMs);
      setShown(target * (1 - (1 - t) ** 3));
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs, reduced]);
  return shown;
}

/** Each confidence label's words: the catalogue's keys, written in full. */
const LABELS: Record<ConfidenceLabel, string> = {
  'Very High': 'signal:confidence.veryHigh',
  High: 'signal:confidence.high',
  Good: 'signal:confidence.good',
  Medium: 'signal:confidence.medium',
  Low: 'signal:confidence.low',
  'Very Low': 'signal:confidence.veryLow',
};

export interface ConfidenceGaugeProps {
  /** 0–100; missing counts as 75. */
  value: number | null | undefined;
  size?: number;
  /** In the reader's language (the signal's dialog); the console's stays English. */
  translated?: boolean;
}

/** The signal's confidence: a ring filling over 1.5 s, the figure and its label (Very High … Very Low). */
export function ConfidenceGauge({ value, size = 96, translated = false }: ConfidenceGaugeProps) {
  const { t: readerT } = useSignalT();
  const t = translated ? readerT : englishT;
  const target = normalizeConfidence(value);
  const reduced = useReducedMotion() ?? false;
  const shown = useCountUp(target, CONFIDENCE_ANIMATION_MS, reduced);
  const colour = toneColour[confidenceTone(target)];
  const label = t(LABELS[confidenceLabel(target)]);
  return (
    <Group
      gap="md"
      wrap="nowrap"
      role="meter"
      aria-label={t('signal:confidence.label')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={target}
      aria-valuetext={`${target}% ${label}`}
    >
      <RingProgress
        size={size}
        thickness={size / 10}
        roundCaps
        sections={[{ value: shown, color: colour }]}
        rootColor="var(--t0-surface-2)"
        label={
          <Text ta="center" fw={700} className="t0-num" size="sm" aria-hidden="true">
            {Math.round(shown)}%
          </Text>
        }
      />
      <Stack gap={2}>
        <Text className="t0-label">{t('signal:confidence.title')}</Text>
        <Text fw={700} c={colour} data-testid="confidence-label">
          {label}
        </Text>
      </Stack>
    </Group>
  );
}
