import { RETENTION_DAYS } from '@t0/server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDbKinds, type TestApp, until } from '../harness';

const kinds = await testDbKinds();

// Records that grow with use are pruned by a periodic job: the e-mail log after RETENTION_DAYS.emailLog
// days, finished deliveries after RETENTION_DAYS.deliveries; anything younger, and any delivery still
// waiting, stays.

describe.each(kinds)('retention of the e-mail log and deliveries on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  const daysAgo = (days: number) => sql<Date>`now() - make_interval(days => ${days})`;

  it('deletes only what is past its window, through the job', async () => {
    const mail = (subject: string, days: number) => ({
      kind: 'welcome',
      toAddress: 'old@t0.test',
      subject,
      status: 'sent',
      error: null,
      createdAt: daysAgo(days),
    });
    await t.db.db
      .insertInto('emailLog')
      .values([
        mail('past the window', RETENTION_DAYS.emailLog + 1),
        mail('inside the window', RETENTION_DAYS.emailLog - 1),
      ])
      .execute();
    const delivery = (key: string, status: string, days: number) => ({
      key: `${key}-${kind}`,
      userId: null,
      channel: 'discord',
      event: 'test',
      signalId: null,
      endpointId: null,
      payload: '{}',
      status,
      attempts: 1,
      createdAt: daysAgo(days),
      dueAt: daysAgo(days),
    });
    const old = RETENTION_DAYS.deliveries + 1;
    await t.db.db
      .insertInto('deliveries')
      .values([
        delivery('old-sent', 'sent', old),
        delivery('old-failed', 'failed', old),
        delivery('old-queued', 'queued', old),
        delivery('recent-sent', 'sent', 1),
      ])
      .execute();

    await t.app.ports.jobs.send('prune-records', {});
    const subjects = await until(
      async () =>
        (await t.db.db.selectFrom('emailLog').select('subject').where('toAddress', '=', 'old@t0.test').execute()).map(
          (r) => r.subject,
        ),
      (s) => s.length === 1,
    );
    expect(subjects).toEqual(['inside the window']);
    const keys = await t.db.db
      .selectFrom('deliveries')
      .select('key')
      .where('key', 'like', `%-${kind}`)
      .orderBy('key')
      .execute();
    expect(keys.map((k) => k.key)).toEqual([`old-queued-${kind}`, `recent-sent-${kind}`]);
  });
});
