import { Group, RingProgress, Stack, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { CONFIDENCE_ANIMATION_MS, confidenceLabel, confidenceTone, normalizeConfidence } from '@t0/contracts';
import { useEffect, useState } from 'react';

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

export interface ConfidenceGaugeProps {
  /** 0–100; missing counts as 75. */
  value: number | null | undefined;
  size?: number;
}

/** The signal's confidence: a ring filling over 1.5 s, the figure and its label (Very High … Very Low). */
export function ConfidenceGauge({ value, size = 96 }: ConfidenceGaugeProps) {
  const target = normalizeConfidence(value);
  const reduced = useReducedMotion() ?? false;
  const shown = useCountUp(target, CONFIDENCE_ANIMATION_MS, reduced);
  const colour = toneColour[confidenceTone(target)];
  const label = confidenceLabel(target);
  return (
    <Group
      gap="md"
      wrap="nowrap"
      role="meter"
      aria-label="Confidence"
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
        <Text className="t0-label">CONFIDENCE</Text>
        <Text fw={700} c={colour} data-testid="confidence-label">
          {label}
        </Text>
      </Stack>
    </Group>
  );
}
