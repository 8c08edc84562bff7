import { Box, Group, Text } from '@mantine/core';
import { formatR } from '@t0/contracts';
import { RAxis } from '../../components/chart/RAxis';
import { useJournalT } from './words';

const W = 800;
const H = 220;
const PAD = { top: 14, right: 12, bottom: 22, left: 44 };

export interface Curve {
  label: string;
  colour: string;
  dashed?: boolean;
  points: readonly { at: string; r: number }[];
}

/** Cumulative R over time: several curves on one time axis (mine beside the desk's), drawn as SVG lines. */
export function TwoCurves({ curves, testId }: { curves: readonly Curve[]; testId?: string }) {
  const { t } = useJournalT();
  const times = curves.flatMap((c) => c.points.map((p) => Date.parse(p.at)));
  const values = [0, ...curves.flatMap((c) => c.points.map((p) => p.r))];
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const x = (t: number) => PAD.left + (t1 > t0 ? (t - t0) / (t1 - t0) : 1) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + ((max - v) / span) * (H - PAD.top - PAD.bottom);
  // Each curve starts at 0 R at the first time shown, and steps at each close.
  const path = (points: Curve['points']) =>
    [`M${x(t0).toFixed(1)},${y(0).toFixed(1)}`]
      .concat(points.map((p) => `L${x(Date.parse(p.at)).toFixed(1)},${y(p.r).toFixed(1)}`))
      .join(' ');
  const ticks = [max, (max + min) / 2, min];
  const summary = curves.map((c) => `${c.label} ${formatR(c.points.at(-1)?.r ?? 0)}`).join(', ');
  return (
    <Box data-testid={testId}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        role="img"
        aria-label={t('journal:curves.label', { summary })}
        style={{ display: 'block', maxHeight: 260 }}
      >
        <RAxis ticks={ticks} y={y} left={PAD.left} right={W - PAD.right} />
        {curves.map((c) => (
          <path
            key={c.label}
            d={path(c.points)}
            fill="none"
            stroke={c.colour}
            strokeWidth="2"
            strokeDasharray={c.dashed ? '6 4' : undefined}
            strokeLinejoin="round"
          />
        ))}
      </svg>
      <Group justify="center" gap="md">
        {curves.map((c) => (
          <Group key={c.label} gap={6} wrap="nowrap">
            <svg width="24" height="8" aria-hidden>
              <line
                x1="0"
                x2="24"
                y1="4"
                y2="4"
                stroke={c.colour}
                strokeWidth="2"
                strokeDasharray={c.dashed ? '6 4' : undefined}
              />
            </svg>
            <Text size="xs">
              {c.label}{' '}
              <Text span inherit className="t0-num">
                {formatR(c.points.at(-1)?.r ?? 0)}
              </Text>
            </Text>
          </Group>
        ))}
      </Group>
    </Box>
  );
}
