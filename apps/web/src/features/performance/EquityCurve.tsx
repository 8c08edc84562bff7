import { Box, Text } from '@mantine/core';
import { formatR, type Performance } from '@t0/contracts';
import { RAxis } from '../../components/chart/RAxis';
import { useRecordT } from './words';

const W = 800;
const H = 220;
const PAD = { top: 14, right: 12, bottom: 22, left: 44 };

/** Cumulative R after each closed trade (the record's equity curve), drawn as an SVG line. */
export function EquityCurve({ equity }: { equity: Performance['equity'] }) {
  const { t } = useRecordT();
  const values = [0, ...equity.map((p) => p.cumulativeR)];
  const min = Math.min(0, ...values);
  const max = Math.max(0, ...values);
  const span = max - min || 1;
  const x = (i: number) => PAD.left + (i / Math.max(1, values.length - 1)) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + ((max - v) / span) * (H - PAD.top - PAD.bottom);
  const line = values.map((v, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const area = `${line} L${x(values.length - 1).toFixed(1)},${y(0).toFixed(1)} L${x(0).toFixed(1)},${y(0).toFixed(1)} Z`;
  const last = values.at(-1) ?? 0;
  const colour = last >= 0 ? 'var(--t0-up)' : 'var(--t0-down)';
  const ticks = [max, (max + min) / 2, min];
  const first = equity[0]?.at.slice(0, 10);
  const end = equity.at(-1)?.at.slice(0, 10);
  return (
    <Box data-testid="equity-curve">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        role="img"
        aria-label={t('record:curve.label', { signals: equity.length, last: formatR(last) })}
        style={{ display: 'block', maxHeight: 260 }}
      >
        <RAxis ticks={ticks} y={y} left={PAD.left} right={W - PAD.right} />
        <path d={area} fill={colour} opacity={0.12} />
        <path d={line} fill="none" stroke={colour} strokeWidth="2" strokeLinejoin="round" />
      </svg>
      {first && end && (
        <Text size="xs" c="dimmed" ta="center">
          <span className="t0-num">
            {first} → {end}
          </span>{' '}
          · {t('record:curve.caption')}
        </Text>
      )}
    </Box>
  );
}
