// Metadata taken out of uploaded images before they are stored (docs/features/messages.md#images):
// where a photo was taken, the camera, the author and the editing software are not the desk's to
// publish nor a subscriber's to leak. The pixels are kept byte for byte: JPEG loses its APP1
// (EXIF, XMP), APP12, APP13 (IPTC) and comment segments, PNG its text, time and eXIf chunks, WebP
// its EXIF and XMP chunks. A file whose structure is not what is expected is kept as it is (the
// magic-byte check let it in; this never makes an image unreadable).

const JPEG_DROPPED = new Set([0xe1, 0xec, 0xed, 0xfe]);
const PNG_DROPPED = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);
const WEBP_DROPPED = new Set(['EXIF', 'XMP ']);

function stripJpeg(body: Buffer): Buffer {
  if (body.length < 4 || body[0] !== 0xff || body[1] !== 0xd8) return body;
  const kept: Buffer[] = [body.subarray(0, 2)];
  let i = 2;
  while (i + 4 <= body.length) {
    if (body[i] !== 0xff) return body;
    const marker = body[i + 1]!;
    // Start of scan: the rest is image data.
    if (marker === 0xda) {
      kept.push(body.subarray(i));
      return Buffer.concat(kept);
    }
    const length = body.readUInt16BE(i + 2);
    if (length < 2 || i + 2 + length > body.length) return body;
    if (!JPEG_DROPPED.has(marker)) kept.push(body.subarray(i, i + 2 + length));
    i += 2 + length;
  }
  return body;
}

function stripPng(body: Buffer): Buffer {
  if (body.length < 8) return body;
  const kept: Buffer[] = [body.subarray(0, 8)];
  let i = 8;
  while (i + 12 <= body.length) {
    const length = body.readUInt32BE(i);
    const type = body.toString('latin1', i + 4, i + 8);
    const end = i + 12 + length;
    if (end > body.length) return body;
    if (!PNG_DROPPED.has(type)) kept.push(body.subarray(i, end));
    i = end;
    // Whatever follows the end is kept as it came (no reader looks at it).
    if (type === 'IEND') return Buffer.concat([...kept, body.subarray(end)]);
  }
  return body;
}

function stripWebp(body: Buffer): Buffer {
  if (body.length < 12 || body.toString('latin1', 0, 4) !== 'RIFF' || body.toString('latin1', 8, 12) !== 'WEBP')
    return body;
  const kept: Buffer[] = [];
  let i = 12;
  while (i + 8 <= body.length) {
    const type = body.toString('latin1', i, i + 4);
    const size = body.readUInt32LE(i + 4);
    const end = i + 8 + size + (size % 2);
    if (end > body.length + (size % 2)) return body;
    const chunk = Buffer.from(body.subarray(i, Math.min(end, body.length)));
    // VP8X says which optional chunks follow: the EXIF (bit 3) and XMP (bit 2) flags are cleared.
    if (type === 'VP8X' && chunk.length > 8) chunk[8] = chunk[8]! & ~0x0c;
    if (!WEBP_DROPPED.has(type)) kept.push(chunk);
    i = end;
  }
  const chunks = Buffer.concat(kept);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(chunks.length + 4, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, chunks]);
}

/** The image without its metadata (`ext`: the stored extension); other files as they are. */
export function stripImageMetadata(ext: string, body: Buffer): Buffer {
  switch (ext) {
    case '.jpg':
    case '.jpeg':
      return stripJpeg(body);
    case '.png':
      return stripPng(body);
    case '.webp':
      return stripWebp(body);
    default:
      return body;
  }
}
