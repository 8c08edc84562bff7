import { z } from 'zod';

// Signed upload URLs and what the upload PUT answers (the console's upload calls: "returns uploadURL; the file is
// then sent by PUT to that URL").

/** `uploadURL` is a same-origin path (`/api/uploads/<token>`), valid for 15 minutes, for one file. */
export const uploadUrlSchema = z.object({ uploadURL: z.string() });
export type UploadUrl = z.infer<typeof uploadUrlSchema>;

/** The answer of `PUT /api/uploads/<token>`: `url` is the `/objects/...` address to save. */
export const uploadResultSchema = z.object({
  url: z.string(),
  objectPath: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  fileType: z.string(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** How long a signed upload URL stays valid. */
export const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;
