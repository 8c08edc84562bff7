// Prints trading signals as they are published or change, from the live stream (GET /api/stream,
// Server-Sent Events). Survives a server restart: it reconnects and resumes with Last-Event-ID,
// so nothing published meanwhile is missed.
//
//   T0_URL=http://localhost:3000 T0_API_TOKEN=t0_pat_… pnpm --filter @t0/examples watch
//   T0_URL=http://localhost:3000 T0_EMAIL=you@example.com T0_PASSWORD='…' pnpm --filter @t0/examples watch
//
// With T0_API_TOKEN (a personal API token; `read` is enough) it sends `Authorization: Bearer`;
// otherwise it signs in with T0_EMAIL and T0_PASSWORD and sends the session cookie.
import { createParser } from 'eventsource-parser';

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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The headers that authenticate the stream: the token, or a fresh session cookie. */
async function signIn(): Promise<Record<string, string>> {
  if (token) return { authorization: `Bearer ${token}` };
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return {
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the event payloads are JSON of several shapes
function print(type: string, data: any) {
  const time = new Date().toISOString().slice(11, 19);
  if (type.startsWith('signal.') && type !== 'signal.deleted') {
    const level = (v: unknown) => (v === null || v === undefined ? 'LOCKED' : String(v));
    console.log(
      `${time} ${type.padEnd(15)} #${data.id} ${data.instrument} ${String(data.direction).toUpperCase()} ${data.status} entry ${level(data.entryPrice)} stop ${level(data.slPrice)} T0 ${level(data.t0Price)} T1 ${level(data.t1Price)}`,
    );
  } else if (type === 'signal.deleted') console.log(`${time} ${type.padEnd(15)} #${data.id}`);
  else if (type === 'resync')
    console.log(`${time} resync: events were missed past the kept window; fetch GET /api/signals for the full list`);
}

let auth = await signIn();
let lastEventId: string | undefined;
let retryMs = 2_000;
console.log(`watching ${baseUrl} (Ctrl-C to stop)`);
for (;;) {
  try {
    const headers: Record<string, string> = { ...auth, accept: 'text/event-stream' };
    if (lastEventId) headers['last-event-id'] = lastEventId;
    const res = await fetch(`${baseUrl}/api/stream`, { headers });
    if (res.status === 401) {
      // A revoked token will not come back: stop. A session that ended: sign in again.
      if (token) {
        console.error('the API token was refused (revoked?): create a new one in the profile');
        process.exit(1);
      }
      auth = await signIn();
      continue;
    }
    if (res.status !== 200 || !res.body) throw new Error(`stream answered ${res.status}`);
    console.log(lastEventId ? `connected, resuming after event ${lastEventId}` : 'connected');
    let ended = false;
    const parser = createParser({
      onEvent({ id, event = 'message', data }) {
        if (id) lastEventId = id;
        if (data) print(event, JSON.parse(data));
        if (event === 'session.ended') ended = true;
      },
      onRetry(ms) {
        retryMs = ms;
      },
    });
    for await (const text of res.body.pipeThrough(new TextDecoderStream()) as unknown as AsyncIterable<string>)
      parser.feed(text);
    if (ended) auth = await signIn();
    console.log('stream ended; reconnecting');
  } catch (err) {
    console.log(`disconnected (${(err as Error).message}); retrying in ${retryMs / 1000} s`);
  }
  await sleep(retryMs);
}
