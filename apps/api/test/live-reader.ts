import { createParser } from 'eventsource-parser';
import { expect } from 'vitest';
import type { TestClient } from './harness';

/** One SSE frame as a script reads it, with when it arrived. */
export interface Frame {
  id?: string;
  event?: string;
  data?: any;
  at: number;
}

/** An open GET /api/stream, read as a script would: its frames as they arrive. */
export class StreamReader {
  readonly frames: Frame[] = [];
  ended = false;
  status = 0;
  headers: Headers | undefined;
  private readonly abort = new AbortController();
  readonly opened: Promise<void>;

  constructor(base: string, client: TestClient | null, lastEventId?: string, extra: Record<string, string> = {}) {
    const headers: Record<string, string> = {
      ...(client ? { cookie: client.cookieHeader } : {}),
      accept: 'text/event-stream',
      ...extra,
    };
    if (lastEventId) headers['last-event-id'] = lastEventId;
    this.opened = fetch(base + '/api/stream', { headers, signal: this.abort.signal }).then((res) => {
      this.status = res.status;
      this.headers = res.headers;
      void this.read(res);
    });
  }

  private async read(res: Response) {
    if (!res.body) return;
    const parser = createParser({
      onEvent: ({ id, event, data }) => {
        if (event) this.frames.push({ id, event, data: data ? JSON.parse(data) : undefined, at: Date.now() });
      },
    });
    try {
      for await (const text of res.body.pipeThrough(new TextDecoderStream()) as unknown as AsyncIterable<string>)
        parser.feed(text);
    } catch {
      /* aborted */
    }
    this.ended = true;
  }

  of(type: string) {
    return this.frames.filter((f) => f.event === type);
  }

  close() {
    this.abort.abort();
  }
}

export async function open(
  t: { url: string },
  client: TestClient | null,
  lastEventId?: string,
  extra: Record<string, string> = {},
) {
  const r = new StreamReader(t.url, client, lastEventId, extra);
  await r.opened;
  expect(r.status).toBe(200);
  // Give the hub a moment to register the stream before the test changes anything.
  await new Promise((res) => setTimeout(res, 50));
  return r;
}
