import {
  detectTimeZone,
  formatDateTime as formatDateTimeIn,
  formatLongDate as formatLongDateIn,
  fromZonedInput,
  isValidTimeZone,
  POLL,
  toZonedInput,
  type Language,
} from '@t0/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useAuth } from './auth';
import { useTRPC } from './trpc';
import { useT } from './i18n/language';

// The reader's time zone: the one saved in the profile, else the browser's own. Every
// time on screen goes through these formatters, so it is shown in that zone with the zone named.
// The landing footer's clock stays UTC.

let saved: string | null = null;
const listeners = new Set<() => void>();

let detected: string | undefined;

/**
 * The browser's own zone, read when a time is first shown: asking for it creates the page's first
 * Intl formatter, which loads the browser's locale data (45 to 100 ms of main thread on a desktop).
 * The landing page shows no zoned time, so it never pays for it.
 */
export function detectedTimeZone(): string {
  return (detected ??= detectTimeZone());
}

/** Sets the zone saved in the profile (null: the browser's own). */
export function setSavedTimeZone(zone: string | null) {
  const next = zone && isValidTimeZone(zone) ? zone : null;
  if (next === saved) return;
  saved = next;
  for (const l of listeners) l();
}

/** The zone times are shown in right now. */
export function currentTimeZone(): string {
  return saved ?? detectedTimeZone();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The zone times are shown in, re-rendering when it changes. */
export function useTimeZone(): string {
  return useSyncExternalStore(subscribe, currentTimeZone, currentTimeZone);
}

/** "Mar 10, 2026, 14:03 GMT+1" in the reader's zone; null when missing or not a date. */
export function formatDateTime(value: string | number | Date | null | undefined): string | null {
  return formatDateTimeIn(value, currentTimeZone());
}

/** "March 10, 2026" in the reader's zone; null when missing or not a date. */
export function formatLongDate(value: string | number | Date | null | undefined): string | null {
  return formatLongDateIn(value, currentTimeZone());
}

type DateValue = string | number | Date | null | undefined;

/**
 * Dates in the reader's zone and in the language on screen ("30 nov 2026, 10:19 CET" in Spanish),
 * re-rendering when either changes; while a pre-rendered page hydrates, in the page's own language,
 * as the build drew it. The screens that speak the reader's language use these; the console and
 * the screens still in English keep `formatDateTime` (English dates beside English words).
 */
export function useDates(): {
  language: Language;
  dateTime: (value: DateValue) => string | null;
  longDate: (value: DateValue) => string | null;
} {
  const zone = useTimeZone();
  const { language } = useT();
  return useMemo(
    () => ({
      language,
      dateTime: (value: DateValue) => formatDateTimeIn(value, zone, language),
      longDate: (value: DateValue) => formatLongDateIn(value, zone, language),
    }),
    [zone, language],
  );
}

/** A `datetime-local` value showing an instant in the reader's zone; '' for no date. */
export function toDateTimeLocal(value: string | Date | null | undefined): string {
  return toZonedInput(value, currentTimeZone());
}

/** The instant a `datetime-local` value names in the reader's zone, as ISO text; '' stays undefined. */
export function fromDateTimeLocal(value: string): string | undefined {
  return fromZonedInput(value, currentTimeZone());
}

/** The signed-in user's saved preferences (GET /api/user/preferences). */
export function usePreferences() {
  const trpc = useTRPC();
  const { isAuthenticated } = useAuth();
  return useQuery(
    trpc.preferences.get.queryOptions(undefined, { enabled: isAuthenticated, staleTime: POLL.blogStaleMs }),
  );
}

/** Keeps the displayed zone in step with the signed-in user's saved one. Mount once. */
export function TimeZoneSync() {
  const prefs = usePreferences();
  const { isAuthenticated } = useAuth();
  const zone = isAuthenticated ? (prefs.data?.timeZone ?? null) : null;
  useEffect(() => setSavedTimeZone(zone), [zone]);
  return null;
}
