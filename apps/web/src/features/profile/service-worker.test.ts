import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

// The service worker (public/sw.js) run as a browser would: its push and notificationclick
// handlers, with the registration, the windows and fetch faked.
const source = readFileSync(path.join(import.meta.dirname, '../../../public/sw.js'), 'utf8');

interface Shown {
  title: string;
  options: { tag?: string; actions: { action: string; title: string }[]; data: Record<string, unknown> };
}

function worker(answer: { status: number } | 'offline') {
  const handlers = new Map<string, (event: unknown) => void>();
  const shown: Shown[] = [];
  const fetched: { url: string; init: RequestInit }[] = [];
  const opened: string[] = [];
  const self = {
    location: { origin: 'https://t0.example' },
    addEventListener: (type: string, fn: (event: unknown) => void) => handlers.set(type, fn),
    skipWaiting: () => undefined,
    registration: {
      getNotifications: async () => [],
      showNotification: async (title: string, options: Shown['options']) => void shown.push({ title, options }),
    },
    clients: {
      claim: async () => undefined,
      matchAll: async () => [],
      openWindow: async (url: string) => void opened.push(url),
    },
  };
  const fetch = async (url: string, init: RequestInit) => {
    fetched.push({ url, init });
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    return { ok: answer.status >= 200 && answer.status < 300, status: answer.status };
  };
  runInNewContext(source, { self, fetch, URL });
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve();
    handlers.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  };
  const push = (data: Record<string, unknown>) => dispatch('push', { data: { json: () => data } });
  const click = (n: Shown, action = '') =>
    dispatch('notificationclick', {
      action,
      notification: { data: n.options.data, tag: n.options.tag, close: () => undefined },
    });
  return { shown, fetched, opened, push, click };
}

const published = {
  title: 'EURUSD LONG PUBLISHED',
  body: 'New signal.',
  url: '/dashboard',
  tag: 't0-signal-40',
  id: 'msg_1',
  disclosure: '/signals/40/disclosure',
  took: '/api/signals/40/took',
  dialog: '/dashboard?signal=40',
};

describe('the service worker’s I TOOK IT action', () => {
  it('is shown beside DISCLOSURE for a published signal, and not without its path', async () => {
    const w = worker({ status: 200 });
    await w.push(published);
    expect(w.shown[0]!.options.actions.map((a) => a.action)).toEqual(['took', 'disclosure']);
    const { took: _took, ...later } = published;
    await w.push(later);
    expect(w.shown[1]!.options.actions.map((a) => a.action)).toEqual(['disclosure']);
    await w.push({ ...published, took: 'https://evil.example/api/signals/40/took' });
    expect(w.shown[2]!.options.actions.map((a) => a.action)).toEqual(['disclosure']);
  });

  it('posts the default took with the browser’s session, and says so', async () => {
    const w = worker({ status: 200 });
    await w.push(published);
    await w.click(w.shown[0]!, 'took');
    expect(w.fetched).toHaveLength(1);
    expect(new URL(w.fetched[0]!.url, 'https://t0.example').pathname).toBe('/api/signals/40/took');
    expect(w.fetched[0]!.init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{}' });
    expect(w.shown.at(-1)!.title).toBe('Marked taken');
    expect(w.opened).toEqual([]);
  });

  it('opens the signal’s dialog when it cannot record (not signed in, offline)', async () => {
    for (const answer of [{ status: 401 }, { status: 400 }, 'offline'] as const) {
      const w = worker(answer);
      await w.push(published);
      await w.click(w.shown[0]!, 'took');
      expect(w.opened).toEqual(['https://t0.example/dashboard?signal=40']);
      expect(w.shown.map((s) => s.title)).toEqual([published.title]);
    }
  });

  it('keeps DISCLOSURE and a plain click as they were', async () => {
    const w = worker({ status: 200 });
    await w.push(published);
    await w.click(w.shown[0]!, 'disclosure');
    await w.click(w.shown[0]!);
    expect(w.opened).toEqual(['https://t0.example/signals/40/disclosure', 'https://t0.example/dashboard']);
    expect(w.fetched).toEqual([]);
  });
});
