import { generateKeyPairSync } from 'node:crypto';
import { appendSignalEvents, createRecordSigner, writeCheckpoint } from '@t0/server';
import { createDb, type DbHandle } from '@t0/db';
import { createTestDb, testDbKinds, type TestDb } from '@t0/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The hourly checkpoint and a close's checkpoint race on PostgreSQL: the hourly one read the head,
// a close appended and signed a newer head, and the hourly one then stored the older head as the
// newest checkpoint. It now waits on the chain's lock like an append does.

const kinds = await testDbKinds();

describe.runIf(kinds.includes('pg'))('a checkpoint taken while an append is in flight on PostgreSQL', () => {
  let db: TestDb;
  let appender: DbHandle;
  let signalId: number;
  const signer = createRecordSigner(generateKeyPairSync('ed25519').privateKey);

  beforeAll(async () => {
    db = await createTestDb('pg');
    appender = await createDb({ databaseUrl: db.url!, poolSize: 1 });
    const row = await db.db
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
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    signalId = Number(row.id);
    await db.db
      .transaction()
      .execute((trx) => appendSignalEvents(trx, signalId, [{ type: 'created', actor: 'system' }]));
  });
  afterAll(async () => {
    await appender?.close();
    await db?.drop();
  });

  it('waits for the append to commit and signs its head, never an older one after a newer', async () => {
    let signed: Awaited<ReturnType<typeof writeCheckpoint>> | undefined;
    let pending: Promise<unknown> = Promise.resolve();
    const appended = await appender.db.transaction().execute(async (trx) => {
      // A close, as the lifecycle writes it: the signal finishes and its event is appended.
      await trx.updateTable('signals').set({ status: 'closed' }).where('id', '=', signalId).execute();
      const [e] = await appendSignalEvents(trx, signalId, [{ type: 'closed', price: 1.305, actor: 'system' }]);
      // The hourly job starts while the close still holds the chain: it must not sign the head before it.
      pending = writeCheckpoint(db.db, signer).then((c) => (signed = c));
      await new Promise((r) => setTimeout(r, 500));
      expect(signed).toBeUndefined();
      return e!;
    });
    await pending;
    expect(signed).toMatchObject({ headId: appended.id, headHash: appended.hash, eventCount: 2 });
    // A checkpoint after it signs the same head; the heads never go back as the ids rise.
    const after = await writeCheckpoint(db.db, signer);
    expect(after!.headId).toBe(appended.id);
    const heads = await db.db.selectFrom('recordCheckpoints').select(['id', 'headId']).orderBy('id').execute();
    expect(heads.map((h) => Number(h.headId))).toEqual([appended.id, appended.id]);
  });
});
