import { z } from 'zod';
import { isValidTimeZone } from '../../domain/common/time-zone';
import { languageSchema } from '../languages/language';

// GET/PUT /api/user/preferences: the reader's time zone and language.

const timeZone = z
  .string({ error: 'timeZone must be a time zone name such as Europe/London, or null' })
  .trim()
  .refine(isValidTimeZone, {
    error: (issue) => `Unknown time zone "${String(issue.input).slice(0, 64)}": use an IANA name such as Europe/London`,
  });

export const preferencesSchema = z.object({
  /** IANA time zone for every time shown; null: the browser's own zone. */
  timeZone: timeZone.nullable(),
  /** The web app's language; null: the browser's languages, else the desk's default. */
  language: languageSchema.nullable(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** A save: each field given is written, a field left out stays as it is. */
export const preferencesInput = z
  .object({
    timeZone: timeZone.nullable().optional(),
    language: languageSchema.nullable().optional(),
  })
  .refine((p) => p.timeZone !== undefined || p.language !== undefined, { error: 'timeZone or language is required' });
export type PreferencesInput = z.infer<typeof preferencesInput>;
