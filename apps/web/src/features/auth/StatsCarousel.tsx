import { Box, Group, Text } from '@mantine/core';
import { STATS_CAROUSEL_INTERVAL_MS } from '@t0/contracts';
import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n/language';
import classes from './auth.module.css';

/**
 * The auth page's fixed statistics figures: four items, one every 3 s. The labels are catalogue keys (the
 * language shown); the figures stay as written, left to right (`+2,847 PIPS`: pips are never translated).
 */
export const AUTH_STATS = [
  { label: 'auth:stats.activeTraders', value: '847' },
  { label: 'auth:stats.profitThisMonth', value: '+2,847 PIPS' },
  { label: 'auth:stats.signalsToday', value: '12' },
  { label: 'auth:stats.winRate', value: '87%' },
] as const;

export function StatsCarousel() {
  const { t } = useT();
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % AUTH_STATS.length), STATS_CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  const stat = AUTH_STATS[index]!;
  return (
    <Box className={classes.stats} data-testid="stats-carousel" aria-label={t('auth:stats.label')} role="group">
      <Text className="t0-label">{t(stat.label)}</Text>
      <Text key={stat.label} className={`t0-num ${classes.statValue}`} fw={800}>
        {stat.value}
      </Text>
      <Group gap={6} mt="sm" aria-hidden>
        {AUTH_STATS.map((s, i) => (
          <span key={s.label} className={i === index ? classes.dotOn : classes.dot} />
        ))}
      </Group>
    </Box>
  );
}
