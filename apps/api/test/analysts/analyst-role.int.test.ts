import { buildOpenApiDocument } from '@t0/server';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  grantPlan,
  signUp,
  signUpAdmin,
  startTestApp,
  STRONG_PASSWORD,
  oneTestDbKind,
  VALID_SIGNAL,
  type Answer,
  type TestApp,
  type TestClient,
} from '../harness';

// The analyst's role, walked over every operation of the OpenAPI document: as an analyst, the
// desk's operations (the `desk` builder: signals, memos, chart notes, alert sources, drafts) work in
// their rooms on their own records, and answer 403 on another analyst's record, on the desk's own,
// and in another room; every administrator operation answers 403. A new operation of either kind
// without a case here fails the walk.

const kinds = await oneTestDbKind();

interface Operation {
  method: string;
  path: string;
  kind: 'admin' | 'desk' | 'other';
}

/** Every operation of the document, with who its 403 answer says may call it. */
function operations(): Operation[] {
  const doc = buildOpenApiDocument('http://t0.test/api') as unknown as {
    paths: Record<string, Record<string, { responses?: Record<string, { $ref?: string; description?: string }> }>>;
    components: { responses: Record<string, { description: string }> };
  };
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const refused = op.responses?.['403'];
      const ref = refused?.$ref?.split('/').pop();
      const why = (ref ? doc.components.responses[ref]?.description : refused?.description) ?? '';
      const kind = why.includes('Neither an administrator nor an active analyst')
        ? 'desk'
        : why.includes('Not an administrator')
          ? 'admin'
          : 'other';
      out.push({ method: method.toUpperCase(), path, kind });
    }
  return out;
}

const key = (op: { method: string; path: string }) => `${op.method} ${op.path}`;

const GBPUSD = {
  instrument: 'GBPUSD',
  direction: 'long',
  entryPrice: 1.26,
  slPrice: 1.255,
  t0Price: 1.265,
  t1Price: 1.27,
  monthlyBias: 'Bullish',
  status: 'limit',
};
const limitOf = (over: Record<string, unknown> = {}) => ({ ...VALID_SIGNAL, status: 'limit', ...over });

const alertBody = (memo: string) =>
  JSON.stringify({
    instrument: 'FX:AUDUSD',
    direction: 'buy',
    orderType: 'limit',
    entry: '0.65169',
    stop: '0.64900',
    t0: '0.65300',
    t1: '0.65500',
    memo,
  });

