import { Text, type TextProps } from '@mantine/core';
import { relativeTime } from '@t0/contracts';
import { useEffect, useState } from 'react';
import { formatDateTime, useDates, useTimeZone } from '../lib/time-zone';

/** How often the words are brought up to date. */
const TICK_MS = 30_000;

export interface RelativeTimeProps extends TextProps {
  value: string | Date | null | undefined;
  /** Shown when there is no date (for example "No date"). */
  fallback?: string;
  /** In the reader's language (its words and date), on a translated screen; else English. */
  translated?: boolean;
}

/** "5 minutes ago", kept current, with the exact time in the reader's zone as a tooltip and machine-readable date. */
export function RelativeTime({ value, fallback = 'No date', translated = false, ...props }: RelativeTimeProps) {
  useTimeZone();
  const dates = useDates();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  const words = relativeTime(value, now, translated ? dates.language : 'en');
  if (words === null) {
    return (
      <Text span size="sm" c="dimmed" {...props}>
        {fallback}
      </Text>
    );
  }
  const date = new Date(value as string | Date);
  return (
    <Text span size="sm" {...props}>
      <time
        dateTime={date.toISOString()}
        title={(translated ? dates.dateTime(date) : formatDateTime(date)) ?? undefined}
      >
        {words}
      </time>
    </Text>
  );
}
