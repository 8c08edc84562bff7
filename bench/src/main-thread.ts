// The main thread's work as a public page starts, measured in the browser's own trace: a steadier
// figure than Lighthouse's total blocking time, which on a shared machine moves by half from one run
// to the next. Each load is a first visit (fresh context, so the loading screen plays) on a phone-
// sized window (412 × 823, as Lighthouse's mobile preset), without throttling; the trace is read for
// the renderer's main thread over the first MAIN_THREAD_MS:
//   busy      the main thread's tasks, all of them, in ms of this machine's CPU;
//   blocking  Σ max(0, 4 × task − 50 ms) over the tasks after the first contentful paint: what a
//             phone four times slower would block for (the way Lighthouse scales a task);
//   script, style, layout, paint, parse: where the busy time went (each task's time to the outermost
//             event in it that names one; garbage collection inside a script counts as script).
//   pnpm --filter @t0/bench main-thread
//   MAIN_THREAD_RUNS=5 MAIN_THREAD_PAGES=/,/performance MAIN_THREAD_MS=6000 MAIN_THREAD_URL=http://127.0.0.1:3000
//   blocked by: the blocking time split by what each task began with: `modules` (compiling or
//             evaluating a chunk), `script` (other script: React's work, timers, handlers),
//             `rendering` (style, layout, paint), `document` (parsing the page and its inline rules).
// MAIN_THREAD_COMPARE=http://127.0.0.1:3000,http://127.0.0.1:3001 loads two or more running servers
// (say, two builds) in turn, page by page, and prints the medians side by side: on a shared machine
// only loads taken together compare.
// MAIN_THREAD_TOP=8 also prints, per load, the tasks after the first paint that block the most: when
// each began, how long it ran, its work by kind and the script it ran (where to look next).
// Build first: pnpm --filter @t0/api build && pnpm --filter @t0/web build. Chromium: /usr/bin/chromium
// (CHROME_PATH overrides). Loads run one at a time, pages interleaved; the table prints each load and
// the median of each page.
import { chromium, type Browser } from 'playwright-core';
import { productFor, serverList } from './built-product';

const RUNS = Number(process.env.MAIN_THREAD_RUNS ?? 5);
const PAGES = (process.env.MAIN_THREAD_PAGES ?? '/,/performance')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const WINDOW_MS = Number(process.env.MAIN_THREAD_MS ?? 6000);
const TOP = Number(process.env.MAIN_THREAD_TOP ?? 0);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'loading'];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string }; beginData?: { url?: string } };
}

/** Which part of the work an event is, by its name; null for the events that only wrap others. */
function kind(name: string): string | null {
  if (
    /^(FunctionCall|EvaluateScript|v8\.evaluateModule|v8\.compile|v8\.compileModule|V8\.|RunMicrotasks|TimerFire|EventDispatch|FireAnimationFrame)/.test(
      name,
    )
  )
    return 'script';
  if (/^(UpdateLayoutTree|RecalculateStyles|Document::recalcStyle|Document::updateStyle)/.test(name)) return 'style';
  if (/^(Layout|LocalFrameView::performLayout)/.test(name)) return 'layout';
  if (/^(Paint|PrePaint|Layerize|Commit|UpdateLayer|CompositeLayers|PaintImage|Decode)/.test(name)) return 'paint';
  if (/^(ParseHTML|ParseAuthorStyleSheet)/.test(name)) return 'parse';
  return null;
}

interface Load {
  server?: string;
  page: string;
  run: number;
  'FCP ms': number;
  'busy ms': number;
  'blocking ms': number;
  'longest ms': number;
  script: number;
  style: number;
  layout: number;
  paint: number;
  parse: number;
  /** The blocking time by what its tasks began with. */
  blockedBy: Record<Blocker, number>;
}

const BLOCKERS = ['modules', 'script', 'rendering', 'document'] as const;
type Blocker = (typeof BLOCKERS)[number];

/** Blocking time by kind, as the tables print it: "modules 54, script 108". */
const blockedText = (split: Record<Blocker, number>) =>
  BLOCKERS.filter((b) => split[b] > 0)
    .map((b) => `${b} ${split[b]}`)
    .join(', ');

/** What a task began with, for the blocking time's split. */
function blockedBy(first: string | undefined): Blocker {
  if (!first) return 'script';
  if (/^v8\.(?:compileModule|evaluateModule|compile)/.test(first)) return 'modules';
  if (/^(?:ParseHTML|ParseAuthorStyleSheet)/.test(first)) return 'document';
  if (kind(first) === 'style' || kind(first) === 'layout' || kind(first) === 'paint') return 'rendering';
  return 'script';
}

