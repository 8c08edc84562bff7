import { z } from 'zod';
import { SLUG_PATTERN, SLUG_RULE } from '../../domain/plans/plans';
import { instrumentSymbolSchema } from '../instruments/instruments';

// Rooms (the console's ROOMS & PLANS): what a desk sells access to, each with its instruments.

export const roomSlugSchema = z
  .string({ error: 'slug is required' })
  .trim()
  .regex(SLUG_PATTERN, `slug must be ${SLUG_RULE}`);

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`);

const roomFields = {
  name: text('name', 80).min(1, 'name is required'),
  description: text('description', 2000),
  chatLanguage: z
    .string({ error: 'chatLanguage must be text' })
    .trim()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,4})?$/, 'chatLanguage must be a language code such as en or pt-BR'),
  position: z
    .number({ error: 'position must be a number' })
    .int('position must be a whole number')
    .min(0, 'position must be 0 to 10000')
    .max(10_000, 'position must be 0 to 10000'),
  instruments: z
    .array(instrumentSymbolSchema, { error: 'instruments must be a list of symbols' })
    .max(200, 'instruments must be at most 200 symbols'),
  telegramChatId: z
    .string({ error: 'telegramChatId must be text' })
    .trim()
    .regex(/^(-?\d{1,30}|@[A-Za-z0-9_]{5,32})$/, 'telegramChatId must be a chat id (-100…) or an @channel name')
    .nullable(),
  discordRoleId: z
    .string({ error: 'discordRoleId must be text' })
    .trim()
    .regex(/^\d{5,30}$/, 'discordRoleId must be a Discord role id (digits)')
    .nullable(),
};

/** POST /admin/rooms. */
export const roomCreateInput = z.strictObject({
  slug: roomSlugSchema,
  name: roomFields.name,
  description: roomFields.description.default(''),
  chatLanguage: roomFields.chatLanguage.default('en'),
  position: roomFields.position.optional(),
  instruments: roomFields.instruments.default([]),
  telegramChatId: roomFields.telegramChatId.default(null),
  discordRoleId: roomFields.discordRoleId.default(null),
});
export type RoomCreateInput = z.infer<typeof roomCreateInput>;

/** PATCH /admin/rooms/{slug}: any field but the slug (fixed once created). */
export const roomUpdateInput = z.strictObject({
  slug: roomSlugSchema,
  name: roomFields.name.optional(),
  description: roomFields.description.optional(),
  chatLanguage: roomFields.chatLanguage.optional(),
  position: roomFields.position.optional(),
  instruments: roomFields.instruments.optional(),
  telegramChatId: roomFields.telegramChatId.optional(),
  discordRoleId: roomFields.discordRoleId.optional(),
});
export type RoomUpdateInput = z.infer<typeof roomUpdateInput>;

/** POST /admin/rooms/{slug}/archive. */
export const roomSlugInput = z.object({ slug: roomSlugSchema });
export type RoomSlugInput = z.infer<typeof roomSlugInput>;

export const roomSchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  chatLanguage: z.string(),
  position: z.number().int(),
  /** The room every instrument listed in no room belongs to (exactly one; it cannot be archived). */
  isDefault: z.boolean(),
  /**
   * The symbols listed in this room (an instrument is in at most one room). The default room also
   * holds every instrument listed in no room, which are not named here.
   */
  instruments: z.array(z.string()),
  telegramChatId: z.string().nullable(),
  discordRoleId: z.string().nullable(),
  archivedAt: z.string().nullable(),
  /** Users holding the room now (their access runs without end or ends in the future). */
  members: z.number().int(),
});
export type RoomView = z.infer<typeof roomSchema>;

export const roomListSchema = z.array(roomSchema);
