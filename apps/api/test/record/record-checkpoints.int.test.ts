import { execFile } from 'node:child_process';
import { createPublicKey, verify } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  appendSignalEvents,
  sendCheckpointCopies,
  signalEventHash,
  type ChannelTransport,
  type DeliveryPorts,
} from '@t0/server';
import pino from 'pino';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAdmin, startTestApp, testDbKinds, type TestApp, type TestClient } from '../harness';
import { runVerifier } from '../run-verifier';

// Signed checkpoints of the signal event chain (docs/security.md): signed at every close, served with the
// key, checked by `GET /api/performance/verify` and by the stand-alone examples/verify-record.ts.

const kinds = await testDbKinds();
const EXAMPLES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../examples');
const TSX = path.join(EXAMPLES, 'node_modules/.bin/tsx');

interface Checkpoint {
  id: number;
  headId: number;
  headHash: string;
  eventCount: number;
  createdAt: string;
  signature: string;
  keyId: string;
  message: string;
}

/**
 * Runs the verifier as an outsider would, in a process of its own (tsx, a few seconds of a busy
 * machine each): its exit code and what it printed. The other runs call its `main` in this process
 * (run-verifier.ts), the same code on the same arguments.
 */
function runVerifierAsOutsider(args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      TSX,
      ['verify-record.ts', ...args],
      { cwd: EXAMPLES, timeout: 60_000, env: { ...process.env, T0_URL: '' } },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 99) : 0;
        resolve({ code, out: `${stdout}${stderr}` });
      },
    );
  });
}

const message = (c: Omit<Checkpoint, 'message' | 'signature' | 'keyId' | 'id'>) =>
  `t0-checkpoint/v1\n${c.headId}\n${c.headHash}\n${c.eventCount}\n${c.createdAt}`;

