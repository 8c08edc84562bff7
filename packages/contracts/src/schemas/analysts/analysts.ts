import { z } from 'zod';
import { SLUG_PATTERN, SLUG_RULE } from '../../domain/plans/plans';
import { adminUserIdInput } from '../admin-users/admin-users';

// Analysts (the console's desk): a user who publishes under a name of their own in some rooms.

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`);

/** POST /admin/users/{userId}/analyst: make the user an analyst, or change the analyst. */
export const analystUpsertInput = adminUserIdInput.extend({
  displayName: text('displayName', 80).min(1, 'displayName is required'),
  title: text('title', 80).default(''),
  /** Room slugs; when absent on a change, the rooms stay as they are. */
  rooms: z
    .array(z.string({ error: 'rooms must be a list of room slugs' }).trim(), {
      error: 'rooms must be a list of room slugs',
    })
    .max(50, 'rooms must be at most 50 rooms')
    .optional(),
  disclosure: text('disclosure', 5000).default(''),
  /** Made from the display name when absent (a new analyst); fixed unless given. */
  slug: z.string({ error: 'slug must be text' }).trim().regex(SLUG_PATTERN, `slug must be ${SLUG_RULE}`).optional(),
});
export type AnalystUpsertInput = z.infer<typeof analystUpsertInput>;

export const analystSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  email: z.string(),
  slug: z.string(),
  displayName: z.string(),
  title: z.string(),
  disclosure: z.string(),
  rooms: z.array(z.string()),
  active: z.boolean(),
  createdAt: z.string(),
  deactivatedAt: z.string().nullable(),
});
export type Analyst = z.infer<typeof analystSchema>;

export const analystListSchema = z.array(analystSchema);

/** GET /analysts: the analysts a subscriber may follow or mute (the name shown, never the account). */
export const analystDirectoryEntry = z.object({
  slug: z.string(),
  displayName: z.string(),
  title: z.string(),
  active: z.boolean(),
});
export type AnalystDirectoryEntry = z.infer<typeof analystDirectoryEntry>;

/** GET /desk: who acts at the desk — an administrator (every room) or an analyst (their rooms and their instruments). */
export const deskSchema = z.object({
  kind: z.enum(['admin', 'analyst']),
  /** The analyst's slug and name shown (their signals' author); null for an administrator. */
  slug: z.string().nullable(),
  displayName: z.string().nullable(),
  /** Room slugs the analyst publishes in; null: every room (an administrator). */
  rooms: z.array(z.string()).nullable(),
  /** Instruments of those rooms; null: every instrument. */
  instruments: z.array(z.string()).nullable(),
});
export type DeskView = z.infer<typeof deskSchema>;
