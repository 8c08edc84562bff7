import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { drawCandleChart } from './png';

function chunks(png: Buffer) {
  const out: { type: string; data: Buffer; crcOk: boolean }[] = [];
  let at = 8;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    const crc = png.readUInt32BE(at + 8 + length);
    out.push({ type, data, crcOk: crc32(png.subarray(at + 4, at + 8 + length)) === crc });
    at += 12 + length;
  }
  return out;
}

describe('the chart painter', () => {
  it('encodes a valid RGB PNG of the requested size', () => {
    const png = drawCandleChart({
      seed: 1,
      start: 196,
      volatility: 0.002,
      drift: 0,
      levels: [197, 195],
      width: 200,
      height: 100,
      candles: 20,
    });
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const list = chunks(png);
    expect(list.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(list.every((c) => c.crcOk)).toBe(true);
    const ihdr = list[0]!.data;
    expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ihdr[8], ihdr[9]]).toEqual([200, 100, 8, 2]);
    const raw = inflateSync(list[1]!.data);
    expect(raw.length).toBe((200 * 3 + 1) * 100);
  });

  it('draws the same chart for the same seed, and candles in both colours', () => {
    const spec = { seed: 9, start: 1.3, volatility: 0.003, drift: 0, levels: [], width: 120, height: 60, candles: 30 };
    expect(drawCandleChart(spec).equals(drawCandleChart(spec))).toBe(true);
    const raw = inflateSync(chunks(drawCandleChart(spec))[1]!.data);
    expect(raw.includes(Buffer.from([31, 209, 139]))).toBe(true); // up candles
    expect(raw.includes(Buffer.from([255, 77, 94]))).toBe(true); // down candles
  });
});
