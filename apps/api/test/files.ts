import { readdirSync } from 'node:fs';
import path from 'node:path';
import { buildPdf } from '../src/seed/pdf';
import { drawCandleChart } from '../src/seed/png';

/** A real PNG (a drawn chart). */
export const realPng = (seed = 7) =>
  drawCandleChart({
    seed,
    start: 1.3,
    volatility: 0.002,
    drift: 0,
    levels: [1.31],
    width: 320,
    height: 180,
    candles: 30,
  });

/** A real PDF with one page of text. */
export const realPdf = () =>
  buildPdf('Test guide', [{ text: 'Position sizing', heading: true }, { text: 'Risk 1% per trade.' }]);

/** A Windows executable's first bytes, as a renamed `.exe` would carry them. */
export const executable = () =>
  Buffer.concat([
    Buffer.from('MZ'),
    Buffer.alloc(58),
    Buffer.from('This program cannot be run in DOS mode.\r\n'),
    Buffer.alloc(512, 0x90),
  ]);

/** A file of `size` bytes that starts like a real file of that type. */
export const padded = (head: Buffer, size: number) =>
  Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);

/** Every stored file under DATA_DIR/objects (relative paths). */
export function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'objects');
  const out: string[] = [];
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(path.relative(root, p));
    }
  };
  walk(root);
  return out.sort();
}
