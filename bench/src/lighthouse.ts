// Lighthouse (mobile preset, its default simulated slow-4G throttling and 4x CPU slowdown) on the
// public pages, against the built product started the way `pnpm start` starts it (scripts/start.mjs,
// embedded PGlite on a throw-away DATA_DIR). Prints the four category scores and the paint, blocking
// and layout-shift figures of each page, for each run.
//   pnpm --filter @t0/bench lighthouse
//   LIGHTHOUSE_RUNS=2 LIGHTHOUSE_PAGES=/,/performance,/ar/ LIGHTHOUSE_URL=http://127.0.0.1:3000 (an already running server)
//   LIGHTHOUSE_SAVE=/tmp/lh (writes each run's report JSON there, with the long tasks of the main thread)
//   LIGHTHOUSE_COMPARE=http://127.0.0.1:3000,http://127.0.0.1:3001 (two or more running servers, say
//   two builds: their runs interleaved, page by page, and the median of each printed side by side;
//   on a shared machine only runs taken together compare)
// The `host` column is Lighthouse's benchmark index of this machine, measured with each run. The 4x
// slowdown is calibrated for a fast desktop (index 1,500-2,000, Lighthouse's docs/throttling.md): on
// a slower host the same 4x stands for a slower phone, and the blocking time grows with it. Compare
// only runs of similar index.
// Build first: pnpm --filter @t0/api build && pnpm --filter @t0/web build. Chromium: /usr/bin/chromium
// (CHROME_PATH overrides).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { productFor, serverList } from './built-product';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/,/performance,/ar/')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const SAVE = process.env.LIGHTHOUSE_SAVE;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Row {
  run: number;
  server?: string;
  page: string;
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  'FCP ms': number;
  'LCP ms': number;
  'TBT ms': number;
  CLS: number;
  /** Lighthouse's measure of this machine's CPU (environment.benchmarkIndex), taken with the run. */
  host: number;
}

async function audit(url: string): Promise<{ scores: Omit<Row, 'run' | 'page'>; report: unknown }> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  // Lighthouse can reject a protocol call after giving up on it: end the browser with this script.
  const killChrome = () => chrome.kill();
  process.once('exit', killChrome);
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (c: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        'FCP ms': Math.round(value('first-contentful-paint')),
        'LCP ms': Math.round(value('largest-contentful-paint')),
        'TBT ms': Math.round(value('total-blocking-time')),
        CLS: Number(value('cumulative-layout-shift').toFixed(3)),
        host: Math.round(lhr.environment?.benchmarkIndex ?? NaN),
      },
      report: lhr,
    };
  } finally {
    process.off('exit', killChrome);
    chrome.kill();
  }
}

process.on('unhandledRejection', (reason) => {
  console.error('[lighthouse] gave up:', reason);
  process.exit(1);
});

const COMPARE = serverList(process.env.LIGHTHOUSE_COMPARE);
const product = COMPARE.length ? undefined : await productFor('lighthouse', process.env.LIGHTHOUSE_URL);
const servers = COMPARE.length ? COMPARE : [product!.base];
const rows: Row[] = [];
const failed: string[] = [];
try {
  // One unmeasured visit per page first: a fresh server's first answers (caches, the price
  // history being filled) are not what a visitor meets.
  for (const base of servers) for (const page of PAGES) await fetch(`${base}${page}`);
  if (SAVE) mkdirSync(SAVE, { recursive: true });
  for (let run = 1; run <= RUNS; run++) {
    for (const page of PAGES) {
      for (const [i, base] of servers.entries()) {
        const label = `run ${run}${servers.length > 1 ? ` ${base}` : ''} ${page}`;
        try {
          // Lighthouse's own trace recording misses the page's start now and then (NO_NAVSTART, about
          // one audit in fifteen here): that audit measured nothing, so it is taken again, once.
          const { scores, report } = await audit(`${base}${page}`).catch((err: unknown) => {
            if (!(err instanceof Error && err.message.includes('NO_NAVSTART'))) throw err;
            console.log(`[lighthouse] ${label}: no trace recorded (NO_NAVSTART), taken again`);
            return audit(`${base}${page}`);
          });
          rows.push({ run, ...(servers.length > 1 ? { server: base } : {}), page, ...scores });
          console.log(`[lighthouse] ${label}: ${JSON.stringify(scores)}`);
          if (SAVE)
            writeFileSync(
              path.join(
                SAVE,
                `run${run}${servers.length > 1 ? `-server${i + 1}` : ''}${page.replace(/\W+/g, '_') || '_'}.json`,
              ),
              JSON.stringify(report),
            );
        } catch (err) {
          // One audit that fails (Lighthouse gives up on the browser now and then) is reported, not the end of the bench.
          failed.push(label);
          console.log(`[lighthouse] ${label} failed: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    }
  }
} finally {
  await product?.stop();
}
console.log('Lighthouse, mobile preset (simulated slow 4G, 4x CPU slowdown), Chromium:', CHROME_PATH);
console.table(rows);
if (failed.length) console.log(`[lighthouse] failed audits: ${failed.join(', ')}`);
if (servers.length > 1) {
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  };
  const range = (xs: number[]) => `${Math.min(...xs)}-${Math.max(...xs)}`;
  console.log('Medians (range) of the interleaved runs:');
  console.table(
    servers.flatMap((server) =>
      PAGES.map((page) => {
        const mine = rows.filter((r) => r.server === server && r.page === page);
        if (!mine.length) return { server, page, runs: 0 };
        const of = (k: 'performance' | 'LCP ms' | 'TBT ms' | 'host') =>
          `${median(mine.map((r) => r[k]))} (${range(mine.map((r) => r[k]))})`;
        return {
          server,
          page,
          runs: mine.length,
          performance: of('performance'),
          'LCP ms': of('LCP ms'),
          'TBT ms': of('TBT ms'),
          host: of('host'),
        };
      }),
    ),
  );
}
const failing = rows.filter(
  (r) =>
    r.performance < 90 ||
    r['TBT ms'] >= 200 ||
    r['LCP ms'] >= 2500 ||
    r.accessibility < 100 ||
    r['best-practices'] < 100 ||
    r.seo < 100,
);
if (failing.length)
  console.log(
    `[lighthouse] below target (performance >= 90, TBT < 200 ms, LCP < 2.5 s, the others 100): ${failing.map((r) => `run ${r.run}${r.server ? ` ${r.server}` : ''} ${r.page}`).join(', ')}`,
  );