async function load(browser: Browser, url: string, page: string, run: number): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const tab = await context.newPage();
    await browser.startTracing(tab, { categories: CATEGORIES });
    await tab.goto(url, { waitUntil: 'load' });
    await tab.waitForTimeout(WINDOW_MS);
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    // The renderer's main thread: the one that parsed this page's document.
    const parse = traceEvents.find((e) => e.name === 'ParseHTML' && (e.args?.beginData?.url ?? '').startsWith(url));
    if (!parse) throw new Error(`no ParseHTML for ${url} in the trace`);
    const onMain = traceEvents.filter(
      (e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X' && e.dur !== undefined,
    );
    const start = parse.ts;
    const end = start + WINDOW_MS * 1000;
    const fcp = traceEvents.find((e) => e.name === 'firstContentfulPaint' && e.pid === parse.pid)?.ts ?? start;
    const tasks = onMain
      .filter((e) => e.name === 'RunTask' && e.ts >= start - 50_000 && e.ts < end)
      .sort((a, b) => a.ts - b.ts);
    const parts: Record<string, number> = { script: 0, style: 0, layout: 0, paint: 0, parse: 0 };
    // Each task's time goes to the outermost event inside it that names a kind of work.
    const inside = onMain
      .filter((e) => e.name !== 'RunTask' && kind(e.name) && e.ts >= start - 50_000 && e.ts < end)
      .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    let coveredUntil = 0;
    for (const e of inside) {
      if (e.ts < coveredUntil) continue;
      parts[kind(e.name)!]! += e.dur! / 1000;
      coveredUntil = e.ts + e.dur!;
    }
    let busy = 0;
    let blocking = 0;
    let longest = 0;
    const split: Record<Blocker, number> = { modules: 0, script: 0, rendering: 0, document: 0 };
    /** The events inside a task, outermost first. */
    const within = (t: TraceEvent) => inside.filter((e) => e.ts >= t.ts && e.ts + e.dur! <= t.ts + t.dur!);
    for (const t of tasks) {
      const ms = t.dur! / 1000;
      busy += ms;
      longest = Math.max(longest, ms);
      if (t.ts < fcp) continue;
      const blocked = Math.max(0, 4 * ms - 50);
      blocking += blocked;
      if (blocked > 0) split[blockedBy(within(t)[0]?.name)] += blocked;
    }
    const r = (n: number) => Math.round(n);
    if (TOP > 0) {
      const worst = tasks
        .filter((t) => t.ts >= fcp)
        .sort((a, b) => b.dur! - a.dur!)
        .slice(0, TOP);
      console.table(
        worst.map((t) => {
          const events = within(t);
          const byKind: Record<string, number> = {};
          let until = 0;
          for (const e of events) {
            if (e.ts < until) continue;
            byKind[kind(e.name)!] = (byKind[kind(e.name)!] ?? 0) + e.dur! / 1000;
            until = e.ts + e.dur!;
          }
          const source = events.find((e) => e.args?.data?.url);
          return {
            'at ms': r((t.ts - start) / 1000),
            ms: Math.round(t.dur! / 100) / 10,
            work: Object.entries(byKind)
              .map(([k, v]) => `${k} ${Math.round(v)}`)
              .join(', '),
            first: events[0]?.name ?? '',
            source: source
              ? `${source.name} ${(source.args!.data!.url ?? '').replace(/^.*\//, '')} ${source.args!.data!.functionName ?? ''}`.trim()
              : '',
          };
        }),
      );
    }
    return {
      page,
      run,
      'FCP ms': r((fcp - start) / 1000),
      'busy ms': r(busy),
      'blocking ms': r(blocking),
      'longest ms': r(longest),
      script: r(parts.script!),
      style: r(parts.style!),
      layout: r(parts.layout!),
      paint: r(parts.paint!),
      parse: r(parts.parse!),
      blockedBy: {
        modules: r(split.modules),
        script: r(split.script),
        rendering: r(split.rendering),
        document: r(split.document),
      },
    };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : Math.round((s[m - 1]! + s[m]!) / 2);
};

const COMPARE = serverList(process.env.MAIN_THREAD_COMPARE);
const product = COMPARE.length ? undefined : await productFor('main-thread', process.env.MAIN_THREAD_URL);
const servers = COMPARE.length ? COMPARE : [product!.base];
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
const loads: Load[] = [];
try {
  // One unmeasured visit per page first: a fresh server's first answers are not what a visitor meets.
  for (const base of servers) for (const page of PAGES) await fetch(`${base}${page}`);
  for (let run = 1; run <= RUNS; run++) {
    for (const page of PAGES) {
      for (const base of servers) {
        const row = await load(browser, `${base}${page}`, page, run);
        if (servers.length > 1) row.server = base;
        loads.push(row);
        console.log(`[main-thread] run ${run}${servers.length > 1 ? ` ${base}` : ''} ${page}: ${JSON.stringify(row)}`);
      }
    }
  }
} finally {
  await browser.close();
  await product?.stop();
}
console.log(
  `Main thread over the first ${WINDOW_MS} ms of a first visit, 412 × 823, Chromium: ${CHROME_PATH} (ms of this machine's CPU)`,
);
console.table(loads.map(({ blockedBy, ...load }) => ({ ...load, 'blocked by': blockedText(blockedBy) })));
const keys = ['FCP ms', 'busy ms', 'blocking ms', 'longest ms', 'script', 'style', 'layout', 'paint', 'parse'] as const;
console.table(
  servers.flatMap((server) =>
    PAGES.map((page) => {
      const mine = loads.filter((l) => l.page === page && (servers.length === 1 || l.server === server));
      const blocked = Object.fromEntries(BLOCKERS.map((b) => [b, median(mine.map((l) => l.blockedBy[b]))])) as Record<
        Blocker,
        number
      >;
      return Object.fromEntries([
        ...(servers.length > 1 ? [['server', server]] : []),
        ['page', page],
        ...keys.map((k) => [k, median(mine.map((l) => l[k]))]),
        ['blocked by', blockedText(blocked)],
      ]);
    }),
  ),
);
