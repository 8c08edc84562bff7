// Prints the active trading signals of a running T0 Terminal.
//
//   T0_URL=http://localhost:3000 T0_API_TOKEN=t0_pat_… pnpm --filter @t0/examples signals
//   T0_URL=http://localhost:3000 T0_EMAIL=you@example.com T0_PASSWORD='…' pnpm --filter @t0/examples signals
//
// With T0_API_TOKEN (a personal API token from the profile's Developer Settings; a `read` token is
// enough) no sign-in is needed; otherwise it signs in with T0_EMAIL and T0_PASSWORD.
// Uses the typed client (@t0/client): paths, payloads and answers are checked against the API's
// OpenAPI document at compile time.
import { ApiError, createT0Client, type ResponseOf } from '@t0/client';

type Signal = ResponseOf<'/signals', 'get'>[number];

const baseUrl = process.env.T0_URL ?? 'http://localhost:3000';
const token = process.env.T0_API_TOKEN || undefined;
const email = process.env.T0_EMAIL;
const password = process.env.T0_PASSWORD;
if (!token && (!email || !password)) {
  console.error(
    'Set T0_API_TOKEN, or T0_EMAIL and T0_PASSWORD (and T0_URL if the terminal is not at http://localhost:3000).',
  );
  process.exit(2);
}

const pad = (s: string, n: number) => s.padEnd(n);
// Without the signal's room an open signal's side, levels and details are null (and `locked` is true).
const num = (v: string | number | null | undefined) => (v === null || v === undefined ? 'LOCKED' : String(v));

function printTable(signals: Signal[]) {
  const head = ['INSTRUMENT', 'SIDE', 'ENTRY', 'STOP', 'T0', 'T1', 'CONF', 'BIAS', 'CREATED'];
  const rows = signals.map((s) => [
    s.instrument,
    num(s.direction?.toUpperCase()),
    num(s.entryPrice),
    num(s.slPrice),
    num(s.t0Price),
    num(s.t1Price),
    s.confidence === null ? 'LOCKED' : `${s.confidence}%`,
    num(s.monthlyBias),
    new Date(s.createdAt).toISOString().slice(0, 16).replace('T', ' '),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => pad(c, widths[i]!))
      .join('  ')
      .trimEnd();
  console.log(line(head));
  for (const r of rows) console.log(line(r));
}

const api = createT0Client({ baseUrl, token });
try {
  const me = token ? await api.get('/auth/user') : await api.login(email!, password!);
  const signals = await api.get('/signals');
  // Filled signals, and open ones of rooms this account does not hold (`open`: which kind is withheld).
  const active = signals.filter((s) => s.status === 'active' || s.status === 'open');
  console.log(
    `${active.length} active signal${active.length === 1 ? '' : 's'} on ${baseUrl} (${token ? 'API token of' : 'signed in as'} ${me.email})`,
  );
  if (active.length) printTable(active);
  if (active.some((s) => s.locked))
    console.log("Levels of open signals are for their rooms' members: this account does not hold those rooms.");
  if (!token) await api.logout();
} catch (err) {
  if (err instanceof ApiError) {
    console.error(`${err.status}: ${err.message}`);
    process.exit(1);
  }
  throw err;
}
