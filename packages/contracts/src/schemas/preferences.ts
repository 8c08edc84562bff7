import { z } from 'zod';
import { isValidTimeZone } from '../domain/time-zone';

// GET/PUT /api/user/preferences: the reader's time zone (issue 16).

const timeZone = z
  .string({ error: 'timeZone must be a time zone name such as Europe/London, or null' })
  .trim()
  .refine(isValidTimeZone, {
    error: (issue) => `Unknown time zone "${String(issue.input).slice(0, 64)}": use an IANA name such as Europe/London`,
  });

export const preferencesSchema = z.object({
  /** IANA time zone for every time shown; null: the browser's own zone. */
  timeZone: timeZone.nullable(),
});
export type Preferences = z.infer<typeof preferencesSchema>;
