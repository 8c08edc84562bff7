import { describe, expect, it } from 'vitest';
import { stripImageMetadata } from './image-metadata';

const seg = (marker: number, payload: string) => {
  const data = Buffer.from(payload, 'latin1');
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
};

const pngChunk = (type: string, payload: string) => {
  const data = Buffer.from(payload, 'latin1');
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, data, Buffer.alloc(4)]);
};

const riffChunk = (type: string, payload: Buffer) => {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(payload.length, 4);
  return Buffer.concat([head, payload, payload.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
};

describe('stripImageMetadata', () => {
  it('takes EXIF, IPTC and comments out of a JPEG and keeps the rest byte for byte', () => {
    const soi = Buffer.from([0xff, 0xd8]);
    const jfif = seg(0xe0, 'JFIF\0');
    const exif = seg(0xe1, 'Exif\0\0GPS 51.5N 0.12W');
    const iptc = seg(0xed, 'Photoshop 3.0 author');
    const comment = seg(0xfe, 'shot by someone');
    const quant = seg(0xdb, 'tables');
    const scan = Buffer.from([0xff, 0xda, 0, 4, 1, 2, 0x11, 0x22, 0xff, 0xd9]);
    const out = stripImageMetadata('.jpg', Buffer.concat([soi, jfif, exif, iptc, comment, quant, scan]));
    expect(out.equals(Buffer.concat([soi, jfif, quant, scan]))).toBe(true);
    expect(out.includes(Buffer.from('GPS'))).toBe(false);
  });

  it('takes text, time and eXIf chunks out of a PNG', () => {
    const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const ihdr = pngChunk('IHDR', 'x'.repeat(13));
    const idat = pngChunk('IDAT', 'pixels');
    const iend = pngChunk('IEND', '');
    const file = Buffer.concat([sig, ihdr, pngChunk('tEXt', 'Author\0me'), pngChunk('eXIf', 'MM'), idat, iend]);
    expect(stripImageMetadata('.png', file).equals(Buffer.concat([sig, ihdr, idat, iend]))).toBe(true);
  });

  it('takes EXIF and XMP out of a WebP, clearing their flags and fixing the RIFF size', () => {
    const vp8x = Buffer.alloc(10);
    vp8x[0] = 0x0c | 0x10;
    const image = riffChunk('VP8 ', Buffer.from('frame'));
    const body = Buffer.concat([
      riffChunk('VP8X', vp8x),
      image,
      riffChunk('EXIF', Buffer.from('camera')),
      riffChunk('XMP ', Buffer.from('<x/>')),
    ]);
    const head = Buffer.alloc(12);
    head.write('RIFF', 0, 'latin1');
    head.writeUInt32LE(body.length + 4, 4);
    head.write('WEBP', 8, 'latin1');
    const out = stripImageMetadata('.webp', Buffer.concat([head, body]));
    expect(out.readUInt32LE(4)).toBe(out.length - 8);
    expect(out.includes(Buffer.from('camera'))).toBe(false);
    expect(out.includes(Buffer.from('frame'))).toBe(true);
    expect(out[20]).toBe(0x10);
  });

  it('keeps a file it does not understand, and other types, as they are', () => {
    const odd = Buffer.from([0xff, 0xd8, 0x00, 0x01]);
    expect(stripImageMetadata('.jpg', odd)).toBe(odd);
    const gif = Buffer.from('GIF89a....');
    expect(stripImageMetadata('.gif', gif)).toBe(gif);
  });
});
