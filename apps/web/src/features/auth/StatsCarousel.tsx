import { Box, Group, Text } from '@mantine/core';
import { STATS_CAROUSEL_INTERVAL_MS } from '@t0/contracts';
import { useEffect, useState } from 'react';
import classes from './auth.module.css';

/** Fixed display figures (spec 1 §2): four items, one every 3 s. */
export const AUTH_STATS = [
  { label: 'ACTIVE TRADERS', value: '847' },
  { label: 'PROFIT THIS MONTH', value: '+2,847 PIPS' },
  { label: 'SIGNALS TODAY', value: '12' },
  { label: 'WIN RATE', value: '87%' },
] as const;

export function StatsCarousel() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % AUTH_STATS.length), STATS_CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  const stat = AUTH_STATS[index]!;
  return (
    <Box className={classes.stats} data-testid="stats-carousel" aria-label="Desk statistics" role="group">
      <Text className="t0-label">{stat.label}</Text>
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
