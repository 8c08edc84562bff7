import { rmSync } from 'node:fs';
import {
  DESK_MESSAGE_TELEGRAM_HINT,
  DESK_MESSAGE_TITLE,
  DESK_NOTICE,
  MESSAGE_OR_IMAGE_REQUIRED,
  SAVED_REPLIES_FULL,
  SAVED_REPLIES_MAX,
} from '@t0/contracts/domain/messages/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandEntities, FakeTelegramBotApi } from '../fakes/telegram-bot-api';
import sharp from 'sharp';
import { createImageLinks } from '../../src/adapters/storage/image-links';
import { padded, realPng, storedFiles } from '../files';
import { open, type StreamReader } from '../live-reader';
import {
  endAllAccess,
  grantPlan,
  oneTestDbKind,
  signUp,
  signUpAdmin,
  signUpSubscriber,
  startTestApp,
  testDbKinds,
  until,
  type TestApp,
  type TestClient,
} from '../harness';

// Messages between the desk and its subscribers (docs/features/messages.md).
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

  /** The image of the thread's last message, as this reader's answer gives it (a link signed for them). */
  const lastImage = async (client: TestClient, path = '/api/user/messages') => {
    const res = await client.get(path);
    expect(res.status).toBe(200);
    return res.body.messages.at(-1).imageUrl as string;
  };
  const fetchImage = (client: TestClient, link: string) =>
    fetch(t.url + link, { headers: { cookie: client.cookieHeader } });

  it('an image is served by a short-lived link to the thread’s two parties only', async () => {
    const url = await uploadImage(sub.client, realPng(3));
    const sent = await sub.client.post('/api/user/messages', { imageUrl: url });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBeNull();
    expect(sent.body.imageUrl.startsWith(`${url}?exp=`)).toBe(true);
    const mine = await lastImage(sub.client);
    const desks = await lastImage(admin, `/api/admin/messages/${sub.id}`);
    expect(mine.startsWith(`${url}?exp=`)).toBe(true);
    // A link is valid for about MESSAGE_IMAGE_LINK_MINUTES (10).
    const exp = Number(new URL(mine, t.url).searchParams.get('exp'));
    expect(exp * 1000 - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(10 * 60_000);

    const read = await fetchImage(sub.client, mine);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(Number(read.headers.get('cache-control')?.match(/max-age=(\d+)/)?.[1])).toBeLessThanOrEqual(300);
    expect((await admin.get(desks)).status).toBe(200);
    // Another account's link, the stored path itself, an altered link: nothing.
    expect((await admin.get(mine)).status).toBe(404);
    for (const link of [mine, desks, url, mine.replace(/sig=./, 'sig=A').replace(/sig=AA/, 'sig=BA')]) {
      const res = await fetchImage(neighbour.client, link);
      expect(res.status).toBe(404);
      expect((await res.arrayBuffer()).byteLength).toBeLessThan(100);
    }
    expect((await sub.client.get(url)).status).toBe(404);
    const moved = new URL(mine, t.url);
    moved.searchParams.set('exp', String(exp + 3600));
    expect((await sub.client.get(moved.pathname + moved.search)).status).toBe(404);
    expect((await t.client().get(mine)).status).toBe(401);
    // An expired link (signed as eleven minutes ago, with the server's own key) gives nothing.
    const past = createImageLinks(t.config.sessionSecrets[0]!, { now: () => Date.now() - 11 * 60_000 });
    const expired = past.sign(url, sub.id);
    expect((await sub.client.get(mine)).status).toBe(200);
    expect((await sub.client.get(expired)).status).toBe(404);
    // Nobody else can put the image in their own thread to read it.
    const taken = await neighbour.client.post('/api/user/messages', { imageUrl: url });
    expect(taken.status).toBe(400);
    expect(taken.body.fields[0].path).toBe('imageUrl');
    expect((await thread(neighbour.client)).messages.some((m: any) => m.imageUrl)).toBe(false);
  });

  it('an image is decoded and written again: no EXIF, upright, at most 2,560 px; a non-image is a 400', async () => {
    // A JPEG photo as a phone writes it: EXIF with a position and its maker, turned (orientation 6).
    const photo = await sharp({ create: { width: 3000, height: 1200, channels: 3, background: '#3a6ea5' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 12', Copyright: 'Someone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(photo.includes(Buffer.from('PhoneMaker'))).toBe(true);

    const url = await uploadImage(sub.client, photo, 'photo.jpg');
    expect(url).toMatch(/\.jpg$/);
    expect((await sub.client.post('/api/user/messages', { imageUrl: url })).status).toBe(200);
    const res = await fetchImage(sub.client, await lastImage(sub.client));
    expect(res.status).toBe(200);
    const served = Buffer.from(await res.arrayBuffer());
    const after = await sharp(served).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // Turned upright (a quarter turn: portrait), then scaled down to 2,560 px on its longest side.
    expect([after.width, after.height]).toEqual([1024, 2560]);
    expect(served.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect(served.includes(Buffer.from('Exif'))).toBe(false);

    // An animated GIF stays animated, as a WebP.
    const frame = (colour: string) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#ff0000'), await frame('#00ff00')], { join: { animated: true } })
      .gif({ loop: 0, delay: [100, 100] })
      .toBuffer();
    const gifUrl = await uploadImage(sub.client, gif, 'wave.gif');
    expect(gifUrl).toMatch(/\.webp$/);
    expect((await sub.client.post('/api/user/messages', { imageUrl: gifUrl })).status).toBe(200);
    const moving = await fetchImage(sub.client, await lastImage(sub.client));
    expect(moving.headers.get('content-type')).toBe('image/webp');
    const webp = await sharp(Buffer.from(await moving.arrayBuffer()), { animated: true }).metadata();
    expect([webp.format, webp.pages, webp.width, webp.pageHeight]).toEqual(['webp', 2, 40, 30]);

    // A file that starts like a PNG but is not one: 400 naming the file, nothing stored.
    const stored = storedFiles(t.dataDir);
    const link = await sub.client.post('/api/user/messages/upload-image', { fileName: 'broken.png' });
    const put = await sub.client.request('PUT', link.body.uploadURL, padded(realPng().subarray(0, 40), 4096));
    expect(put.status).toBe(400);
    expect(put.body.fields).toEqual([expect.objectContaining({ path: 'file' })]);
    expect(storedFiles(t.dataDir)).toEqual(stored);
    // Text is not of an image type at all (refused by its first bytes, as before).
    const text = await sub.client.post('/api/user/messages/upload-image', { fileName: 'notes.png' });
    expect((await sub.client.request('PUT', text.body.uploadURL, Buffer.from('just some words'))).status).toBe(415);
    expect(storedFiles(t.dataDir)).toEqual(stored);
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

  it('an analyst answers the threads of their rooms’ subscribers only, and only their streams hear them', async () => {
    // Analyst A publishes in the main room (the monthly plan's: `sub`'s and `neighbour`'s), B in Gold.
    expect((await admin.post('/api/admin/rooms', { slug: 'gold', name: 'Gold', instruments: ['US30'] })).status).toBe(
      200,
    );
    const plan = await admin.post('/api/admin/plans', {
      key: 'gold',
      name: 'Gold',
      rooms: ['gold'],
      terms: 'recurring',
      interval: 'month',
      intervalCount: 1,
      amountCents: 9900,
      currency: 'usd',
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    const a = await signUp(t);
    const b = await signUp(t);
    for (const [u, displayName, rooms] of [
      [a, 'Main Analyst', ['main']],
      [b, 'Gold Analyst', ['gold']],
    ] as const) {
      const made = await admin.post(`/api/admin/users/${u.id}/analyst`, { displayName, title: 'Analyst', rooms });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
    }
    const gold = await signUp(t);
    await grantPlan(t, gold.id, 'gold');
    expect((await gold.client.post('/api/user/messages', { message: 'A Gold question' })).status).toBe(200);

    // Each analyst's inbox holds their rooms' subscribers; the other thread is 403 to them.
    const inboxOf = async (c: TestClient) => {
      const res = await c.get('/api/admin/messages');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.threads.map((x: any) => x.userId);
    };
    expect(await inboxOf(a.client)).toEqual(expect.arrayContaining([sub.id, neighbour.id]));
    expect(await inboxOf(a.client)).not.toContain(gold.id);
    expect(await inboxOf(b.client)).toEqual([gold.id]);
    expect((await admin.get('/api/admin/messages')).body.threads.map((x: any) => x.userId)).toEqual(
      expect.arrayContaining([sub.id, neighbour.id, gold.id]),
    );
    expect((await a.client.get(`/api/admin/messages/${gold.id}`)).status).toBe(403);
    expect((await a.client.post(`/api/admin/messages/${gold.id}`, { message: 'Not mine' })).status).toBe(403);
    expect((await a.client.post(`/api/admin/messages/${gold.id}/read`)).status).toBe(403);
    expect((await b.client.get(`/api/admin/messages/${sub.id}`)).status).toBe(403);
    const goldThread = await b.client.get(`/api/admin/messages/${gold.id}`);
    expect(goldThread.status).toBe(200);
    expect(goldThread.body.messages.map((m: any) => m.message)).toEqual(['A Gold question']);
    expect((await b.client.post(`/api/admin/messages/${gold.id}/read`)).body).toEqual({ marked: 1 });

    // A replies to their room's subscriber: the subscriber and A hear it, B hears nothing of it.
    const mine = await open(t, sub.client);
    const aStream = await open(t, a.client);
    const bStream = await open(t, b.client);
    streams.push(mine, aStream, bStream);
    const reply = await a.client.post(`/api/admin/messages/${sub.id}`, { message: 'From the main room’s analyst.' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ userId: sub.id, isFromAdmin: true, message: 'From the main room’s analyst.' });
    expect((await thread(sub.client)).messages.at(-1).message).toBe('From the main room’s analyst.');
    for (const stream of [mine, aStream])
      await until(
        () => stream.of('message.changed'),
        (f) => f.some((x) => x.data?.messageId === reply.body.id),
      );
    // A later message B does hear proves B's stream live and passed over; A hears nothing of Gold's.
    const goldAgain = await gold.client.post('/api/user/messages', { message: 'Gold again' });
    await until(
      () => bStream.of('message.changed'),
      (f) => f.some((x) => x.data?.messageId === goldAgain.body.id),
    );
    expect(bStream.of('message.changed').every((x) => x.data.userId === gold.id)).toBe(true);
    expect(aStream.of('message.changed').some((x) => x.data.userId === gold.id)).toBe(false);

    // An image of the thread: the analyst who answers it reads it by their link; the other analyst
    // reads the thread not at all, and neither A's link nor the stored path.
    const url = await uploadImage(sub.client, realPng(5));
    expect((await sub.client.post('/api/user/messages', { imageUrl: url })).status).toBe(200);
    const aLink = await lastImage(a.client, `/api/admin/messages/${sub.id}`);
    expect((await a.client.get(aLink)).status).toBe(200);
    expect((await b.client.get(aLink)).status).toBe(404);
    expect((await b.client.get(url)).status).toBe(404);

    // Assigning names a desk member who answers the thread; stopping writing is administrators' only.
    const assigned = await a.client.patch(`/api/admin/messages/${sub.id}`, { assignedTo: a.id, status: 'closed' });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body).toMatchObject({ assignedTo: a.id, assignedToEmail: a.email, status: 'closed' });
    expect((await a.client.patch(`/api/admin/messages/${sub.id}`, { status: 'open' })).body.status).toBe('open');
    const notTheirs = await admin.patch(`/api/admin/messages/${gold.id}`, { assignedTo: a.id });
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.body.fields[0].path).toBe('assignedTo');
    expect((await admin.patch(`/api/admin/messages/${gold.id}`, { assignedTo: b.id })).body.assignedTo).toBe(b.id);
    const stop = await a.client.patch(`/api/admin/messages/${sub.id}`, { writingStopped: true });
    expect(stop.status).toBe(403);
    expect((await admin.get(`/api/admin/messages/${sub.id}`)).body.thread.writingStopped).toBe(false);
    const refusals = await t.db.db
      .selectFrom('auditLog')
      .select(['action', 'reason'])
      .where('actorId', '=', a.id)
      .where('outcome', '=', 'refused')
      .execute();
    expect(refusals).toEqual(
      expect.arrayContaining([
        { action: 'messages.thread', reason: 'not their room' },
        { action: 'messages.update', reason: 'not an administrator' },
      ]),
    );

    // The subscriber's access to Gold ends: the Gold analyst no longer answers the thread.
    await endAllAccess(t, gold.id);
    expect((await b.client.get(`/api/admin/messages/${gold.id}`)).status).toBe(403);
    expect(await inboxOf(b.client)).toEqual([]);
  });

  it('the desk keeps saved replies: administrators write them, audited; bad input names the field', async () => {
    const made = await admin.post('/api/admin/messages/saved-replies', {
      title: '  Change plan ',
      text: 'Billing > Change plan,\nthen choose the plan.',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ title: 'Change plan', text: 'Billing > Change plan,\nthen choose the plan.' });
    for (const [body, field] of [
      [{ title: '', text: 'x' }, 'title'],
      [{ title: 'x'.repeat(101), text: 'x' }, 'title'],
      [{ title: 'Long', text: 'x'.repeat(2001) }, 'text'],
      [{ title: 'Bell', text: 'ring\u0007' }, 'text'],
      [{ title: 'No text' }, 'text'],
    ] as const) {
      const bad = await admin.post('/api/admin/messages/saved-replies', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.fields[0].path).toBe(field);
    }
    const changed = await admin.patch(`/api/admin/messages/saved-replies/${made.body.id}`, { title: 'Plans' });
    expect(changed.body).toMatchObject({ id: made.body.id, title: 'Plans', text: made.body.text });
    expect((await admin.patch('/api/admin/messages/saved-replies/999999', { title: 'x' })).status).toBe(404);
    const listed = await admin.get('/api/admin/messages/saved-replies');
    expect(listed.body.replies).toEqual([expect.objectContaining({ id: made.body.id, title: 'Plans' })]);
    // A subscriber neither reads nor writes them.
    expect((await sub.client.get('/api/admin/messages/saved-replies')).status).toBe(403);
    expect((await sub.client.post('/api/admin/messages/saved-replies', { title: 'x', text: 'y' })).status).toBe(403);

    // At most SAVED_REPLIES_MAX: the next one is a 409 and stores nothing.
    await t.db.db
      .insertInto('savedReplies')
      .values(Array.from({ length: SAVED_REPLIES_MAX - 1 }, (_, i) => ({ title: `Filler ${i}`, body: 'x' })))
      .execute();
    const full = await admin.post('/api/admin/messages/saved-replies', { title: 'One more', text: 'y' });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(SAVED_REPLIES_FULL);
    expect((await admin.get('/api/admin/messages/saved-replies')).body.replies).toHaveLength(SAVED_REPLIES_MAX);
    await t.db.db.deleteFrom('savedReplies').where('title', 'like', 'Filler %').execute();

    expect((await admin.delete(`/api/admin/messages/saved-replies/${made.body.id}`)).body).toEqual({
      success: true,
      id: made.body.id,
    });
    expect((await admin.delete(`/api/admin/messages/saved-replies/${made.body.id}`)).status).toBe(404);
    const actions = await t.db.db
      .selectFrom('auditLog')
      .select('action')
      .where('actorId', '=', adminId)
      .where('outcome', '!=', 'refused')
      .where('action', 'like', 'messages.%SavedReply')
      .execute();
    expect(actions.map((r) => r.action)).toEqual(
      expect.arrayContaining(['messages.createSavedReply', 'messages.updateSavedReply', 'messages.deleteSavedReply']),
    );
  });
});

// The desk's reply by the subscriber's own channels (Telegram and e-mail here), and their text to the
// bot landing in their thread. One database kind: the routing and the jobs are the delivery tests'.
const TG_TOKEN = '7000000045:AAdesk-messages_for-the-fake-bot-api';
const TG_SECRET = 'desk-messages-webhook-secret_0123456789';

describe.each(await oneTestDbKind())('the desk’s replies by the channels, and Telegram replies, on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  const tg = new FakeTelegramBotApi(TG_TOKEN, { id: 7000000045, username: 'T0DeskBot' });
  let sub: Awaited<ReturnType<typeof signUpSubscriber>> & { chatId: number };
  let neighbour: Awaited<ReturnType<typeof signUpSubscriber>> & { chatId: number };
  let updateId = 1;
  let chatSeq = 770_000_001;

  const sentTo = (chat: number) =>
    tg.calls.filter((c) => c.method === 'sendMessage' && String(c.body.chat_id) === String(chat));
  const linked = async () => {
    const s = await signUpSubscriber(t);
    const chatId = chatSeq++;
    await t.db.db
      .insertInto('telegramLinks')
      .values({ userId: s.id, chatId: String(chatId), username: `trader${chatId}` })
      .execute();
    return { ...s, chatId };
  };
  /** A private message to the bot, as Telegram posts it (optionally a reply to one of the bot's). */
  const say = (chatId: number, text: string, replyTo?: string) =>
    t.client().request(
      'POST',
      '/api/webhooks/telegram',
      {
        update_id: updateId++,
        message: {
          message_id: updateId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: 'private' },
          from: { id: chatId, is_bot: false, first_name: 'T' },
          text,
          entities: commandEntities(text),
          ...(replyTo
            ? {
                reply_to_message: {
                  message_id: 1,
                  date: 1,
                  chat: { id: chatId, type: 'private' },
                  from: { id: 7000000045, is_bot: true, first_name: 'T0DeskBot' },
                  text: replyTo,
                },
              }
            : {}),
        },
      },
      { 'x-telegram-bot-api-secret-token': TG_SECRET },
    );
  const thread = async (client: TestClient) => (await client.get('/api/user/messages')).body.messages as any[];

  beforeAll(async () => {
    t = await startTestApp(kind, {
      TELEGRAM_BOT_TOKEN: TG_TOKEN,
      TELEGRAM_WEBHOOK_SECRET: TG_SECRET,
      TELEGRAM_API_ROOT: await tg.start(),
      MESSAGES_PER_DAY: '3',
    });
    ({ client: admin } = await signUpAdmin(t));
    sub = await linked();
    neighbour = await linked();
  });
  afterAll(async () => {
    await t?.close();
    await tg.stop();
  });

  it('sends a notice of the desk’s reply to the thread’s subscriber by Telegram and e-mail, never its text', async () => {
    const body = 'Your plan renews on the 3rd; the invoice is under Billing.';
    expect((await admin.post(`/api/admin/messages/${sub.id}`, { message: body })).status).toBe(200);
    const [notice] = await until(
      async () => sentTo(sub.chatId),
      (l) => l.length >= 1,
      10_000,
      50,
    );
    const text = String(notice!.body.text);
    expect(text).toContain(DESK_MESSAGE_TITLE);
    expect(text).toContain(DESK_MESSAGE_TELEGRAM_HINT);
    expect(text).toContain(`${t.config.publicUrl}/messages`);
    expect(text).not.toContain('invoice');
    const [mail] = await until(
      async () => t.mailed().filter((m) => m.to === sub.email),
      (l) => l.length >= 1,
      10_000,
      50,
    );
    expect(mail).toMatchObject({ kind: 'desk_message', subject: `T0 Terminal: ${DESK_MESSAGE_TITLE}` });
    expect(mail!.text).toContain(`${t.config.publicUrl}/messages`);
    expect(mail!.text).not.toContain('invoice');
    // Only the thread's subscriber: the neighbour's chat and address get nothing.
    expect(sentTo(neighbour.chatId)).toEqual([]);
    expect(t.mailed().filter((m) => m.to === neighbour.email)).toEqual([]);

    // Their matrix decides: MESSAGES FROM THE DESK off for e-mail, the next reply goes by Telegram only.
    const prefs = (await sub.client.get('/api/user/delivery-preferences')).body;
    const put = await sub.client.put('/api/user/delivery-preferences', {
      ...prefs,
      channelStates: undefined,
      channels: { ...prefs.channels, desk_message: { ...prefs.channels.desk_message, email: false } },
    });
    expect(put.status).toBe(200);
    expect((await admin.post(`/api/admin/messages/${sub.id}`, { message: 'One more thing.' })).status).toBe(200);
    await until(
      async () => sentTo(sub.chatId),
      (l) => l.length >= 2,
      10_000,
      50,
    );
    const rows = await until(
      () =>
        t.db.db
          .selectFrom('deliveries')
          .select(['channel', 'status'])
          .where('userId', '=', sub.id)
          .where('event', '=', 'desk_message')
          .orderBy('id')
          .execute(),
      (r) => r.length === 3 && r.every((d) => d.status === 'sent'),
      10_000,
      50,
    );
    expect(rows.map((r) => r.channel).sort()).toEqual(['email', 'telegram', 'telegram']);
    expect(t.mailed().filter((m) => m.to === sub.email)).toHaveLength(1);
  });

  it('stores a linked subscriber’s reply to the notice, and a plain text, as their messages; refuses as the web does', async () => {
    const notice = String(sentTo(sub.chatId)[0]!.body.text);
    const replied = await say(sub.chatId, 'Thanks, and when is the next invoice?', notice);
    expect(replied.body).toMatchObject({ ok: true, outcome: 'message_stored' });
    expect((await say(sub.chatId, 'Also: can I pay yearly?')).body).toMatchObject({ outcome: 'message_stored' });
    const mine = (await thread(sub.client)).filter((m) => !m.isFromAdmin);
    expect(mine.map((m) => m.message)).toEqual(['Thanks, and when is the next invoice?', 'Also: can I pay yearly?']);
    expect(String(sentTo(sub.chatId).at(-1)!.body.text)).toContain('Sent to the desk');
    // The desk's inbox shows it like any other message.
    const inbox = (await admin.get('/api/admin/messages')).body.threads;
    expect(inbox.find((x: any) => x.userId === sub.id)).toMatchObject({
      unread: 2,
      lastMessage: 'Also: can I pay yearly?',
    });

    // The same rules: too long, control characters, a command, then the daily limit (3 here).
    expect((await say(sub.chatId, 'x'.repeat(2001))).body).toMatchObject({ outcome: 'message_refused' });
    expect(String(sentTo(sub.chatId).at(-1)!.body.text)).toContain('at most 2,000 characters');
    expect((await say(sub.chatId, 'bell\u0007')).body).toMatchObject({ outcome: 'message_refused' });
    expect((await say(sub.chatId, '/help')).body).toMatchObject({ outcome: 'help' });
    expect((await say(sub.chatId, 'Third one.')).body).toMatchObject({ outcome: 'message_stored' });
    expect((await say(sub.chatId, 'Fourth one.')).body).toMatchObject({ outcome: 'message_refused' });
    expect(String(sentTo(sub.chatId).at(-1)!.body.text)).toContain('At most 3 messages a day');
    expect((await thread(sub.client)).filter((m) => !m.isFromAdmin)).toHaveLength(3);
    // A chat linked to no account stores nothing: the bot answers how to link.
    expect((await say(779_999_999, 'Hello?')).body).toMatchObject({ outcome: 'help' });
    // A subscriber whose access ended is refused in the chat.
    await endAllAccess(t, neighbour.id);
    expect((await say(neighbour.chatId, 'Still there?')).body).toMatchObject({ outcome: 'message_refused' });
    expect(String(sentTo(neighbour.chatId).at(-1)!.body.text)).toContain('Active subscription required');
    expect(await thread(neighbour.client)).toEqual([]);
  });
});
