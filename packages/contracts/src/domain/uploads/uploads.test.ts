import { describe, expect, it } from 'vitest';
import {
  allowedExtension,
  checkUploadFile,
  detectExtension,
  extensionForContentType,
  fileExtension,
  matchesMagicBytes,
} from './uploads';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'rest');
const EXE = bytes('MZ', [0x90, 0, 3, 0], 'This program cannot be run in DOS mode');

describe('upload rules', () => {
  it('gives the spec messages for a wrong type and a large file', () => {
    expect(checkUploadFile('image', { name: 'chart.PNG', size: 1000 })).toBeNull();
    expect(checkUploadFile('image', { name: 'chart.svg', size: 1000 })).toBe(
      'Invalid file type. Allowed types: .jpg, .jpeg, .png, .gif, .webp',
    );
    expect(checkUploadFile('image', { name: 'chart.png', size: 5 * 1024 * 1024 + 1 })).toBe(
      'File too large. Maximum size is 5MB',
    );
    expect(checkUploadFile('document', { name: 'guide.pdf', size: 11 * 1024 * 1024 })).toBe(
      'File too large. Maximum size is 10MB',
    );
    expect(checkUploadFile('document', { name: 'setup.exe', size: 10 })).toBe(
      'Invalid file type. Allowed types: .pdf, .doc, .docx, .txt',
    );
  });

  it('reads extensions and declared content types', () => {
    expect(fileExtension('a/b/Report.Final.PDF')).toBe('.pdf');
    expect(fileExtension('.bashrc')).toBe('');
    expect(allowedExtension('document', 'notes.txt')).toBe('.txt');
    expect(allowedExtension('image', 'notes.txt')).toBeNull();
    expect(extensionForContentType('image', 'image/jpeg')).toBe('.jpg');
    expect(extensionForContentType('image', 'application/pdf')).toBeNull();
    expect(extensionForContentType('document', 'text/plain;charset=utf-8')).toBe('.txt');
  });

  it('checks magic bytes, so a renamed executable is refused', () => {
    expect(matchesMagicBytes('.png', PNG)).toBe(true);
    expect(matchesMagicBytes('.png', EXE)).toBe(false);
    expect(matchesMagicBytes('.pdf', bytes('%PDF-1.4\n'))).toBe(true);
    expect(matchesMagicBytes('.pdf', EXE)).toBe(false);
    expect(matchesMagicBytes('.txt', EXE)).toBe(false);
    expect(matchesMagicBytes('.txt', bytes('#!/bin/sh\nrm -rf /\n'))).toBe(false);
    expect(matchesMagicBytes('.txt', bytes('Risk 1% per trade.\n'))).toBe(true);
    expect(matchesMagicBytes('.txt', bytes([0xc3, 0x28]))).toBe(false); // not UTF-8
    expect(matchesMagicBytes('.jpg', bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(matchesMagicBytes('.gif', bytes('GIF89a'))).toBe(true);
    expect(matchesMagicBytes('.webp', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe(true);
    expect(matchesMagicBytes('.doc', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe(true);
    expect(matchesMagicBytes('.docx', bytes([0x50, 0x4b, 0x03, 0x04], '....word/document.xml'))).toBe(true);
    expect(matchesMagicBytes('.docx', bytes([0x50, 0x4b, 0x03, 0x04], '....payload.bin'))).toBe(false);
  });

  it('detects the type of a file from its bytes', () => {
    expect(detectExtension('image', PNG)).toBe('.png');
    expect(detectExtension('image', EXE)).toBeNull();
    expect(detectExtension('document', bytes('%PDF-1.7'))).toBe('.pdf');
  });
});
