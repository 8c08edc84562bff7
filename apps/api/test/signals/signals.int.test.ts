import type { FieldErrorCode } from '@t0/contracts/domain/common/api-errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUp,
  signUpAdmin,
  signUpSubscriber,
  startTestApp,
  testDbKinds,
  type TestApp,
  until,
  VALID_SIGNAL,
} from '../harness';

const kinds = await testDbKinds();

const valid = VALID_SIGNAL;

type Client = Awaited<ReturnType<typeof signUp>>['client'];

describe.each(kinds)('signals over REST on %s', (kind) => {
  let t: TestApp;
  let admin: Client;
  let user: Client;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signUpAdmin(t)).client;
    user = (await signUp(t)).client;
  });
  afterAll(async () => t?.close());

  const create = async (body: Record<string, unknown>) => {
    const res = await admin.post('/api/signals', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('creates a signal from numbers or numeric strings and answers the spec shape', async () => {
    const res = await admin.post('/api/signals', valid);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      room: 'main',
      instrument: 'AUDUSD',
      direction: 'long',
      status: 'active',
      entryPrice: 0.65169,
      t0Price: 0.653,
      t1Price: 0.655,
      slPrice: 0.649,
      targetPrice: 0.655,
      // The feed's price at publication (a market signal fills there).
      currentPrice: 0.65169,
      monthlyBias: 'Bullish',
      confidence: 75,
      memo: 'Breakout above the weekly range',
      t0Hit: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
      stopToEntry: true,
      demo: false,
      // |0.65169 − 0.649| at publication: the R unit of this signal.
      riskPips: 26.9,
      // Filled at the feed's price on publication, the entry here: nothing won or lost yet.
      result: { pips: 0, r: 0 },
      exitPrice: null,
      closedAt: null,
      closeReason: null,
      orderType: 'market',
      expiresAt: null,
      t0Share: 50,
      openShare: 100,
      parts: [],
      // Published by an administrator: the desk, no analyst.
      author: null,
      // The labels' times: a direct publish is completed when its request arrives, released at publication.
      completedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
      releasedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
    });
    expect(Date.parse(res.body.completedAt)).toBeLessThanOrEqual(Date.parse(res.body.releasedAt));
    expect(res.body.releasedAt).toBe(res.body.createdAt);
    const stored = await t.db.db
      .selectFrom('signals')
      .select(['entryPrice', 'slPrice'])
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(stored.entryPrice).toBe('0.65169');
    expect(stored.slPrice).toBe('0.64900');
  });

  it('queues the signal e-mail job with the new signal id', async () => {
    const s = await create({ ...valid, instrument: 'GBPUSD' });
    // The publish commits the job to the outbox; its relay moves it to the job queue just after.
    const queued = await until(
      async () => {
        const { rows } = await t.db.executeSql(`select data from pgboss.job where name = 'signal-emails'`);
        return rows.map((r) => (r as { data: { signalId: number } }).data.signalId);
      },
      (ids) => ids.includes(s.id),
    );
    expect(queued).toContain(s.id);
  });

  it('answers each validation message of the spec', async () => {
    const cases: Array<[Record<string, unknown>, string, FieldErrorCode]> = [
      [{ ...valid, entryPrice: undefined }, 'Entry price is required', 'required'],
      [{ ...valid, entryPrice: '' }, 'Entry price is required', 'required'],
      [{ ...valid, slPrice: null }, 'SL price is required', 'required'],
      [{ ...valid, t0Price: undefined }, 'Take Profit 0 is required', 'required'],
      [{ ...valid, t1Price: '  ' }, 'Take Profit 1 is required', 'required'],
      [{ ...valid, confidence: 0 }, 'Confidence is required', 'too_small'],
      [{ ...valid, confidence: 101 }, 'Confidence cannot exceed 100%', 'too_big'],
      [{ ...valid, entryPrice: 'abc' }, 'Entry price must be a number', 'invalid_type'],
      [{ ...valid, monthlyBias: 'x'.repeat(31) }, 'Monthly bias must be at most 30 characters', 'too_long'],
      [
        { ...valid, monthlyBias: 'Sideways' },
        'Monthly bias must be one of Bullish, Bearish, Potentially Reversing',
        'invalid_value',
      ],
      [{ ...valid, status: 'open' }, 'Status must be one of active, limit', 'invalid_value'],
      [{ ...valid, status: 'closed' }, 'Status must be one of active, limit', 'invalid_value'],
      [{ ...valid, slPrice: 0.66 }, 'SL price must be below the entry price for a long signal', 'invalid_value'],
      [{ ...valid, t0Price: 0.65 }, 'Take Profit 0 must be above the entry price for a long signal', 'invalid_value'],
      [
        { ...valid, t1Price: 0.6525 },
        'Take Profit 1 must be at or above Take Profit 0 for a long signal',
        'invalid_value',
      ],
      [{ ...valid, direction: 'short' }, 'SL price must be above the entry price for a short signal', 'invalid_value'],
      [{ ...valid, stopToEntry: 'yes' }, 'Stop to entry after T0 must be true or false', 'invalid_type'],
      [{ ...valid, direction: 'up' }, 'Direction must be long or short', 'invalid_value'],
      [{ ...valid, instrument: 'EURUSD' }, 'Instrument must be one of AUDUSD, GBPJPY, GBPUSD, US30', 'invalid_value'],
    ];
    for (const [body, message, code] of cases) {
      const res = await admin.post('/api/signals', body);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.fields[0], message).toEqual({ path: expect.any(String), code, message });
    }
  });

  it('publishes at market or as a limit, with a confidence of 1 to 100, and each bias', async () => {
    for (const status of ['active', 'limit']) {
      expect((await create({ ...valid, status })).status).toBe(status);
    }
    // Finished signals come from the lifecycle, not from a status picked at creation.
    const toClose = await create(valid);
    // Closed at market: a typed exit must be the feed's price (within a small tolerance).
    expect((await admin.post(`/api/signals/${toClose.id}/close`, { exitPrice: 0.65171 })).body).toMatchObject({
      status: 'closed',
      closeReason: 'manual',
    });
    const toWithdraw = await create({ ...valid, status: 'limit' });
    expect((await admin.post(`/api/signals/${toWithdraw.id}/withdraw`)).body).toMatchObject({ status: 'withdrawn' });
    expect((await create({ ...valid, confidence: 1 })).confidence).toBe(1);
    expect((await create({ ...valid, confidence: '100' })).confidence).toBe(100);
    expect((await create({ ...valid, monthlyBias: 'Potentially Reversing' })).monthlyBias).toBe(
      'Potentially Reversing',
    );
    const us30 = await create({
      ...valid,
      instrument: 'US30',
      direction: 'short',
      entryPrice: 42762,
      slPrice: 42900,
      t0Price: 42600,
      t1Price: 42400,
    });
    expect(us30).toMatchObject({ entryPrice: 42762, t1Price: 42400, targetPrice: 42400 });
  });

  it('lists for any signed-in user: active and limit first, then newest', async () => {
    const res = await user.get('/api/signals');
    expect(res.status).toBe(200);
    // API answers carry the short, strict header set; documents the full policy.
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page = await user.get('/');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect((await user.get('/api/docs')).headers.get('content-security-policy')).toContain("default-src 'self'");
    // The order by status read where statuses show (a free account reads open signals as `open`).
    const list = (await admin.get('/api/signals')).body as Array<{ id: number; status: string; createdAt: string }>;
    expect((res.body as unknown[]).length).toBe(list.length);
    expect(list.length).toBeGreaterThan(5);
    const firstOther = list.findIndex((s) => s.status !== 'active' && s.status !== 'limit');
    expect(list.slice(firstOther).every((s) => s.status !== 'active' && s.status !== 'limit')).toBe(true);
    for (const group of [list.slice(0, firstOther), list.slice(firstOther)]) {
      for (let i = 1; i < group.length; i++) expect(group[i - 1]!.createdAt >= group[i]!.createdAt).toBe(true);
    }
  });

  it('updates any field of an open signal, or createdAt alone', async () => {
    const s = await create(valid);
    const res = await admin.put(`/api/signals/${s.id}`, {
      status: 'paused',
      t0Price: '0.65400',
      memo: 'Moved',
      confidence: 90,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: s.id,
      status: 'paused',
      t0Price: 0.654,
      memo: 'Moved',
      confidence: 90,
      entryPrice: 0.65169,
    });

    const when = '2025-03-04T05:06:07.000Z';
    const dated = await admin.put(`/api/signals/${s.id}`, { createdAt: when });
    expect(dated.status).toBe(200);
    expect(dated.body).toMatchObject({ createdAt: when, status: 'paused', memo: 'Moved' });

    // The status only pauses and resumes; closing has its own action.
    const closing = await admin.put(`/api/signals/${s.id}`, { status: 'closed' });
    expect(closing.status).toBe(400);
    expect(closing.body.message).toBe('Status cannot be set to closed by an edit: close it at an exit price instead');

    const bad = await admin.put(`/api/signals/${s.id}`, { createdAt: 'yesterday-ish' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Created date must be a valid date');
    const badConfidence = await admin.put(`/api/signals/${s.id}`, { confidence: 150 });
    expect(badConfidence.body.message).toBe('Confidence cannot exceed 100%');
  });

  it('deletes a signal together with its e-mail records', async () => {
    const s = await create(valid);
    const u = await t.db.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    await t.db.db.insertInto('signalEmails').values({ signalId: s.id, userId: u.id }).execute();
    const res = await admin.delete(`/api/signals/${s.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: s.id });
    expect(await t.db.db.selectFrom('signalEmails').select('id').where('signalId', '=', s.id).execute()).toEqual([]);
    expect((await user.get('/api/signals')).body.map((x: { id: number }) => x.id)).not.toContain(s.id);
  });

  it('answers 404 for unknown ids and 400 for ids that are not numbers', async () => {
    expect((await admin.put('/api/signals/999999', { status: 'paused' })).status).toBe(404);
    expect((await admin.delete('/api/signals/999999')).status).toBe(404);
    expect((await admin.delete('/api/signals/abc')).status).toBe(400);
  });

  it('answers 401 to anonymous callers and 403 to non-admins on mutations', async () => {
    const anon = t.client();
    expect((await anon.get('/api/signals')).status).toBe(401);
    expect((await anon.post('/api/signals', valid)).status).toBe(401);
    expect((await anon.put('/api/signals/1', { status: 'paused' })).status).toBe(401);
    expect((await anon.delete('/api/signals/1')).status).toBe(401);
    const sub = (await signUpSubscriber(t)).client;
    for (const c of [user, sub]) {
      const created = await c.post('/api/signals', valid);
      expect(created.status).toBe(403);
      expect(created.body.message).toBe('Administrator privileges required');
      expect((await c.put('/api/signals/1', { status: 'paused' })).status).toBe(403);
      for (const action of ['close', 'cancel', 'withdraw'])
        expect((await c.post(`/api/signals/1/${action}`, { exitPrice: 1 })).status).toBe(403);
      expect((await c.delete('/api/signals/1')).status).toBe(403);
    }
    expect((await sub.get('/api/signals')).status).toBe(200);
  });

  it('documents every signal, notification and live-price path with request and response schemas', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body;
    const expected: Array<[string, string, boolean]> = [
      ['get', '/signals', false],
      ['post', '/signals', true],
      ['put', '/signals/{id}', true],
      ['delete', '/signals/{id}', false],
      ['post', '/signals/{id}/close', true],
      ['post', '/signals/{id}/cancel', false],
      ['post', '/signals/{id}/withdraw', false],
      ['get', '/signals/{id}/events', false],
      ['get', '/performance', false],
      ['get', '/performance/verify', false],
      ['get', '/notifications', false],
      ['get', '/notifications/stats', false],
      ['post', '/notifications', true],
      ['put', '/notifications/{id}', true],
      ['delete', '/notifications/{id}', false],
      ['get', '/user/notifications', false],
      ['get', '/user/notifications/unread-count', false],
      ['put', '/user/notifications/{id}/read', false],
      ['post', '/user/notifications/{id}/unread', false],
      ['put', '/user/notifications/read-all', false],
      ['post', '/user/notifications/mark-all-read', false],
      ['get', '/live-prices', false],
    ];
    for (const [method, p, hasBody] of expected) {
      const op = doc.paths[p]?.[method];
      expect(op, `${method} ${p}`).toBeDefined();
      expect(op.responses['200'].content['application/json'].schema, `${method} ${p} response`).toBeDefined();
      if (hasBody) expect(op.requestBody.content['application/json'].schema, `${method} ${p} request`).toBeDefined();
      if (p.includes('{id}'))
        expect(
          op.parameters.some((x: { name: string; in: string }) => x.name === 'id' && x.in === 'path'),
          `${method} ${p} id`,
        ).toBe(true);
    }
    const create = doc.paths['/signals'].post.requestBody.content['application/json'].schema;
    expect(create.required).toEqual(
      expect.arrayContaining(['instrument', 'direction', 'entryPrice', 'slPrice', 't0Price', 't1Price', 'monthlyBias']),
    );
    const prices = doc.paths['/live-prices'].get.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(prices)).toContain('simulated');
  });
});
