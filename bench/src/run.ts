// Loads the product's hot polling paths as signed-in users beside a bare Fastify + pg route, in
// the same run on the same machine, and prints requests/s and p50/p99 latency per target.
// pnpm --filter @t0/bench start   (BENCH_DURATION seconds per target, BENCH_CONNECTIONS, BENCH_USERS)
import { fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { BenchCpu, BenchReady } from './targets';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Our bar: each hot path serves at least this share of the bare route's requests/s. */
const BAR = 0.4;

interface Target {
  name: string;
  url: string;
  withCookies: boolean;
}

interface Figures {
  rps: number;
  /** CPU time of the server process per request, in microseconds. */
  cpuUs: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** The server process's CPU time so far (user + system, microseconds). */
function serverCpu(): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (m: unknown) => {
      if ((m as BenchCpu).type !== 'cpu') return;
      child.off('message', onMessage);
      const { user, system } = (m as BenchCpu).usage;
      resolve(user + system);
    };
    child.on('message', onMessage);
    child.send('cpu');
  });
}

async function load(target: Target, cookies: string[], duration: number): Promise<Figures> {
  let next = 0;
  const cpuBefore = await serverCpu();
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          if (!target.withCookies) return req;
          const cookie = cookies[next++ % cookies.length]!;
          return { ...req, headers: { ...req.headers, cookie, 'x-forwarded-proto': 'https' } };
        },
      },
    ],
  });
  const cpuUs = (await serverCpu()) - cpuBefore;
  return {
    rps: result.requests.average,
    cpuUs: cpuUs / Math.max(1, result.requests.total),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), {
  execArgv: ['--import', 'tsx'],
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});
const ready = await new Promise<BenchReady>((resolve, reject) => {
  child.once('message', (m) => resolve(m as BenchReady));
  child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});

const targets: Target[] = [
  { name: 'bare Fastify + pg (select 1)', url: `${ready.bareUrl}/bare`, withCookies: false },
  { name: 'GET /api/signals', url: `${ready.productUrl}/api/signals`, withCookies: true },
  {
    name: 'GET /api/user/notifications/unread-count',
    url: `${ready.productUrl}/api/user/notifications/unread-count`,
    withCookies: true,
  },
  // Optional extra paths to compare while profiling, e.g. BENCH_EXTRA=/trpc/signals.list,/api/health#anonymous
  ...(process.env.BENCH_EXTRA ?? '')
    .split(',')
    .filter(Boolean)
    .map((p) => {
      const [path, flag] = p.split('#');
      return { name: `GET ${p}`, url: `${ready.productUrl}${path}`, withCookies: flag !== 'anonymous' };
    }),
];

console.log(`T0 Terminal bench — ${ready.database}`);
console.log(
  `${os.cpus().length} CPU(s) ${os.cpus()[0]?.model ?? ''}, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}; ` +
    `${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION} s per target, ${ready.cookies.length} signed-in users`,
);

// Warm-up, then interleaved rounds: each round loads the bare route and then every hot path, so
// a noisy neighbour weighs on a round's targets alike; each figure is the median over the rounds,
// and the ratio is taken per round against that round's bare route.
for (const t of targets) await load(t, ready.cookies, 2);
const runs = new Map<string, Array<Figures & { ratio: number }>>(targets.map((t) => [t.name, []]));
for (let round = 0; round < ROUNDS; round++) {
  let bareRps = 0;
  for (const t of targets) {
    const f = await load(t, ready.cookies, DURATION);
    if (f.non2xx || f.errors) throw new Error(`${t.name}: ${f.non2xx} non-2xx answers, ${f.errors} errors`);
    if (t === targets[0]) bareRps = f.rps;
    runs.get(t.name)!.push({ ...f, ratio: f.rps / bareRps });
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const summary = targets.map((t) => {
  const r = runs.get(t.name)!;
  return {
    name: t.name,
    rps: median(r.map((x) => x.rps)),
    p50: median(r.map((x) => x.p50)),
    p99: median(r.map((x) => x.p99)),
    ratio: median(r.map((x) => x.ratio)),
    cpuUs: median(r.map((x) => x.cpuUs)),
    ratios: r.map((x) => Math.round(x.ratio * 100)),
  };
});
console.table(
  summary.map((f) => ({
    target: f.name,
    'req/s': Math.round(f.rps),
    'p50 ms': f.p50,
    'p99 ms': f.p99,
    'vs bare': `${Math.round(f.ratio * 100)} %`,
    'per round %': f.ratios.join(' '),
    'API CPU µs/req': Math.round(f.cpuUs),
  })),
);
const below = summary.slice(1).filter((f) => f.ratio < BAR);
console.log(
  below.length
    ? `Below the ${BAR * 100} % bar: ${below.map((f) => f.name).join(', ')}`
    : `Every hot path is at or above the ${BAR * 100} % bar.`,
);

child.send('stop');
await new Promise((r) => child.once('exit', r));
