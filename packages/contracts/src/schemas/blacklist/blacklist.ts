import { z } from 'zod';
import {
  BLACKLIST_KINDS,
  BLACKLIST_REASON_MAX,
  BLACKLIST_VALUE_MAX,
  normaliseBlacklistValue,
  normaliseDomainEntry,
} from '../../domain/blacklist/blacklist';
import { adminUserIdInput } from '../admin-users/admin-users';

const kind = z.enum(BLACKLIST_KINDS, { error: `kind must be one of ${BLACKLIST_KINDS.join(', ')}` });

const reason = z
  .string({ error: 'reason is required' })
  .trim()
  .min(1, 'reason is required')
  .max(BLACKLIST_REASON_MAX, `reason can be at most ${BLACKLIST_REASON_MAX} characters`);

/** One entry as the console lists it: `value` as it is matched, `email` as it was entered. */
export const blacklistEntrySchema = z.object({
  id: z.number().int(),
  kind,
  value: z.string(),
  email: z.string().nullable(),
  reason: z.string().nullable(),
  userId: z.number().int().nullable(),
  blacklistedAt: z.string(),
  blacklistedBy: z.string().nullable(),
});
export type BlacklistEntry = z.infer<typeof blacklistEntrySchema>;

export const blacklistListSchema = z.object({ entries: z.array(blacklistEntrySchema) });
export type BlacklistList = z.infer<typeof blacklistListSchema>;

/** A new entry; `value` is checked for its kind and stored normalised (packages/contracts/src/domain/blacklist/blacklist.ts). */
export const addBlacklistEntryInput = z
  .object({
    kind,
    value: z
      .string({ error: 'value is required' })
      .max(BLACKLIST_VALUE_MAX, `value can be at most ${BLACKLIST_VALUE_MAX} characters`),
    reason,
  })
  .superRefine((input, issue) => {
    const normal = normaliseBlacklistValue(input.kind, input.value);
    if (!normal.ok) issue.addIssue({ code: 'custom', path: ['value'], message: normal.message });
  });
export type AddBlacklistEntryInput = z.infer<typeof addBlacklistEntryInput>;

export const addBlacklistEntryOutput = z.object({
  entry: blacklistEntrySchema,
  /** For a domain: how many accounts have an address there. */
  matchingAccounts: z.number().int().nullable(),
});
export type AddBlacklistEntryOutput = z.infer<typeof addBlacklistEntryOutput>;

export const blacklistPreviewInput = z.object({
  value: z
    .string({ error: 'value is required' })
    .max(BLACKLIST_VALUE_MAX, `value can be at most ${BLACKLIST_VALUE_MAX} characters`)
    .refine((v) => normaliseDomainEntry(v) !== null, 'value must be a domain, as @example.com'),
});
export type BlacklistPreviewInput = z.infer<typeof blacklistPreviewInput>;

export const blacklistPreviewOutput = z.object({ domain: z.string(), matchingAccounts: z.number().int() });
export type BlacklistPreviewOutput = z.infer<typeof blacklistPreviewOutput>;

export const blacklistUserInput = adminUserIdInput.extend({ reason });
export type BlacklistUserInput = z.infer<typeof blacklistUserInput>;
