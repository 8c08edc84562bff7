import { createHash } from 'node:crypto';
import { authorPlaceMatches } from '@t0/contracts/domain/analysts/analysts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUp,
  signUpAdmin,
  signUpSubscriber,
  startTestApp,
  oneTestDbKind,
  VALID_SIGNAL,
  type Answer,
  type TestApp,
  type TestClient,
} from '../harness';

// Authorship in the chain: a signal an analyst publishes stores their id; its created event's
// hashed content commits to that id and a salted hash of the name shown (never the name in clear);
// the answers show the author as they are now. Renaming the analyst, or their leaving, changes what
// is shown and nothing in the chain: it verifies, with the same hashes.

const kinds = await oneTestDbKind();

interface Event {
  id: number;
  type: string;
  hash: string;
  context: { room: string; author: string | null; priceSource: string | null } | null;
}
interface SignalView {
  id: number;
  locked: boolean;
  author: { slug: string; name: string; title: string } | null;
}

describe.each(kinds)('authorship in the chain on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let analyst: TestClient;
  let analystUserId: number;
  let outsider: TestClient;
  let analystId: number;
  let mine: number;
  let desks: number;
  let hashesBefore: string[];

  const ok = <T>(res: Answer<T>) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const listed = async (c: TestClient, id: number) =>
    ok(await c.get<SignalView[]>('/api/signals')).find((s) => s.id === id)!;
  const allHashes = async () =>
    (await t.db.db.selectFrom('signalEvents').select('hash').orderBy('id').execute()).map((e) => e.hash);
  // The events stored before, unchanged: the market may append events since (a limit order filled by the feed).
  const earlierHashes = async () => (await allHashes()).slice(0, hashesBefore.length);

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signUpAdmin(t)).client;
    ok(await admin.post('/api/admin/rooms', { slug: 'desk-a', name: 'Desk A', instruments: ['AUDUSD'] }));
    const u = await signUp(t);
    analyst = u.client;
    analystUserId = u.id;
    analystId = ok(
      await admin.post<{ id: number }>(`/api/admin/users/${u.id}/analyst`, {
        displayName: 'North Star',
        title: 'Head of research',
        rooms: ['desk-a'],
      }),
    ).id;
    // A subscriber of the default room: the Desk A signal is locked to them.
    outsider = (await signUpSubscriber(t)).client;
    mine = ok(await analyst.post<{ id: number }>('/api/signals', { ...VALID_SIGNAL, status: 'limit' })).id;
    desks = ok(await admin.post<{ id: number }>('/api/signals', { ...VALID_SIGNAL, status: 'limit' })).id;
  });
  afterAll(async () => t?.close());

  it("answers the author with the signal, the desk's signals with none", async () => {
    const author = { slug: 'north-star', name: 'North Star', title: 'Head of research' };
    expect(await listed(admin, mine)).toMatchObject({ author });
    expect(await listed(admin, desks)).toMatchObject({ author: null });
    // The label of a locked signal too: who published it, not what.
    expect(await listed(outsider, mine)).toMatchObject({ locked: true, author });
  });

  it("commits to the analyst's id and a salted hash of the name, never the name in clear", async () => {
    const row = await t.db.db
      .selectFrom('signals')
      .select(['analystId', 'authorSalt', 'authorCommittedName'])
      .where('id', '=', mine)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ analystId, authorCommittedName: 'North Star' });
    expect(row.authorSalt).toMatch(/^[0-9a-f]{32}$/);
    const res = await admin.get<Event[]>(`/api/signals/${mine}/events`);
    const created = ok(res).find((e) => e.type === 'created')!;
    const digest = createHash('sha256').update(`${row.authorSalt}\nNorth Star`).digest('hex');
    expect(created.context).toEqual({
      room: 'desk-a',
      author: `analyst:${analystId};name:${digest}`,
      priceSource: null,
    });
    expect(JSON.stringify(res.body)).not.toContain('North Star');
    const stored = await t.db.db.selectFrom('signalEvents').selectAll().where('signalId', '=', mine).execute();
    expect(JSON.stringify(stored)).not.toContain('North Star');
    // The desk's own signal has no author in its context.
    const deskCreated = ok(await admin.get<Event[]>(`/api/signals/${desks}/events`)).find((e) => e.type === 'created')!;
    expect(deskCreated.context?.author).toBeNull();
    expect(ok(await t.client().get('/api/performance/verify'))).toMatchObject({ ok: true, firstBroken: null });
    hashesBefore = await allHashes();
  });

  it('shows a renamed analyst under the new name, the chain unchanged and valid', async () => {
    ok(
      await admin.post(`/api/admin/users/${analystUserId}/analyst`, {
        displayName: 'Pseudonym Seven',
        slug: 'pseudonym-seven',
        title: 'Former analyst',
      }),
    );
    expect(await listed(admin, mine)).toMatchObject({
      author: { slug: 'pseudonym-seven', name: 'Pseudonym Seven', title: 'Former analyst' },
    });
    expect(await earlierHashes()).toEqual(hashesBefore);
    expect(ok(await t.client().get('/api/performance/verify'))).toMatchObject({ ok: true, firstBroken: null });
    // The commitment still opens to the name shown at publication, not to the new one.
    const created = ok(await admin.get<Event[]>(`/api/signals/${mine}/events`)).find((e) => e.type === 'created')!;
    const { authorSalt } = await t.db.db
      .selectFrom('signals')
      .select('authorSalt')
      .where('id', '=', mine)
      .executeTakeFirstOrThrow();
    expect(await authorPlaceMatches(created.context!.author!, analystId, 'North Star', authorSalt!)).toBe(true);
    expect(await authorPlaceMatches(created.context!.author!, analystId, 'Pseudonym Seven', authorSalt!)).toBe(false);
  });

  it('keeps the authorship of an analyst who left', async () => {
    ok(await admin.delete(`/api/admin/users/${analystUserId}/analyst`));
    expect(await listed(admin, mine)).toMatchObject({ author: { slug: 'pseudonym-seven', name: 'Pseudonym Seven' } });
    expect(await earlierHashes()).toEqual(hashesBefore);
    expect(ok(await t.client().get('/api/performance/verify'))).toMatchObject({ ok: true });
  });
});
