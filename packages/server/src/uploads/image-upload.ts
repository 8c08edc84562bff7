import { allowedExtension, invalidFileTypeMessage } from '@t0/contracts/domain/uploads';
import type { Context } from '../core/context';
import { badRequest } from '../core/errors';

/** A signed URL to PUT one image to; a file name of another type is a 400 before any URL is made. */
export function imageUploadUrl(ctx: Pick<Context, 'ports'>, input: { fileName?: string } | undefined) {
  const fileName = input?.fileName || undefined;
  if (fileName && !allowedExtension('image', fileName)) throw badRequest(invalidFileTypeMessage('image'));
  return { uploadURL: ctx.ports.uploads.createUploadUrl('image', fileName) };
}
