import type { Trend } from '@t0/contracts';
import { sparklinePoints } from './sparkline';

const WIDTH = 100;
const HEIGHT = 28;

/** A small line of recent closes, coloured by trend; decorative (the change beside it carries the meaning). */
export function Sparkline({
  values,
  trend,
  height = HEIGHT,
}: {
  values: readonly number[];
  trend: Trend;
  height?: number;
}) {
  const points = sparklinePoints(values, WIDTH, HEIGHT);
  const colour = trend === 'up' ? 'var(--t0-up)' : trend === 'down' ? 'var(--t0-down)' : 'var(--t0-muted)';
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      width="100%"
      height={height}
      aria-hidden="true"
      data-points={values.length}
      style={{ display: 'block', overflow: 'visible' }}
    >
      {points && (
        <polyline
          points={points}
          fill="none"
          stroke={colour}
          strokeWidth={1.5}
          vectorEffect="non-scaling-stroke"
          strokeLinejoin="round"
        />
      )}
    </svg>
  );
}
