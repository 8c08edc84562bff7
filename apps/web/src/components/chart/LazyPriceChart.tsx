import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useSignalT } from '../../features/signals/words';
import type { PriceChartProps } from './chart-types';

// The charting library (about 50 KB gzipped) loads the first time a chart is shown.
const PriceChart = lazy(() => import('./PriceChart').then((m) => ({ default: m.PriceChart })));

export function LazyPriceChart(props: PriceChartProps) {
  const { t } = useSignalT();
  const height = props.height ?? { base: 280, sm: 400 };
  return (
    <Suspense fallback={<Skeleton h={height} radius="xs" aria-label={t('signal:chart.loading')} role="status" />}>
      <PriceChart {...props} />
    </Suspense>
  );
}
