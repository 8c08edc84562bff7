import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { reencodeImage } from './images';

describe('reencodeImage', () => {
  it('is unavailable, storing nothing, when the image library cannot be loaded', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(await reencodeImage('.png', png, async () => null)).toEqual({ ok: false, reason: 'unavailable' });
  });

  it('refuses a file that does not decode, and writes a PNG again as a PNG without its text chunks', async () => {
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    expect(await reencodeImage('.png', broken)).toEqual({ ok: false, reason: 'not-an-image' });
    const png = await sharp({ create: { width: 8, height: 6, channels: 4, background: '#123456' } })
      .png()
      .withMetadata({ exif: { IFD0: { Artist: 'Someone Private' } } })
      .toBuffer();
    expect(png.includes(Buffer.from('Someone Private'))).toBe(true);
    const out = await reencodeImage('.png', png);
    if (!out.ok) throw new Error(out.reason);
    expect(out.ext).toBe('.png');
    expect(out.body.includes(Buffer.from('Someone Private'))).toBe(false);
    const meta = await sharp(out.body).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['png', 8, 6, undefined]);
  });
});
