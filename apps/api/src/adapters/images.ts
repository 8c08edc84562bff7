import type { UploadExtension } from '@t0/contracts';
import type { Sharp, SharpOptions } from 'sharp';

/** The longest side of a re-encoded message image, in pixels (a larger one is scaled down). */
export const MESSAGE_IMAGE_MAX_SIDE = 2560;
/** Refused before decoding: an image of more pixels than this (a small file can claim a vast canvas). */
const MAX_INPUT_PIXELS = 60_000_000;

/** A re-encoded image, or why there is none. */
export type ReencodeResult =
  { ok: true; body: Buffer; ext: UploadExtension } | { ok: false; reason: 'not-an-image' | 'unavailable' };

export type SharpFactory = (input?: Buffer, options?: SharpOptions) => Sharp;
let loaded: Promise<SharpFactory | null> | undefined;

/** The image library, loaded once on first use; null when it cannot be loaded here (no binary for this system). */
function loadSharp(): Promise<SharpFactory | null> {
  loaded ??= import('sharp').then(
    (m) => (m.default ?? m) as unknown as SharpFactory,
    () => null,
  );
  return loaded;
}

/**
 * Decodes an uploaded image and writes it again, so that nothing of the original file but its
 * pixels is kept: its orientation applied, its colours in sRGB, its metadata (EXIF, GPS, XMP, IPTC,
 * ICC profiles, comments) gone, its longest side at most MESSAGE_IMAGE_MAX_SIDE. JPEG stays JPEG,
 * PNG stays PNG, WebP stays WebP; a GIF (animated or not) becomes a WebP with all its frames, GIF
 * being the one family the library writes only with a reduced palette.
 */
export async function reencodeImage(
  ext: UploadExtension,
  body: Buffer,
  load: () => Promise<SharpFactory | null> = loadSharp,
): Promise<ReencodeResult> {
  const sharp = await load();
  if (!sharp) return { ok: false, reason: 'unavailable' };
  const animated = ext === '.gif' || ext === '.webp';
  try {
    const image = sharp(body, { animated, failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({
        width: MESSAGE_IMAGE_MAX_SIDE,
        height: MESSAGE_IMAGE_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .toColourspace('srgb');
    switch (ext) {
      case '.jpg':
      case '.jpeg':
        return { ok: true, body: await image.jpeg({ quality: 85 }).toBuffer(), ext };
      case '.png':
        return { ok: true, body: await image.png().toBuffer(), ext };
      case '.webp':
      case '.gif':
        return { ok: true, body: await image.webp({ quality: 85 }).toBuffer(), ext: '.webp' };
      default:
        return { ok: false, reason: 'not-an-image' };
    }
  } catch {
    return { ok: false, reason: 'not-an-image' };
  }
}
