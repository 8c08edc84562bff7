import { rmSync } from 'node:fs';
import { DESK_NOTICE, MESSAGE_OR_IMAGE_REQUIRED } from '@t0/contracts/domain/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realPng } from './files';
import { open, type StreamReader } from './live-reader';
import {
  endAllAccess,
  signUp,
  signUpAdmin,
  signUpSubscriber,
  startTestApp,
  testDbKinds,
  until,
  type TestApp,
  type TestClient,
} from './harness';

// Messages between the desk and its subscribers (issue 45, docs/features/messages.md).
const kinds = await testDbKinds();

describe.each(kinds)('messages between the desk and its subscribers on %s', (kind) => {
  let t: TestApp;
  /** A second app on the same database: the rate limit is the database's, shared by every process. */
  let other: TestApp;
  let admin: TestClient;
  let adminId: number;
  let sub: { client: TestClient; id: number };
  let neighbour: { client: TestClient; id: number };
  const streams: StreamReader[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind);
    other = await startTestApp(kind, {}, { db: t.db });
    ({ client: admin, id: adminId } = await signUpAdmin(t));
    sub = await signUpSubscriber(t);
    neighbour = await signUpSubscriber(t);
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    // The second app shares the first one's database: it is closed without dropping it.
    await other?.app.close();
    if (other) rmSync(other.dataDir, { recursive: true, force: true });
    await t?.close();
  });

  const thread = async (client: TestClient) => {
    const res = await client.get('/api/user/messages');
    expect(res.status).toBe(200);
    return res.body;
  };
  /** A client of the same account on the other app (its session cookie is valid there too). */
  const onOther = (client: TestClient) => {
    const c = other.client();
    (c as unknown as { cookies: Map<string, string> }).cookies = new Map(
      client.cookieHeader.split('; ').map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]),
    );
    return c;
  };
  const uploadImage = async (client: TestClient, body: Buffer, fileName = 'chart.png') => {
    const url = await client.post('/api/user/messages/upload-image', { fileName });
    expect(url.status).toBe(200);
    const put = await client.request('PUT', url.body.uploadURL, body);
    expect(put.status).toBe(200);
    return put.body.url as string;
  };

  it('refuses a message with neither text nor image, and one too long, storing nothing', async () => {
    const empty = await sub.client.post('/api/user/messages', {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MESSAGE_OR_IMAGE_REQUIRED);
    expect(empty.body.fields).toEqual([
      expect.objectContaining({ path: 'message', message: MESSAGE_OR_IMAGE_REQUIRED }),
    ]);
    const blank = await sub.client.post('/api/user/messages', { message: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(MESSAGE_OR_IMAGE_REQUIRED);
    const long = await sub.client.post('/api/user/messages', { message: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.fields[0].path).toBe('message');
    const control = await sub.client.post('/api/user/messages', { message: 'hi\u0007' });
    expect(control.status).toBe(400);
    const foreign = await sub.client.post('/api/user/messages', { imageUrl: 'https://elsewhere.test/a.png' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields[0].path).toBe('imageUrl');
    const body = await thread(sub.client);
    expect(body).toMatchObject({ notice: DESK_NOTICE, canWrite: true, messages: [] });
  });

  it('a desk reply reaches the subscriber’s open stream and not another subscriber’s; read receipts', async () => {
    const first = await sub.client.post('/api/user/messages', { message: 'How do I change my plan?' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: 'How do I change my plan?', isFromAdmin: false, isRead: false });

    const inbox = await admin.get('/api/admin/messages');
    expect(inbox.status).toBe(200);
    expect(inbox.body.threads[0]).toMatchObject({
      userId: sub.id,
      unread: 1,
      status: 'open',
      lastMessage: 'How do I change my plan?',
    });
    expect((await admin.get('/api/admin/messages?search=change%20my')).body.threads.map((x: any) => x.userId)).toEqual([
      sub.id,
    ]);
    expect((await admin.get('/api/admin/messages?search=nothing-like-this')).body.threads).toEqual([]);
    expect((await sub.client.get('/api/admin/messages')).status).toBe(403);

    const mine = await open(t, sub.client);
    const theirs = await open(t, neighbour.client);
    streams.push(mine, theirs);
    const reply = await admin.post(`/api/admin/messages/${sub.id}`, { message: 'Billing > Change plan.' });
    expect(reply.status).toBe(200);
    // The desk's first reply opens with the standing notice; the next ones do not.
    expect(reply.body).toMatchObject({
      userId: sub.id,
      isFromAdmin: true,
      message: `${DESK_NOTICE}\n\nBilling > Change plan.`,
    });
    await until(
      () => mine.of('message.changed'),
      (f) => f.some((x) => x.data?.messageId === reply.body.id),
    );
    // A later event the neighbour does receive proves their stream is live and was passed over.
    const own = await neighbour.client.post('/api/user/messages', { message: 'Hello' });
    await until(
      () => theirs.of('message.changed'),
      (f) => f.some((x) => x.data?.messageId === own.body.id),
    );
    expect(theirs.of('message.changed').every((x) => x.data.userId === neighbour.id)).toBe(true);
    expect(mine.of('message.changed').every((x) => x.data.userId === sub.id)).toBe(true);

    expect((await admin.post(`/api/admin/messages/${sub.id}/read`)).body).toEqual({ marked: 1 });
    expect((await sub.client.post('/api/user/messages/read')).body).toEqual({ marked: 1 });
    const after = await thread(sub.client);
    expect(after.messages.map((m: any) => [m.isFromAdmin, m.isRead, m.readAt !== null])).toEqual([
      [false, true, true],
      [true, true, true],
    ]);
    expect((await admin.get(`/api/admin/messages/${sub.id}`)).body.thread.unread).toBe(0);
    // The neighbour sees only their own thread.
    expect((await thread(neighbour.client)).messages.map((m: any) => m.message)).toEqual(['Hello']);
  });

  it('an image is served to the thread’s two parties only', async () => {
    const url = await uploadImage(sub.client, realPng(3));
    const sent = await sub.client.post('/api/user/messages', { imageUrl: url });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ message: null, imageUrl: url });
    expect((await sub.client.get(url)).status).toBe(200);
    expect((await admin.get(url)).status).toBe(200);
    expect((await neighbour.client.get(url)).status).toBe(403);
    expect((await t.client().get(url)).status).toBe(401);
    // Nobody else can put the image in their own thread to read it.
    const taken = await neighbour.client.post('/api/user/messages', { imageUrl: url });
    expect(taken.status).toBe(400);
    expect(taken.body.fields[0].path).toBe('imageUrl');
    expect((await neighbour.client.get(url)).status).toBe(403);
  });

  it('an image is stored without its EXIF', async () => {
    // A JPEG whose APP1 segment carries EXIF with a position, then its tables and scan.
    const segment = (marker: number, payload: Buffer) =>
      Buffer.concat([Buffer.from([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]), payload]);
    const exif = segment(0xe1, Buffer.from('Exif\0\0MM GPSLatitude 51.5074 N', 'latin1'));
    const jfif = segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'));
    const scan = Buffer.from([0xff, 0xda, 0, 8, 1, 1, 0, 0, 0x3f, 0, 0x12, 0x34, 0xff, 0xd9]);
    const photo = Buffer.concat([Buffer.from([0xff, 0xd8]), jfif, exif, scan]);
    const url = await uploadImage(sub.client, photo, 'photo.jpg');
    expect((await sub.client.post('/api/user/messages', { imageUrl: url })).status).toBe(200);
    const res = await fetch(t.url + url, { headers: { cookie: sub.client.cookieHeader } });
    expect(res.status).toBe(200);
    const served = Buffer.from(await res.arrayBuffer());
    expect(served.includes(Buffer.from('GPSLatitude'))).toBe(false);
    expect(served.includes(Buffer.from('Exif'))).toBe(false);
    expect(served.equals(Buffer.concat([Buffer.from([0xff, 0xd8]), jfif, scan]))).toBe(true);
  });

  it('the 11th message of a day is a 429 with Retry-After, from another process too', async () => {
    const writer = await signUpSubscriber(t);
    const there = onOther(writer.client);
    for (let i = 1; i <= 10; i++) {
      const client = i % 2 ? writer.client : there;
      const res = await client.post('/api/user/messages', { message: `Question ${i}` });
      expect(res.status).toBe(200);
    }
    for (const client of [there, writer.client]) {
      const res = await client.post('/api/user/messages', { message: 'One more' });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(86_000);
    }
    expect((await thread(writer.client)).messages).toHaveLength(10);
  });

  it('the desk closes, reopens, assigns and stops writing; a subscriber whose access ended reads but cannot write', async () => {
    const closed = await admin.patch(`/api/admin/messages/${sub.id}`, { status: 'closed', assignedTo: adminId });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body).toMatchObject({ status: 'closed', assignedTo: adminId });
    const notDesk = await admin.patch(`/api/admin/messages/${sub.id}`, { assignedTo: neighbour.id });
    expect(notDesk.status).toBe(400);
    expect(notDesk.body.fields[0].path).toBe('assignedTo');
    expect((await admin.get('/api/admin/messages?status=closed')).body.threads.map((x: any) => x.userId)).toEqual([
      sub.id,
    ]);
    // A new message from the subscriber opens the thread again.
    expect((await sub.client.post('/api/user/messages', { message: 'Thanks' })).status).toBe(200);
    expect((await admin.get(`/api/admin/messages/${sub.id}`)).body.thread.status).toBe('open');

    const stop = await admin.patch(`/api/admin/messages/${sub.id}`, { writingStopped: true });
    expect(stop.body.writingStopped).toBe(true);
    const audit = await admin.get('/api/admin/audit');
    expect(JSON.stringify(audit.body)).toContain('messages.update');
    expect((await sub.client.post('/api/user/messages', { message: 'Hello?' })).status).toBe(403);
    expect((await thread(sub.client)).canWrite).toBe(false);
    await admin.patch(`/api/admin/messages/${sub.id}`, { writingStopped: false });

    const lapsed = await signUpSubscriber(t);
    expect((await lapsed.client.post('/api/user/messages', { message: 'Before' })).status).toBe(200);
    await admin.post(`/api/admin/messages/${lapsed.id}`, { message: 'Reply' });
    const second = await admin.post(`/api/admin/messages/${lapsed.id}`, { message: 'Anything else?' });
    expect(second.body.message).toBe('Anything else?');
    await endAllAccess(t, lapsed.id);
    const refused = await lapsed.client.post('/api/user/messages', { message: 'After' });
    expect(refused.status).toBe(403);
    const kept = await thread(lapsed.client);
    expect(kept).toMatchObject({ canWrite: false, reason: 'Active subscription required' });
    expect(kept.messages.map((m: any) => m.message)).toEqual(['Before', `${DESK_NOTICE}\n\nReply`, 'Anything else?']);
    // Never a subscriber: no thread to write.
    expect((await (await signUp(t)).client.post('/api/user/messages', { message: 'Hi' })).status).toBe(403);
  });
});
