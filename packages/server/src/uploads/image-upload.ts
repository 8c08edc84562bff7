import { allowedExtension, invalidFileTypeMessage } from '@t0/contracts/domain/uploads/uploads';
import type { Context } from '../core/context';
import { badRequest } from '../core/errors';
import type { UploadPurpose } from '../ports/storage';

/**
 * A signed URL to PUT one image to; a file name of another type is a 400 before any URL is made.
 * A `message` image is decoded and written again before it is stored (docs/features/messages.md).
 */
export function imageUploadUrl(
  ctx: Pick<Context, 'ports'>,
  input: { fileName?: string } | undefined,
  purpose?: UploadPurpose,
) {
  const fileName = input?.fileName || undefined;
  if (fileName && !allowedExtension('image', fileName)) throw badRequest(invalidFileTypeMessage('image'));
  return { uploadURL: ctx.ports.uploads.createUploadUrl('image', fileName, purpose) };
}
