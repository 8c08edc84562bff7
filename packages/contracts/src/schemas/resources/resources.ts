import { z } from 'zod';
import { RESOURCE_CATEGORIES } from '../../domain/common/constants';
import { isHttpUrl, isObjectPath } from '../common/urls';

// Downloadable resources: the record, the console's create rules and the categories.

export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Where the file lives: an uploaded object (`/objects/...`) or an http(s) address. */
export const resourceFileUrlSchema = text('File URL', 500).refine(
  (v) => isObjectPath(v) || isHttpUrl(v),
  'File URL must be an uploaded file or an http(s) address',
);

/** POST /api/resources. `uploadedBy` is always the calling administrator; a sent value is ignored. */
export const resourceCreateInput = z.object({
  title: text('Title', 255),
  description: z
    .string()
    .trim()
    .max(5000, 'Description must be at most 5000 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
  category: z.enum(RESOURCE_CATEGORIES, { error: `Category must be one of ${RESOURCE_CATEGORIES.join(', ')}` }),
  fileUrl: resourceFileUrlSchema,
  fileName: text('File name', 255),
  fileType: text('File type', 100),
  fileSize: z
    .number({ error: 'File size is required' })
    .int('File size must be a whole number of bytes')
    .min(1, 'File size must be at least 1 byte')
    .max(2_147_483_647, 'File size is too large'),
});
export type ResourceCreateInput = z.input<typeof resourceCreateInput>;
export type ResourceCreate = z.output<typeof resourceCreateInput>;

export const resourceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  fileUrl: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  fileType: z.string(),
  uploadedBy: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Resource = z.infer<typeof resourceSchema>;
export const resourceListSchema = z.array(resourceSchema);

/** POST /api/resources/upload. */
export const resourceUploadInput = z.object({
  fileName: z
    .string({ error: 'File name is required' })
    .trim()
    .min(1, 'File name is required')
    .max(255, 'File name must be at most 255 characters'),
});
