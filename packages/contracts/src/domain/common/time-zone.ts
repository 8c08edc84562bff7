// Time zones: every time on screen is shown in the reader's zone with the zone named;
// the landing page footer's live clock stays UTC.

/** Whether `zone` is an IANA time zone this runtime knows ("Europe/London", "UTC"). */
export function isValidTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone this runtime runs in (the browser's), UTC when it cannot tell. */
export function detectTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isValidTimeZone(zone) ? zone : 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every zone the runtime lists (IANA canonical names), UTC first. */
export function listTimeZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  const zones = supported ? supported('timeZone') : [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}

/** The zone's offset from UTC at `at`, "UTC+05:30" / "UTC-04:00" / "UTC". */
export function utcOffsetLabel(zone: string, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    const label = part ? part.replace('GMT', 'UTC') : 'UTC';
    return label === 'UTC+00:00' ? 'UTC' : label;
  } catch {
    return 'UTC';
  }
}

/**
 * The calendar day (YYYY-MM-DD) of `at` in `zone`: "today's signals" are counted by the
 * reader's own day.
 */
export function dayInZone(at: Date | string | number, zone: string): string {
  const d = at instanceof Date ? at : new Date(at);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The wall-clock parts of an instant in a zone, as if they were UTC (milliseconds). */
function wallClockAsUtc(ms: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** A `datetime-local` value ("2026-03-10T14:05") showing an instant in `zone`; '' for no date. */
export function toZonedInput(value: string | Date | null | undefined, zone: string): string {
  if (value === null || value === undefined || value === '') return '';
  const ms = new Date(value).getTime();
  if (Number.isNaN(ms)) return '';
  return new Date(wallClockAsUtc(ms, zone)).toISOString().slice(0, 16);
}

/** The instant a `datetime-local` value names in `zone`, as ISO text; '' or nonsense is undefined. */
export function fromZonedInput(value: string, zone: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value.trim());
  if (!m) return undefined;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  if (Number.isNaN(wall)) return undefined;
  // The zone's offset near that wall time, checked again at the result (daylight-saving edges).
  let ms = wall - (wallClockAsUtc(wall, zone) - wall);
  ms = wall - (wallClockAsUtc(ms, zone) - ms);
  return new Date(ms).toISOString();
}
