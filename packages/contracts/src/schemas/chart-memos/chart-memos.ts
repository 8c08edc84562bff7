import { z } from 'zod';
import { INSTRUMENTS, MEMO_IMAGES_MAX } from '../../domain/common/constants';
import { isHttpUrl, isObjectPath } from '../common/urls';

// Analysis memos (the dashboard's analysis sections, the console's analysis tab): one per instrument;
// only the instrument is required.

const MEMO_TEXT_MAX = 50_000;
const IMAGE_URL_MAX = 500;

/** An instrument in a path or a body, in any case: stored upper-case. */
export const memoInstrumentSchema = z
  .string({ error: 'Instrument is required' })
  .trim()
  .toUpperCase()
  .pipe(z.enum(INSTRUMENTS, { error: `Instrument must be one of ${INSTRUMENTS.join(', ')}` }));

const text = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .max(MEMO_TEXT_MAX, `${label} must be at most ${MEMO_TEXT_MAX} characters`);

/** An image saved with a memo: an uploaded object (`/objects/...`) or an http(s) address. */
export const memoImageUrlSchema = z
  .string({ error: 'Image URL must be text' })
  .trim()
  .max(IMAGE_URL_MAX, `Image URL must be at most ${IMAGE_URL_MAX} characters`)
  .refine((v) => isObjectPath(v) || isHttpUrl(v), 'Must be a valid URL');

const imageList = z
  .array(memoImageUrlSchema, { error: 'Memo images must be a list of URLs' })
  .max(MEMO_IMAGES_MAX, `At most ${MEMO_IMAGES_MAX} images per memo`);
const legacyImage = z.union([z.literal(''), memoImageUrlSchema]).nullable();

/**
 * PUT /api/chart-memos/{instrument}. Every field is optional and accepted in camelCase or in the
 * snake_case form older clients send (`memo_text`, `key_levels`, `memo_image_urls`, …); the camelCase
 * one wins when both are present. A field left out keeps its stored value.
 */
export const chartMemoUpsertInput = z
  .object({
    instrument: memoInstrumentSchema,
    memoText: text('Memo text').optional(),
    memo_text: text('Memo text').optional(),
    keyLevels: text('Key levels').optional(),
    key_levels: text('Key levels').optional(),
    marketStructure: text('Market structure').optional(),
    market_structure: text('Market structure').optional(),
    riskManagement: text('Risk management').optional(),
    risk_management: text('Risk management').optional(),
    memoImageUrls: imageList.optional(),
    memo_image_urls: imageList.optional(),
    /** Legacy single image: used when no list is given. */
    memoImageUrl: legacyImage.optional(),
    memo_image_url: legacyImage.optional(),
  })
  .transform((v) => {
    const list = v.memoImageUrls ?? v.memo_image_urls;
    const single = v.memoImageUrl !== undefined ? v.memoImageUrl : v.memo_image_url;
    let memoImageUrls: string[] | undefined = list;
    if (memoImageUrls === undefined && single !== undefined) memoImageUrls = single ? [single] : [];
    return {
      instrument: v.instrument,
      memoText: v.memoText ?? v.memo_text,
      keyLevels: v.keyLevels ?? v.key_levels,
      marketStructure: v.marketStructure ?? v.market_structure,
      riskManagement: v.riskManagement ?? v.risk_management,
      memoImageUrls: memoImageUrls ? [...new Set(memoImageUrls)] : undefined,
    };
  });
export type ChartMemoUpsertInput = z.input<typeof chartMemoUpsertInput>;
export type ChartMemoUpsert = z.output<typeof chartMemoUpsertInput>;

/**
 * A memo as answered. For a signed-in user without a subscription the analysis is withheld:
 * the text fields are empty, the image lists empty and `locked` is true.
 */
export const chartMemoSchema = z.object({
  id: z.number().int(),
  instrument: z.string(),
  memoText: z.string(),
  memoImageUrls: z.array(z.string()),
  /** Legacy single image: the first of `memoImageUrls`, or null. */
  memoImageUrl: z.string().nullable(),
  keyLevels: z.string(),
  marketStructure: z.string(),
  riskManagement: z.string(),
  updatedAt: z.string(),
  locked: z.boolean(),
});
export type ChartMemo = z.infer<typeof chartMemoSchema>;
export const chartMemoListSchema = z.array(chartMemoSchema);

/** POST /api/chart-memos/upload-image: optionally names the file, so its type is checked early. */
export const memoImageUploadInput = z
  .object({ fileName: z.string().trim().max(255, 'File name must be at most 255 characters').optional() })
  .optional();
