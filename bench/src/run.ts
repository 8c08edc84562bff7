// Loads the product's hot polling paths as signed-in users beside a bare Fastify + pg route, in
// the same run on the same machine, and prints requests/s and p50/p99 latency per target.
// pnpm --filter @t0/bench start   (BENCH_DURATION seconds per target, BENCH_CONNECTIONS, BENCH_USERS)
import { fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { BenchCpu, BenchReady } from './targets';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
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
  { name: 'GET /api/user/notifications/unread-count', url: `${ready.productUrl}/api/user/notifications/unread-count`, withCookies: true },
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
console.log(`${os.cpus().length} CPU(s) ${os.cpus()[0]?.model ?? ''}, Node ${process.version}; ${CONNECTIONS} connections, ` +
  `${DURATION} s per target, ${ROUNDS} round(s) (best kept), ${ready.cookies.length} signed-in users`);

// Warm-up, then interleaved rounds so a noisy neighbour hits every target alike.
for (const t of targets) await load(t, ready.cookies, 2);
const best = new Map<string, Figures>();
for (let round = 0; round < ROUNDS; round++) {
  for (const t of targets) {
    const f = await load(t, ready.cookies, DURATION);
    if (f.non2xx || f.errors) throw new Error(`${t.name}: ${f.non2xx} non-2xx answers, ${f.errors} errors`);
    const prev = best.get(t.name);
    if (!prev || f.rps > prev.rps) best.set(t.name, f);
  }
}

const bareRps = best.get(targets[0]!.name)!.rps;
const rows = targets.map((t) => {
  const f = best.get(t.name)!;
  return {
    target: t.name,
    'req/s': Math.round(f.rps),
    'p50 ms': f.p50,
    'p99 ms': f.p99,
    'vs bare': `${Math.round((f.rps / bareRps) * 100)} %`,
    'API CPU µs/req': Math.round(f.cpuUs),
  };
});
console.table(rows);
const below = targets.slice(1).filter((t) => best.get(t.name)!.rps / bareRps < BAR);
console.log(below.length ? `Below the ${BAR * 100} % bar: ${below.map((t) => t.name).join(', ')}` : `Every hot path is at or above the ${BAR * 100} % bar.`);

child.send('stop');
await new Promise((r) => child.once('exit', r));
