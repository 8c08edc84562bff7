// Stored or computed? Times reading a chart's 300 bars of 4 h candles stored as such against
// aggregating them on the fly from the 1-minute bars they are made of (50 days, 72,000 rows per
// symbol), and what storing costs: folding one price refresh into every timeframe of six symbols.
// On PostgreSQL (127.0.0.1:5432) and PGlite, throw-away databases.
//   pnpm --filter @t0/bench candles        (BENCH_REPEAT reads per figure, default 30)
import { createTestDb, testDbKinds, type TestDb } from '@t0/db/testing';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 30);
const MINUTE = 60;
const FOUR_HOURS = 4 * 60 * MINUTE;
const DAYS = 50;
const TIMEFRAMES = ['1min', '15min', '4h', 'daily', 'weekly', 'monthly'];
const SYMBOLS = ['AUDUSD', 'GBPJPY', 'GBPUSD', 'US30', 'BTCUSD', 'XAUUSD'];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function time(fn: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  await fn(); // warm
  for (let i = 0; i < REPEAT; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return median(samples);
}

/** 50 days of 1-minute bars for one symbol, and the 4 h bars they make, as the price step stores them. */
async function fill(db: TestDb, end: number) {
  const start = end - DAYS * 24 * 60 * MINUTE;
  const minutes: { t: number; o: number; h: number; l: number; c: number }[] = [];
  let price = 1.3;
  for (let t = start; t < end; t += MINUTE) {
    const o = price;
    price += (Math.random() - 0.5) * 0.0004;
    minutes.push({ t, o, h: Math.max(o, price) + 0.0001, l: Math.min(o, price) - 0.0001, c: price });
  }
  const fours = new Map<number, { t: number; o: number; h: number; l: number; c: number }>();
  for (const m of minutes) {
    const b = Math.floor(m.t / FOUR_HOURS) * FOUR_HOURS;
    const bar = fours.get(b);
    if (!bar) fours.set(b, { ...m, t: b });
    else Object.assign(bar, { h: Math.max(bar.h, m.h), l: Math.min(bar.l, m.l), c: m.c });
  }
  const insert = async (timeframe: string, bars: typeof minutes) => {
    for (let i = 0; i < bars.length; i += 5000) {
      const part = bars.slice(i, i + 5000);
      await db.executeSql(
        `insert into candles (symbol, timeframe, source, bucket_start, open, high, low, close)
         select 'GBPUSD', $1, 'simulated', u.t, u.o, u.h, u.l, u.c
         from unnest($2::timestamptz[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[]) as u(t, o, h, l, c)`,
        [
          timeframe,
          part.map((b) => new Date(b.t * 1000).toISOString()),
          part.map((b) => String(b.o)),
          part.map((b) => String(b.h)),
          part.map((b) => String(b.l)),
          part.map((b) => String(b.c)),
        ],
      );
    }
  };
  await insert('1min', minutes);
  await insert('4h', [...fours.values()]);
  return start;
}

async function measure(kind: 'pg' | 'pglite') {
  const db = await createTestDb(kind);
  try {
    const end = Math.floor(Date.now() / 1000 / FOUR_HOURS) * FOUR_HOURS;
    const start = await fill(db, end);
    const from = new Date(start * 1000).toISOString();
    const stored = () =>
      db.executeSql(
        `select bucket_start, open, high, low, close from candles
         where symbol = 'GBPUSD' and timeframe = '4h' and source = 'simulated' and bucket_start >= $1
         order by bucket_start desc limit 2000`,
        [from],
      );
    const computed = () =>
      db.executeSql(
        `select to_timestamp(floor(extract(epoch from bucket_start) / ${FOUR_HOURS}) * ${FOUR_HOURS}) as bucket,
                (array_agg(open order by bucket_start))[1] as open, max(high) as high, min(low) as low,
                (array_agg(close order by bucket_start desc))[1] as close
         from candles where symbol = 'GBPUSD' and timeframe = '1min' and source = 'simulated' and bucket_start >= $1
         group by 1 order by 1`,
        [from],
      );
    const bars = (await stored()).rows.length;
    const same = (await computed()).rows.length;
    // One price refresh folded into the current bar of six timeframes for six symbols (36 rows), as
    // the price step does it (buckets simplified to the minute: the cost is the upsert).
    let tick = end;
    const fold = () => {
      tick += 5;
      const bucket = new Date(Math.floor(tick / MINUTE) * MINUTE * 1000).toISOString();
      const values: unknown[] = [];
      const rows = SYMBOLS.flatMap((symbol) =>
        TIMEFRAMES.map((tf) => {
          values.push(symbol, tf, bucket, 1.3 + Math.random() / 100);
          const n = values.length;
          return `($${n - 3}, $${n - 2}, 'simulated', $${n - 1}::timestamptz, $${n}, $${n}, $${n}, $${n})`;
        }),
      );
      return db.executeSql(
        `insert into candles (symbol, timeframe, source, bucket_start, open, high, low, close) values ${rows.join(', ')}
         on conflict (symbol, timeframe, source, bucket_start) do update
         set high = greatest(candles.high, excluded.high), low = least(candles.low, excluded.low), close = excluded.close`,
        values,
      );
    };
    const storedMs = await time(stored);
    const computedMs = await time(computed);
    const foldMs = await time(fold);
    console.log(
      `${kind.padEnd(7)} 4h chart (${bars} bars): stored ${storedMs.toFixed(2)} ms, computed from ${DAYS * 1440} one-minute bars ${computedMs.toFixed(2)} ms (${(computedMs / storedMs).toFixed(0)}x, ${same} bars); ` +
        `folding one refresh into 36 bars ${foldMs.toFixed(2)} ms`,
    );
  } finally {
    await db.drop();
  }
}

for (const kind of await testDbKinds()) await measure(kind);
