import { beforeAll, describe, expect, it } from 'vitest';
import { appWithRoles, oneTestDbKind, type TestApp, type TestClient } from '../harness';

const kinds = await oneTestDbKind();

describe.each(kinds)('chart notes over REST on %s', (kind) => {
  const roles = appWithRoles(kind);
  let t: TestApp;
  let admin: TestClient;
  let adminId: number;
  let user: TestClient;
  let subscriber: TestClient;
  beforeAll(() => void ({ t, admin, adminId, user, subscriber } = roles));

  it('saves one note per instrument and timeframe, matching timeframes case-insensitively', async () => {
    const created = await admin.post('/api/chart-notes', {
      instrument: 'GBPJPY',
      timeframe: 'weekly',
      content: 'Lower high under 197.00',
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      instrument: 'GBPJPY',
      timeframe: 'Weekly',
      note: 'Lower high under 197.00',
      content: 'Lower high under 197.00',
      locked: false,
    });
    expect(Object.keys(created.body).sort()).toEqual([
      'content',
      'id',
      'instrument',
      'locked',
      'note',
      'timeframe',
      'updatedAt',
    ]);

    const replaced = await admin.put('/api/chart-notes', {
      instrument: 'gbpjpy',
      timeframe: 'WEEKLY',
      content: 'Weekly close below 195.00 opens 193.10',
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.id).toBe(created.body.id);
    expect(replaced.body.note).toBe('Weekly close below 195.00 opens 193.10');

    const again = await admin.post('/api/chart-notes', {
      instrument: 'GBPJPY',
      timeframe: 'Weekly',
      content: 'Third version',
    });
    expect(again.body.id).toBe(created.body.id);

    const fourH = await admin.post('/api/chart-notes', {
      instrument: 'GBPJPY',
      timeframe: '4h',
      content: 'Order block 196.40-196.80',
    });
    expect(fourH.body.timeframe).toBe('4H');
    const m15 = await admin.post('/api/chart-notes', {
      instrument: 'US30',
      timeframe: '15MIN',
      content: 'Opening range',
    });
    expect(m15.body.timeframe).toBe('15min');

    const rows = await t.db.db.selectFrom('chartNotes').selectAll().where('instrument', '=', 'GBPJPY').execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.updatedBy === adminId)).toBe(true);
  });

  it('gives subscribers the text and withholds it from other signed-in users', async () => {
    const full = await subscriber.get('/api/chart-notes');
    expect(full.status).toBe(200);
    expect(full.body.find((n: { timeframe: string }) => n.timeframe === 'Weekly')).toMatchObject({
      note: 'Third version',
      content: 'Third version',
      locked: false,
    });

    const locked = await user.get('/api/chart-notes');
    expect(locked.status).toBe(200);
    expect(locked.body.length).toBe(full.body.length);
    for (const n of locked.body) expect(n).toMatchObject({ note: '', content: '', locked: true });
    expect(JSON.stringify(locked.body)).not.toContain('Third version');
    expect((await t.client().get('/api/chart-notes')).status).toBe(401);
  });

  it('answers validation messages', async () => {
    const empty = await admin.post('/api/chart-notes', { instrument: 'GBPJPY', timeframe: 'Monthly', content: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Chart note content is required');
    const missing = await admin.put('/api/chart-notes', { instrument: 'GBPJPY', timeframe: 'Monthly' });
    expect(missing.body.message).toBe('Chart note content is required');
    const tf = await admin.post('/api/chart-notes', { instrument: 'GBPJPY', timeframe: '1H', content: 'x' });
    expect(tf.status).toBe(400);
    expect(tf.body.message).toBe('Timeframe must be one of Monthly, Weekly, 4H, 15min');
    const inst = await admin.post('/api/chart-notes', { instrument: 'EURUSD', timeframe: 'Weekly', content: 'x' });
    expect(inst.status).toBe(400);
    expect(inst.body.message).toBe('Instrument must be one of AUDUSD, GBPJPY, GBPUSD, US30');
  });

  it('deletes, with 404 for unknown ids, and allows mutations to administrators only', async () => {
    const { body } = await admin.post('/api/chart-notes', {
      instrument: 'AUDUSD',
      timeframe: 'Monthly',
      content: 'Double bottom',
    });
    for (const [client, status] of [
      [t.client(), 401],
      [user, 403],
      [subscriber, 403],
    ] as const) {
      expect(
        (await client.post('/api/chart-notes', { instrument: 'AUDUSD', timeframe: 'Monthly', content: 'x' })).status,
      ).toBe(status);
      expect(
        (await client.put('/api/chart-notes', { instrument: 'AUDUSD', timeframe: 'Monthly', content: 'x' })).status,
      ).toBe(status);
      expect((await client.delete(`/api/chart-notes/${body.id}`)).status).toBe(status);
    }
    const del = await admin.delete(`/api/chart-notes/${body.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: true, id: body.id });
    expect((await admin.delete(`/api/chart-notes/${body.id}`)).status).toBe(404);
    expect((await admin.delete('/api/chart-notes/abc')).status).toBe(400);
  });
});
