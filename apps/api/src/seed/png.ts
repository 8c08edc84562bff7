import { crc32, deflateSync } from 'node:zlib';

// A small PNG writer and a chart painter for the demo memos: every image is drawn here, none is
// taken from elsewhere.

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export type Rgb = readonly [number, number, number];

/** An RGB canvas that encodes to PNG. */
export class Canvas {
  readonly pixels: Buffer;
  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = Buffer.alloc(width * height * 3);
    this.rect(0, 0, width, height, background);
  }

  set(x: number, y: number, [r, g, b]: Rgb) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (Math.floor(y) * this.width + Math.floor(x)) * 3;
    this.pixels[i] = r;
    this.pixels[i + 1] = g;
    this.pixels[i + 2] = b;
  }

  rect(x: number, y: number, w: number, h: number, color: Rgb) {
    for (let yy = Math.max(0, Math.floor(y)); yy < Math.min(this.height, Math.ceil(y + h)); yy++) {
      for (let xx = Math.max(0, Math.floor(x)); xx < Math.min(this.width, Math.ceil(x + w)); xx++)
        this.set(xx, yy, color);
    }
  }

  hline(y: number, color: Rgb, dash = 0) {
    for (let x = 0; x < this.width; x++) if (!dash || Math.floor(x / dash) % 2 === 0) this.set(x, y, color);
  }

  vline(x: number, color: Rgb, dash = 0) {
    for (let y = 0; y < this.height; y++) if (!dash || Math.floor(y / dash) % 2 === 0) this.set(x, y, color);
  }

  toPng(): Buffer {
    const rowBytes = this.width * 3;
    const raw = Buffer.alloc((rowBytes + 1) * this.height);
    for (let y = 0; y < this.height; y++) {
      raw[y * (rowBytes + 1)] = 0; // filter: none
      this.pixels.copy(raw, y * (rowBytes + 1) + 1, y * rowBytes, (y + 1) * rowBytes);
    }
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(this.width, 0);
    ihdr.writeUInt32BE(this.height, 4);
    ihdr[8] = 8; // bit depth
    ihdr[9] = 2; // colour type: RGB
    ihdr[10] = 0;
    ihdr[11] = 0;
    ihdr[12] = 0;
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

/** A deterministic pseudo-random sequence (mulberry32), so the same seed draws the same chart. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COLORS = {
  background: [11, 15, 20],
  grid: [28, 37, 48],
  up: [31, 209, 139],
  down: [255, 77, 94],
  level: [245, 176, 65],
} as const satisfies Record<string, Rgb>;

export interface ChartSpec {
  seed: number;
  start: number;
  /** Typical move per candle, as a fraction of the price. */
  volatility: number;
  /** Average move per candle, as a fraction of the price (the trend). */
  drift: number;
  /** Horizontal key levels drawn across the chart. */
  levels: number[];
  candles?: number;
  width?: number;
  height?: number;
}

/** A candlestick chart of a random walk with its key levels, as a PNG. */
export function drawCandleChart(spec: ChartSpec): Buffer {
  const width = spec.width ?? 960;
  const height = spec.height ?? 540;
  const count = spec.candles ?? 80;
  const rnd = random(spec.seed);
  const candles: { o: number; h: number; l: number; c: number }[] = [];
  let price = spec.start;
  for (let i = 0; i < count; i++) {
    const o = price;
    const c = o * (1 + spec.drift + (rnd() - 0.5) * 2 * spec.volatility);
    const h = Math.max(o, c) * (1 + rnd() * spec.volatility * 0.8);
    const l = Math.min(o, c) * (1 - rnd() * spec.volatility * 0.8);
    candles.push({ o, h, l, c });
    price = c;
  }
  const lows = [...candles.map((k) => k.l), ...spec.levels];
  const highs = [...candles.map((k) => k.h), ...spec.levels];
  const min = Math.min(...lows);
  const max = Math.max(...highs);
  const pad = (max - min) * 0.08;
  const y = (p: number) => height - 20 - ((p - (min - pad)) / (max - min + 2 * pad)) * (height - 40);

  const canvas = new Canvas(width, height, COLORS.background);
  for (let gx = 0; gx < width; gx += 80) canvas.vline(gx, COLORS.grid);
  for (let gy = 0; gy < height; gy += 60) canvas.hline(gy, COLORS.grid);
  for (const level of spec.levels) canvas.hline(Math.round(y(level)), COLORS.level, 6);

  const step = width / count;
  const body = Math.max(2, Math.floor(step * 0.6));
  candles.forEach((k, i) => {
    const color = k.c >= k.o ? COLORS.up : COLORS.down;
    const cx = Math.floor(i * step + step / 2);
    canvas.rect(cx, y(k.h), 1, Math.max(1, y(k.l) - y(k.h)), color);
    const top = y(Math.max(k.o, k.c));
    canvas.rect(cx - Math.floor(body / 2), top, body, Math.max(1, y(Math.min(k.o, k.c)) - top), color);
  });
  return canvas.toPng();
}