describe.each(kinds)('signed checkpoints of the record on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let saved: string;
  const ids: Record<string, number> = {};

  const publish = async (name: string, body: Record<string, unknown>) => {
    const res = await admin.post('/api/signals', { monthlyBias: 'Bullish', confidence: 80, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ids[name] = res.body.id;
  };
  const checkpoints = async (): Promise<Checkpoint[]> => {
    const res = await t.client().get('/api/performance/checkpoints?pageSize=200');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.checkpoints;
  };
  const lastEventOf = (signalId: number) =>
    t.db.db
      .selectFrom('signalEvents')
      .select(['id', 'hash'])
      .where('signalId', '=', signalId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    // The periodic jobs tick once at start and then hourly: the closes below sign the checkpoints.
    t = await startTestApp(kind, { PRICE_REFRESH_MS: '3600000' });
    admin = (await signUpAdmin(t)).client;
    saved = mkdtempSync(path.join(tmpdir(), 't0-record-'));
  });
  afterAll(async () => {
    await t?.close();
    if (saved) rmSync(saved, { recursive: true, force: true });
  });

  it("signs a checkpoint at a signal's close; its signature verifies with node:crypto against the served key", async () => {
    // Levels out of any price's reach: only the administrator's close moves it.
    await publish('A', {
      instrument: 'GBPJPY',
      direction: 'long',
      entryPrice: 195,
      slPrice: 194,
      t0Price: 198,
      t1Price: 199,
    });
    // A close is at the market: the feed stands at the exit.
    t.pinPrices({ GBPJPY: 195.5 });
    expect((await admin.post(`/api/signals/${ids.A}/close`, { exitPrice: 195.5 })).status).toBe(200);
    const closed = await lastEventOf(ids.A!);
    const count = await t.db.db
      .selectFrom('signalEvents')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();

    const [newest] = await checkpoints();
    expect(newest).toMatchObject({ headId: Number(closed.id), headHash: closed.hash, eventCount: count.n });
    expect(newest!.message).toBe(message(newest!));

    const key = await t.client().get('/api/performance/key');
    expect(key.status).toBe(200);
    expect(key.body).toMatchObject({ algorithm: 'Ed25519', keyId: newest!.keyId });
    expect(key.body.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const fromPem = createPublicKey(key.body.publicKeyPem);
    const raw = Buffer.from(key.body.publicKeyBase64, 'base64');
    expect(raw).toHaveLength(32);
    const fromRaw = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') },
      format: 'jwk',
    });
    const sig = Buffer.from(newest!.signature, 'base64');
    expect(verify(null, Buffer.from(message(newest!)), fromPem, sig)).toBe(true);
    expect(verify(null, Buffer.from(message(newest!)), fromRaw, sig)).toBe(true);
    // The signature covers the head: another hash or count does not verify.
    expect(verify(null, Buffer.from(message({ ...newest!, eventCount: newest!.eventCount - 1 })), fromPem, sig)).toBe(
      false,
    );
    expect(verify(null, Buffer.from(message({ ...newest!, headHash: '0'.repeat(64) })), fromPem, sig)).toBe(false);

    // The key is the one kept under DATA_DIR, readable by its owner only.
    expect(statSync(path.join(t.dataDir, 'record-signing-key.pem')).mode & 0o777).toBe(0o600);

    // The list is paginated, newest first; a bad page names its field.
    const page = await t.client().get('/api/performance/checkpoints?pageSize=1');
    expect(page.body).toMatchObject({ page: 1, pageSize: 1, total: expect.any(Number) });
    expect(page.body.checkpoints).toHaveLength(1);
    const bad = await t.client().get('/api/performance/checkpoints?pageSize=0');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/pageSize/);

    // The Atom feed carries the same signed checkpoint for readers outside.
    const feed = await fetch(`${t.url}/performance/feed.xml`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^application\/atom\+xml/);
    const text = await feed.text();
    expect(text).toContain(
      `<title>Checkpoint ${newest!.id}: event ${newest!.headId}, ${newest!.eventCount} events</title>`,
    );
    expect(text).toContain(newest!.signature);
    expect(text).toContain(newest!.headHash);
  });

  it("sends the day's checkpoint to the desk's Discord and Telegram channels once a day", async () => {
    const [newest] = await checkpoints();
    const channel = (name: 'discord' | 'telegram'): ChannelTransport => ({
      channel: name,
      send: async () => undefined,
      checkTarget: async () => null,
    });
    const delivery: DeliveryPorts = {
      channels: { discord: channel('discord'), telegram: channel('telegram') },
      deskDiscordUrl: 'https://discord.test/api/webhooks/1/desk',
      deskTelegramChatId: '-1001234567890',
      retryScheduleMs: [1000],
    };
    const sent: unknown[] = [];
    const deps = {
      db: t.db.db,
      delivery,
      jobs: { send: async (_n: string, data: object) => void sent.push(data) },
      log: pino({ level: 'silent' }),
      publicUrl: 'http://t0.test',
    };
    expect(await sendCheckpointCopies(deps)).toBe(2);
    const rows = await t.db.db
      .selectFrom('deliveries')
      .selectAll()
      .where('key', 'like', 'checkpoint-day:%')
      .orderBy('channel')
      .execute();
    expect(rows.map((r) => [r.channel, r.userId])).toEqual([
      ['discord', null],
      ['telegram', null],
    ]);
    const payload = JSON.parse(String(rows[0]!.payload)) as { title: string; text: string };
    // The newest checkpoint when it sent: the one read above, or one the product signed meanwhile (a
    // close the market made), never an older one.
    const sentId = Number(/^Signed record checkpoint #(\d+)$/.exec(payload.title)?.[1]);
    expect(sentId).toBeGreaterThanOrEqual(newest!.id);
    const sentCheckpoint = (await checkpoints()).find((c) => c.id === sentId);
    expect(sentCheckpoint, payload.title).toBeDefined();
    expect(payload.text).toContain(sentCheckpoint!.signature);
    expect(payload.text).toContain(sentCheckpoint!.headHash);
    expect(sent).toHaveLength(2);
    // Run again the same day (the job looks hourly): nothing more.
    expect(await sendCheckpointCopies(deps)).toBe(0);
    // Without the desk's channels configured: nothing.
    expect(
      await sendCheckpointCopies(
        { ...deps, delivery: { ...delivery, deskDiscordUrl: null, deskTelegramChatId: null } },
        new Date(Date.now() + 36e5 * 24),
      ),
    ).toBe(0);
  });

  it('the verifier passes on an untouched record (open signals checked as links only)', async () => {
    // C stays open: a caller without a subscription gets its events without content.
    await publish('C', {
      instrument: 'US30',
      direction: 'short',
      entryPrice: 42800,
      slPrice: 43000,
      t0Price: 42600,
      t1Price: 42400,
    });
    await publish('B', {
      instrument: 'AUDUSD',
      direction: 'long',
      entryPrice: 0.65,
      slPrice: 0.64,
      t0Price: 0.7,
      t1Price: 0.71,
    });
    expect((await admin.post(`/api/signals/${ids.B}/withdraw`)).status).toBe(200);
    const bClosed = await lastEventOf(ids.B!);
    expect((await checkpoints())[0]).toMatchObject({ headId: Number(bClosed.id) });

    const events = (await t.client().get('/api/performance/events')).body as Array<{
      signalId: number;
      withheld: boolean;
      price: number | null;
      data: object;
    }>;
    const open = events.filter((e) => e.signalId === ids.C);
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((e) => e.withheld && e.price === null && Object.keys(e.data).length === 0)).toBe(true);
    expect(events.filter((e) => e.signalId === ids.A).every((e) => !e.withheld)).toBe(true);

    const verified = await t.client().get('/api/performance/verify');
    expect(verified.body).toMatchObject({ ok: true, firstBroken: null, contradicts: null });
    expect(verified.body.checkpoints).toBeGreaterThanOrEqual(2);

    const run = await runVerifierAsOutsider(['--url', t.url, '--save', saved]);
    expect(run.out).toMatch(/RECORD OK/);
    expect(run.out).toMatch(/checked as links only/);
    expect(run.code, run.out).toBe(0);
    // The same from the saved files, with the key pinned from a PEM file.
    const key = (await t.client().get('/api/performance/key')).body;
    writeFileSync(path.join(saved, 'key.pem'), key.publicKeyPem);
    const offline = await runVerifier([
      '--events',
      path.join(saved, 'events.json'),
      '--checkpoints',
      path.join(saved, 'checkpoints.json'),
      '--key',
      path.join(saved, 'key.pem'),
    ]);
    expect(offline.code, offline.out).toBe(0);
  });

  it('the verifier fails on a forged signature and on a changed event in saved copies', async () => {
    const events = JSON.parse(readFileSync(path.join(saved, 'events.json'), 'utf8'));
    const cps = JSON.parse(readFileSync(path.join(saved, 'checkpoints.json'), 'utf8')) as Checkpoint[];
    const keyFile = path.join(saved, 'key.pem');
    const files = (ev: unknown, cp: unknown) => {
      writeFileSync(path.join(saved, 'ev.json'), JSON.stringify(ev));
      writeFileSync(path.join(saved, 'cp.json'), JSON.stringify(cp));
      return ['--events', path.join(saved, 'ev.json'), '--checkpoints', path.join(saved, 'cp.json'), '--key', keyFile];
    };

    const forged = cps.map((c, i) => (i === 0 ? { ...c, eventCount: c.eventCount + 1 } : c));
    const sig = await runVerifier(files(events, forged));
    expect(sig.code, sig.out).toBe(1);
    expect(sig.out).toMatch(new RegExp(`checkpoint ${cps[0]!.id} .*signature does not verify`));

    const aClosed = events.findIndex(
      (e: { signalId: number; type: string }) => e.signalId === ids.A && e.type === 'closed',
    );
    const changed = events.map((e: { price: number }, i: number) => (i === aClosed ? { ...e, price: 196 } : e));
    const hash = await runVerifier(files(changed, cps));
    expect(hash.code, hash.out).toBe(1);
    expect(hash.out).toMatch(new RegExp(`event ${events[aClosed].id} .*was changed`));
  });

  it('the verifier recomputes a chain mixing created events without a context and with one', async () => {
    // A signal whose created event was written as before rooms existed: no context (the second format).
    const old = await t.db.db
      .insertInto('signals')
      .values({
        room: 'main',
        instrument: 'GBPUSD',
        direction: 'long',
        entryPrice: '1.3',
        slPrice: '1.29',
        t0Price: '1.31',
        t1Price: '1.32',
        monthlyBias: 'Bullish',
        status: 'cancelled',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const levels = { instrument: 'GBPUSD', direction: 'long', entryPrice: 1.3, slPrice: 1.29, t0Price: 1.31 };
    const written = await t.db.db.transaction().execute((trx) =>
      appendSignalEvents(trx, Number(old.id), [
        { type: 'created', actor: 'seed', data: { ...levels, t1Price: 1.32, status: 'limit' } },
        { type: 'cancelled', actor: 'seed' },
      ]),
    );
    expect(written.map((e) => e.context)).toEqual([null, null]);
    // A signal published now (the third format), ended so that anyone may read and recompute it.
    await publish('D', { ...levels, status: 'limit', t0Price: 1.36, t1Price: 1.37 });
    expect((await admin.post(`/api/signals/${ids.D}/cancel`)).status).toBe(200);

    type Answer = {
      id: number;
      signalId: number;
      type: string;
      withheld: boolean;
      salt: string | null;
      context: unknown;
    };
    const events = (await t.client().get('/api/performance/events')).body as Answer[];
    const createdOf = (signalId: number, xs = events) =>
      xs.find((e) => e.signalId === signalId && e.type === 'created')!;
    const main = { room: 'main', author: null, priceSource: null };
    expect(createdOf(Number(old.id))).toMatchObject({ withheld: false, salt: expect.any(String), context: null });
    expect(createdOf(ids.D!)).toMatchObject({ withheld: false, context: main });
    expect(createdOf(ids.A!).context).toEqual(main);
    // C is open: to a caller without its room its created event comes without content, context included.
    expect(createdOf(ids.C!)).toMatchObject({ withheld: true, salt: null, context: null });
    expect(events.filter((e) => e.type !== 'created').every((e) => e.context === null)).toBe(true);
    expect((await t.client().get('/api/performance/verify')).body).toMatchObject({ ok: true, firstBroken: null });

    // The verifier on the whole chain as an administrator reads it (nothing withheld, so every hash
    // of every format is recomputed), with the served checkpoints and key.
    const mixed = path.join(saved, 'mixed');
    mkdirSync(mixed, { recursive: true });
    const full = (await admin.get('/api/performance/events')).body as Answer[];
    expect(full.every((e) => !e.withheld)).toBe(true);
    expect(createdOf(ids.C!, full).context).toEqual(main);
    writeFileSync(path.join(mixed, 'events.json'), JSON.stringify(full));
    writeFileSync(path.join(mixed, 'checkpoints.json'), JSON.stringify(await checkpoints()));
    writeFileSync(path.join(mixed, 'key.json'), JSON.stringify((await t.client().get('/api/performance/key')).body));
    const fromFiles = (file: string) => [
      '--events',
      path.join(mixed, file),
      '--checkpoints',
      path.join(mixed, 'checkpoints.json'),
      '--key',
      path.join(mixed, 'key.json'),
    ];
    const run = await runVerifier(fromFiles('events.json'));
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain(`${full.length} hashes recomputed from their content, 0 withheld`);
    expect(run.out).toMatch(/RECORD OK/);

    // The copy with D's room changed, or its context taken away, no longer verifies at that event.
    const d = createdOf(ids.D!, full);
    for (const context of [{ ...main, room: 'vip' }, null]) {
      const changed = full.map((e) => (e.id === d.id ? { ...e, context } : e));
      writeFileSync(path.join(mixed, 'changed.json'), JSON.stringify(changed));
      const broken = await runVerifier(fromFiles('changed.json'));
      expect(broken.code, broken.out).toBe(1);
      expect(broken.out).toMatch(new RegExp(`RECORD BROKEN: event ${d.id} .*was changed`));
    }
  });

  it("after the log's tail is cut, verify and the verifier name the contradicted checkpoint", async () => {
    const before = await checkpoints();
    const keep = await lastEventOf(ids.C!);
    // Someone with database access turns the triggers off and cuts B's events (the newest two).
    await sql`alter table signal_events disable trigger user`.execute(t.db.db);
    await sql`delete from signal_events where id > ${keep.id}`.execute(t.db.db);
    const expected = before.filter((c) => c.headId > Number(keep.id)).sort((a, b) => a.id - b.id)[0]!;

    const res = await t.client().get('/api/performance/verify');
    expect(res.status).toBe(200);
    // The shorter chain is valid by itself: only the checkpoint shows the cut.
    expect(res.body).toMatchObject({
      ok: false,
      firstBroken: null,
      contradicts: { checkpointId: expected.id, headId: expected.headId, problem: 'missing' },
    });
    // The record's own summary (the page's banner) says so too.
    const summary = await t.client().get('/api/performance');
    expect(summary.body.verification).toMatchObject({
      ok: false,
      contradicts: { checkpointId: expected.id, problem: 'missing' },
    });

    const run = await runVerifier(['--url', t.url]);
    expect(run.code, run.out).toBe(1);
    expect(run.out).toMatch(new RegExp(`RECORD BROKEN: checkpoint ${expected.id} .*no event ${expected.headId}`));
  });

  it('after the chain is rewritten with every hash recomputed, verify names the checkpoint signed before', async () => {
    const aClosed = await t.db.db
      .selectFrom('signalEvents')
      .select('id')
      .where('signalId', '=', ids.A!)
      .where('type', '=', 'closed')
      .executeTakeFirstOrThrow();
    const signedAtA = (await checkpoints())
      .filter((c) => c.headId === Number(aClosed.id))
      .sort((x, y) => x.id - y.id)[0]!;
    // A better exit for A, and every hash from there on recomputed: a valid chain by itself.
    await sql`update signal_events set price = 196, data = jsonb_set(data, '{reason}', '"target"') where id = ${aClosed.id}`.execute(
      t.db.db,
    );
    const rows = (await t.db.db.selectFrom('signalEvents').selectAll().orderBy('id').execute()) as Array<
      Record<string, unknown>
    >;
    let prev = '0'.repeat(64);
    for (const r of rows) {
      const data = typeof r.data === 'string' ? JSON.parse(r.data) : r.data;
      const content = {
        signalId: r.signalId,
        type: r.type,
        price: r.price === null ? null : Number(r.price),
        at: (r.at as Date).toISOString(),
        actor: r.actor,
        data,
        ...(r.salt ? { salt: r.salt } : {}),
        ...(r.context ? { context: typeof r.context === 'string' ? JSON.parse(r.context) : r.context } : {}),
      };
      const hash = signalEventHash(prev, content as Parameters<typeof signalEventHash>[1]);
      await sql`update signal_events set prev_hash = ${prev}, hash = ${hash} where id = ${r.id}`.execute(t.db.db);
      prev = hash;
    }
    await sql`alter table signal_events enable trigger user`.execute(t.db.db);

    const res = await t.client().get('/api/performance/verify');
    expect(res.body).toMatchObject({
      ok: false,
      firstBroken: null,
      contradicts: { checkpointId: signedAtA.id, headId: signedAtA.headId, problem: 'hash' },
    });

    const run = await runVerifier(['--url', t.url]);
    expect(run.code, run.out).toBe(1);
    expect(run.out).toMatch(new RegExp(`RECORD BROKEN: checkpoint ${signedAtA.id} .*the chain was rewritten`));
  });

  it("embeds the desk's Myfxbook or FX Blue widget set in the console, and refuses other addresses", async () => {
    const current = (await admin.get('/api/admin/site-settings')).body;
    expect(current.brokerWidgetUrl).toBe('');
    const put = (brokerWidgetUrl?: string) =>
      admin.put('/api/admin/site-settings', {
        ...current,
        updatedAt: undefined,
        defaultSupportEmail: undefined,
        brokerWidgetUrl,
      });
    for (const bad of [
      'http://widget.myfxbook.com/widget/widget.png',
      'https://evil.example/widget.png',
      'https://myfxbook.com.evil.example/x',
      'javascript:alert(1)',
    ]) {
      const res = await put(bad);
      expect(res.status, bad).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(/brokerWidgetUrl/);
    }
    const url = 'https://widget.myfxbook.com/widget/widget.png?accountOid=123&type=6';
    expect((await put(url)).status).toBe(200);
    expect((await t.client().get('/api/site-config')).body.brokerWidgetUrl).toBe(url);
    // A client that does not know the field leaves it as it is.
    expect((await put(undefined)).status).toBe(200);
    expect((await t.client().get('/api/site-config')).body.brokerWidgetUrl).toBe(url);
    // The page's policy lets the widget's frame load.
    const page = await fetch(`${t.url}/performance`);
    expect(page.headers.get('content-security-policy')).toMatch(/frame-src 'self' https:\/\/\*\.myfxbook\.com/);
  });

  it('refuses TRUNCATE on signal_events and audit_log', async () => {
    await expect(sql`truncate signal_events`.execute(t.db.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_log`.execute(t.db.db)).rejects.toThrow(/append-only/);
    expect(
      Number(
        (
          await t.db.db
            .selectFrom('signalEvents')
            .select(sql<number>`count(*)::int`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBeGreaterThan(0);
  });
});
