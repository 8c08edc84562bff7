import { UPLOAD_KINDS, type UploadKind } from '../common/constants';

// Upload rules (size and file-type limits, their messages), shared by the upload dialog and the server's PUT handler.

export type UploadExtension = (typeof UPLOAD_KINDS)[UploadKind]['extensions'][number];

/** The Content-Type an accepted file is stored and served with. */
export const UPLOAD_CONTENT_TYPES: Record<UploadExtension, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.txt': 'text/plain; charset=utf-8',
};

export const maxUploadMegabytes = (kind: UploadKind) => Math.round(UPLOAD_KINDS[kind].maxBytes / (1024 * 1024));

export const fileTooLargeMessage = (kind: UploadKind) =>
  `File too large. Maximum size is ${maxUploadMegabytes(kind)}MB`;

export const invalidFileTypeMessage = (kind: UploadKind) =>
  `Invalid file type. Allowed types: ${UPLOAD_KINDS[kind].extensions.join(', ')}`;

/** The lower-case extension of a file name ('.png'), or '' when it has none. */
export function fileExtension(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

/** The allowed extension of this file name for this kind, or null. */
export function allowedExtension(kind: UploadKind, fileName: string): UploadExtension | null {
  const ext = fileExtension(fileName);
  return (UPLOAD_KINDS[kind].extensions as readonly string[]).includes(ext) ? (ext as UploadExtension) : null;
}

/** The extension a declared Content-Type stands for within this kind, or null. */
export function extensionForContentType(kind: UploadKind, contentType: string | undefined): UploadExtension | null {
  const mime = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!mime) return null;
  for (const ext of UPLOAD_KINDS[kind].extensions) {
    if (UPLOAD_CONTENT_TYPES[ext].split(';')[0] === mime) return ext;
  }
  return null;
}

/** The dialog's check before uploading: the spec's message, or null when the file may be sent. */
export function checkUploadFile(kind: UploadKind, file: { name: string; size: number }): string | null {
  if (!allowedExtension(kind, file.name)) return invalidFileTypeMessage(kind);
  if (file.size > UPLOAD_KINDS[kind].maxBytes) return fileTooLargeMessage(kind);
  return null;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

function containsAscii(bytes: Uint8Array, text: string): boolean {
  const needle = ascii(text);
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/** Signatures of executables and scripts that must never pass as a text file. */
const EXECUTABLE_SIGNATURES: readonly (readonly number[])[] = [
  ascii('MZ'), // Windows PE
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0xcf, 0xfa, 0xed, 0xfe], // Mach-O
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xca, 0xfe, 0xba, 0xbe],
  ascii('#!'), // shell scripts
];

function looksLikeText(bytes: Uint8Array): boolean {
  if (EXECUTABLE_SIGNATURES.some((sig) => startsWith(bytes, sig))) return false;
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Whether the file's leading bytes are those of the declared type (a renamed file is refused). */
export function matchesMagicBytes(ext: UploadExtension, bytes: Uint8Array): boolean {
  switch (ext) {
    case '.jpg':
    case '.jpeg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case '.png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case '.gif':
      return startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'));
    case '.webp':
      return startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8);
    case '.pdf':
      return startsWith(bytes, ascii('%PDF-'));
    case '.doc':
      return startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    case '.docx':
      // A ZIP package whose (uncompressed) entry names include the Word part.
      return startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) && containsAscii(bytes, 'word/');
    case '.txt':
      return bytes.length > 0 && looksLikeText(bytes);
  }
}

/** The first extension of this kind whose signature the bytes carry, or null. */
export function detectExtension(kind: UploadKind, bytes: Uint8Array): UploadExtension | null {
  for (const ext of UPLOAD_KINDS[kind].extensions) if (matchesMagicBytes(ext, bytes)) return ext;
  return null;
}
