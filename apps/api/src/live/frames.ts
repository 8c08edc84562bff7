import type { LiveMessage } from '@t0/contracts/server';

const frames = new WeakMap<LiveMessage, string>();

/**
 * The SSE frame of a message (`id:`, `event:`, `data:` with its JSON on one line). Messages are
 * shared by every stream that gets the same variant, so each frame is serialised once per process.
 */
export function sseFrame(m: LiveMessage): string {
  let f = frames.get(m);
  if (f === undefined) {
    f = `id: ${m.id}\nevent: ${m.type}\ndata: ${JSON.stringify(m.data)}\n\n`;
    frames.set(m, f);
  }
  return f;
}