describe.each(kinds)('the analyst role on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let a: TestClient;
  let aUser: { id: number; email: string };
  let b: TestClient;
  const ids = {} as Record<string, number>;

  const ok = <T>(res: Answer<T>, status = 200) => {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body;
  };
  const refused = (res: Answer) => expect(res.status, JSON.stringify(res.body)).toBe(403);

  const makeAnalyst = async (userId: number, displayName: string, rooms: string[]) =>
    ok(await admin.post(`/api/admin/users/${userId}/analyst`, { displayName, title: 'Analyst', rooms }));

  const publish = async (c: TestClient, body: Record<string, unknown>) =>
    ok(await c.post<{ id: number; room: string }>('/api/signals', body)).id;

  const source = async (c: TestClient, name: string) =>
    ok(await c.post<{ id: number; url: string }>('/api/admin/alert-sources', { name }));
  const draftFrom = async (url: string, memo: string) => {
    const res = await t.client().request('POST', new URL(url).pathname, alertBody(memo), {
      'content-type': 'application/json',
    });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    const row = await t.db.db
      .selectFrom('signalDrafts')
      .select('id')
      .where('memo', '=', memo)
      .executeTakeFirstOrThrow();
    return row.id;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signUpAdmin(t)).client;
    ok(await admin.post('/api/admin/rooms', { slug: 'desk-a', name: 'Desk A', instruments: ['AUDUSD'] }));
    ok(await admin.post('/api/admin/rooms', { slug: 'desk-b', name: 'Desk B', instruments: ['GBPUSD'] }));
    const ua = await signUp(t);
    const ub = await signUp(t);
    a = ua.client;
    b = ub.client;
    aUser = { id: ua.id, email: ua.email };
    await makeAnalyst(ua.id, 'Analyst A', ['desk-a']);
    await makeAnalyst(ub.id, 'Analyst B', ['desk-b']);

    // The records another analyst and the desk own, which A may not touch.
    ids.bSignal = await publish(b, GBPUSD);
    ids.deskSignal = await publish(admin, limitOf({ memo: 'the desk' }));
    const bSource = await source(b, 'B alerts');
    ids.bSource = bSource.id;
    ids.bDraft = await draftFrom(bSource.url, 'B draft');
    ids.deskSource = (await source(admin, 'desk alerts')).id;
    ids.bNote = ok(
      await admin.post<{ id: number }>('/api/chart-notes', { instrument: 'GBPUSD', timeframe: '4H', content: 'B' }),
    ).id;

    // A subscriber of each desk's room, each with a thread; and one saved reply of the desk.
    for (const [key, room] of [
      ['plan-a', 'desk-a'],
      ['plan-b', 'desk-b'],
    ] as const) {
      ok(
        await admin.post('/api/admin/plans', {
          key,
          name: key,
          rooms: [room],
          terms: 'recurring',
          interval: 'month',
          intervalCount: 1,
          amountCents: 4900,
          currency: 'usd',
        }),
      );
      const subscriber = await signUp(t);
      await grantPlan(t, subscriber.id, key);
      ok(await subscriber.client.post('/api/user/messages', { message: `A question in ${room}` }));
      ids[room] = subscriber.id;
    }
    ids.savedReply = ok(
      await admin.post<{ id: number }>('/api/admin/messages/saved-replies', { title: 'Plans', text: 'Billing.' }),
    ).id;
  });
  afterAll(async () => t?.close());

  /** Each desk operation: what A may do (it works), and what A may not (403). */
  const desk: Record<string, () => Promise<void>> = {
    'POST /signals': async () => {
      const id = await publish(a, limitOf());
      const mine = await t.db.db
        .selectFrom('signals')
        .select(['room', 'analystId'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(mine.room).toBe('desk-a');
      expect(mine.analystId).not.toBeNull();
      refused(await a.post('/api/signals', GBPUSD));
      refused(await a.post('/api/signals', limitOf({ room: 'desk-b' })));
      refused(await a.post('/api/signals', limitOf({ room: 'main' })));
    },
    'PUT /signals/{id}': async () => {
      const id = await publish(a, limitOf());
      expect(ok(await a.put(`/api/signals/${id}`, { memo: 'moved' }))).toMatchObject({ memo: 'moved' });
      refused(await a.put(`/api/signals/${ids.bSignal}`, { memo: 'mine now' }));
      refused(await a.put(`/api/signals/${ids.deskSignal}`, { memo: 'mine now' }));
    },
    'DELETE /signals/{id}': async () => {
      const id = await publish(a, limitOf());
      ok(await a.delete(`/api/signals/${id}`));
      refused(await a.delete(`/api/signals/${ids.bSignal}`));
      refused(await a.delete(`/api/signals/${ids.deskSignal}`));
    },
    'POST /signals/{id}/close': async () => {
      const id = await publish(a, VALID_SIGNAL);
      expect(ok(await a.post(`/api/signals/${id}/close`, {}))).toMatchObject({ id });
      refused(await a.post(`/api/signals/${ids.bSignal}/close`, {}));
      refused(await a.post(`/api/signals/${ids.deskSignal}/close`, {}));
    },
    'POST /signals/{id}/close-part': async () => {
      const id = await publish(a, VALID_SIGNAL);
      ok(await a.post(`/api/signals/${id}/close-part`, { share: 50 }));
      refused(await a.post(`/api/signals/${ids.bSignal}/close-part`, { share: 50 }));
      refused(await a.post(`/api/signals/${ids.deskSignal}/close-part`, { share: 50 }));
    },
    'POST /signals/{id}/trail-stop': async () => {
      const id = await publish(a, VALID_SIGNAL);
      ok(await a.post(`/api/signals/${id}/trail-stop`, { slPrice: 0.6505 }));
      refused(await a.post(`/api/signals/${ids.bSignal}/trail-stop`, { slPrice: 1.257 }));
      refused(await a.post(`/api/signals/${ids.deskSignal}/trail-stop`, { slPrice: 0.6505 }));
    },
    'POST /signals/{id}/cancel': async () => {
      const id = await publish(a, limitOf());
      expect(ok(await a.post(`/api/signals/${id}/cancel`))).toMatchObject({ id });
      refused(await a.post(`/api/signals/${ids.bSignal}/cancel`));
      refused(await a.post(`/api/signals/${ids.deskSignal}/cancel`));
    },
    'POST /signals/{id}/withdraw': async () => {
      const id = await publish(a, limitOf());
      ok(await a.post(`/api/signals/${id}/withdraw`));
      refused(await a.post(`/api/signals/${ids.bSignal}/withdraw`));
      refused(await a.post(`/api/signals/${ids.deskSignal}/withdraw`));
    },
    'PUT /chart-memos/{instrument}': async () => {
      ok(await a.put('/api/chart-memos/AUDUSD', { memoText: 'Range break' }));
      refused(await a.put('/api/chart-memos/GBPUSD', { memoText: 'not my room' }));
      // An instrument in no room belongs to the default room, which A does not publish in.
      refused(await a.put('/api/chart-memos/GBPJPY', { memoText: 'not my room' }));
    },
    'POST /chart-memos/upload-image': async () => {
      ok(await a.post('/api/chart-memos/upload-image', { fileName: 'chart.png' }));
    },
    'POST /chart-notes': async () => {
      ok(await a.post('/api/chart-notes', { instrument: 'AUDUSD', timeframe: 'Weekly', content: 'A' }));
      refused(await a.post('/api/chart-notes', { instrument: 'GBPUSD', timeframe: 'Weekly', content: 'A' }));
    },
    'PUT /chart-notes': async () => {
      ok(await a.put('/api/chart-notes', { instrument: 'AUDUSD', timeframe: 'Weekly', content: 'A again' }));
      refused(await a.put('/api/chart-notes', { instrument: 'GBPUSD', timeframe: '4H', content: 'A' }));
    },
    'DELETE /chart-notes/{id}': async () => {
      const mine = ok(
        await a.post<{ id: number }>('/api/chart-notes', { instrument: 'AUDUSD', timeframe: '15min', content: 'A' }),
      );
      ok(await a.delete(`/api/chart-notes/${mine.id}`));
      refused(await a.delete(`/api/chart-notes/${ids.bNote}`));
    },
    'GET /admin/alert-sources': async () => {
      const mine = await source(a, 'A listed');
      const listed = ok(await a.get<{ id: number }[]>('/api/admin/alert-sources'));
      expect(listed.map((s) => s.id)).toContain(mine.id);
      expect(listed.map((s) => s.id)).not.toContain(ids.bSource);
      expect(listed.map((s) => s.id)).not.toContain(ids.deskSource);
    },
    'POST /admin/alert-sources': async () => {
      const mine = await source(a, 'A alerts');
      const row = await t.db.db
        .selectFrom('alertSources')
        .select('analystId')
        .where('id', '=', mine.id)
        .executeTakeFirstOrThrow();
      expect(row.analystId).not.toBeNull();
    },
    'POST /admin/alert-sources/{id}/revoke': async () => {
      const mine = await source(a, 'A revoked');
      ok(await a.post(`/api/admin/alert-sources/${mine.id}/revoke`));
      refused(await a.post(`/api/admin/alert-sources/${ids.bSource}/revoke`));
      refused(await a.post(`/api/admin/alert-sources/${ids.deskSource}/revoke`));
    },
    'GET /admin/signal-drafts': async () => {
      const mine = await draftFrom((await source(a, 'A drafts')).url, 'A listed draft');
      const listed = ok(await a.get<{ id: number }[]>('/api/admin/signal-drafts'));
      expect(listed.map((d) => d.id)).toEqual([mine]);
      // The administrator sees every draft.
      const all = ok(await admin.get<{ id: number }[]>('/api/admin/signal-drafts'));
      expect(all.map((d) => d.id)).toEqual(expect.arrayContaining([mine, ids.bDraft]));
      ok(await a.post(`/api/admin/signal-drafts/${mine}/discard`));
    },
    'PATCH /admin/signal-drafts/{id}': async () => {
      const mine = await draftFrom((await source(a, 'A edits')).url, 'A edited draft');
      expect(ok(await a.patch(`/api/admin/signal-drafts/${mine}`, { memo: 'edited' }))).toMatchObject({
        memo: 'edited',
      });
      refused(await a.patch(`/api/admin/signal-drafts/${ids.bDraft}`, { memo: 'mine now' }));
    },
    'POST /admin/signal-drafts/{id}/publish': async () => {
      const mine = await draftFrom((await source(a, 'A publishes')).url, 'A published draft');
      const signal = ok(await a.post<{ id: number }>(`/api/admin/signal-drafts/${mine}/publish`));
      const row = await t.db.db
        .selectFrom('signals')
        .select(['room', 'analystId'])
        .where('id', '=', signal.id)
        .executeTakeFirstOrThrow();
      expect(row.room).toBe('desk-a');
      expect(row.analystId).not.toBeNull();
      refused(await a.post(`/api/admin/signal-drafts/${ids.bDraft}/publish`));
    },
    'POST /admin/signal-drafts/{id}/discard': async () => {
      const mine = await draftFrom((await source(a, 'A discards')).url, 'A discarded draft');
      ok(await a.post(`/api/admin/signal-drafts/${mine}/discard`));
      refused(await a.post(`/api/admin/signal-drafts/${ids.bDraft}/discard`));
    },
    'GET /admin/messages': async () => {
      const listed = ok(await a.get<{ threads: { userId: number }[] }>('/api/admin/messages')).threads;
      expect(listed.map((x) => x.userId)).toEqual([ids['desk-a']]);
    },
    'GET /admin/messages/{userId}': async () => {
      const mine = ok(await a.get<{ messages: { message: string }[] }>(`/api/admin/messages/${ids['desk-a']}`));
      expect(mine.messages[0]?.message).toBe('A question in desk-a');
      refused(await a.get(`/api/admin/messages/${ids['desk-b']}`));
    },
    'POST /admin/messages/{userId}': async () => {
      ok(await a.post(`/api/admin/messages/${ids['desk-a']}`, { message: 'The analyst answers.' }));
      refused(await a.post(`/api/admin/messages/${ids['desk-b']}`, { message: 'Not my room.' }));
    },
    'POST /admin/messages/{userId}/read': async () => {
      ok(await a.post(`/api/admin/messages/${ids['desk-a']}/read`));
      refused(await a.post(`/api/admin/messages/${ids['desk-b']}/read`));
    },
    'PATCH /admin/messages/{userId}': async () => {
      expect(
        ok(await a.patch(`/api/admin/messages/${ids['desk-a']}`, { status: 'closed', assignedTo: aUser.id })),
      ).toMatchObject({ status: 'closed', assignedTo: aUser.id });
      ok(await a.patch(`/api/admin/messages/${ids['desk-a']}`, { status: 'open' }));
      refused(await a.patch(`/api/admin/messages/${ids['desk-a']}`, { writingStopped: true }));
      refused(await a.patch(`/api/admin/messages/${ids['desk-b']}`, { status: 'closed' }));
    },
    'GET /admin/messages/saved-replies': async () => {
      const listed = ok(await a.get<{ replies: { id: number; text: string }[] }>('/api/admin/messages/saved-replies'));
      expect(listed.replies).toEqual([expect.objectContaining({ id: ids.savedReply, text: 'Billing.' })]);
    },
    'GET /desk': async () => {
      // The analyst's own rooms and the instruments of those rooms; the administrator every room.
      expect(ok(await a.get('/api/desk'))).toEqual({
        kind: 'analyst',
        slug: 'analyst-a',
        displayName: 'Analyst A',
        rooms: ['desk-a'],
        instruments: ['AUDUSD'],
      });
      expect(ok(await admin.get('/api/desk'))).toMatchObject({ kind: 'admin', rooms: null, instruments: null });
    },
  };

  it('has a case for every desk operation of the document, and nothing else', () => {
    const documented = operations()
      .filter((op) => op.kind === 'desk')
      .map(key)
      .sort();
    expect(documented).toEqual(Object.keys(desk).sort());
    expect(operations().filter((op) => op.kind === 'admin').length).toBeGreaterThan(30);
  });

  for (const [name, run] of Object.entries(desk)) it(`as an analyst: ${name}`, run);

  it('reads the open signals of the rooms they publish in whole, and the others locked, without a subscription', async () => {
    const mine = await publish(a, limitOf({ memo: 'A reads it whole' }));
    const list = ok(await a.get<{ id: number; locked: boolean; memo: string }[]>('/api/signals'));
    expect(list.find((s) => s.id === mine)).toMatchObject({ locked: false, memo: 'A reads it whole' });
    expect(list.find((s) => s.id === ids.bSignal)).toMatchObject({ locked: true });
  });

  it('answers 403 to an analyst on every administrator operation, and changes nothing', async () => {
    const before = await t.db.db.selectFrom('auditLog').select('id').where('outcome', '!=', 'refused').execute();
    const answers: string[] = [];
    for (const op of operations().filter((o) => o.kind === 'admin')) {
      const path = `/api${op.path.replace(/\{[^}]+\}/g, String(aUser.id))}`;
      const res = await a.request(op.method, path, op.method === 'GET' ? undefined : {});
      if (res.status !== 403) answers.push(`${key(op)} → ${res.status}`);
    }
    expect(answers).toEqual([]);
    // Refused, audited as refused; nothing done.
    expect(await t.db.db.selectFrom('auditLog').select('id').where('outcome', '!=', 'refused').execute()).toEqual(
      before,
    );
    const refusals = await t.db.db
      .selectFrom('auditLog')
      .select(['action', 'reason'])
      .where('actorId', '=', aUser.id)
      .where('outcome', '=', 'refused')
      .execute();
    expect(refusals).toEqual(expect.arrayContaining([{ action: 'analysts.list', reason: 'not an administrator' }]));
    expect(refusals.map((r) => r.reason)).toEqual(expect.arrayContaining(['not their own', 'not their room']));
  });

  it('needs the second factor, as an administrator does', async () => {
    // A token minted before the second factor is turned on never passed it.
    const early = ok(await a.post<{ token: string }>('/api/user/api-tokens', { name: 'early', scope: 'read' })).token;
    const byEarly = () =>
      t.client().request('GET', '/api/admin/alert-sources', undefined, { authorization: `Bearer ${early}` });
    ok(await byEarly());
    const start = ok(await a.post<{ secret: string }>('/api/auth/2fa/enrol'));
    const code = () => generate({ secret: start.secret, epoch: Math.floor(Date.now() / 1000) });
    ok(await a.post('/api/auth/2fa/confirm', { code: await code() }));
    // A new session of the analyst is asked for the code before the desk opens.
    const fresh = t.client();
    expect(ok(await fresh.post('/api/auth/login', { email: aUser.email, password: STRONG_PASSWORD }))).toMatchObject({
      secondFactor: 'code_required',
      isAnalyst: true,
    });
    const gated = await fresh.get('/api/admin/alert-sources');
    expect(gated.status).toBe(403);
    expect(gated.body.secondFactor).toBe('code_required');
    refused(await fresh.post('/api/signals', limitOf()));
    await t.db.db.updateTable('adminSecondFactors').set({ lastTimeStep: null }).execute();
    ok(await fresh.post('/api/auth/2fa/verify', { code: await code() }));
    ok(await fresh.get('/api/admin/alert-sources'));
    refused(await byEarly());
  });

  it('opens nothing to a deactivated analyst', async () => {
    ok(await admin.delete(`/api/admin/users/${aUser.id}/analyst`));
    refused(await a.get('/api/admin/alert-sources'));
    refused(await a.post('/api/signals', limitOf()));
  });
});
