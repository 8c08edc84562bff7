import { describe, expect, it, vi } from 'vitest';
import { LiveHub, type HubSource } from './hub';

describe('LiveHub catch-up', () => {
  it('reads the events again shortly after a read the database did not answer, without another notice, and logs no error', async () => {
    let reads = 0;
    const source = {
      newestEventId: async () => 0,
      listEventsAfter: async () => {
        reads++;
        if (reads === 1) throw new Error('Query read timeout');
        return [];
      },
      hasEventsAfter: async () => false,
    } as unknown as HubSource;
    const log = { warn: vi.fn(), error: vi.fn() };
    const hub = new LiveHub(source, { maxStreams: 10, maxPerUser: 5, log });
    try {
      hub.setLive(true);
      hub.notice('e:1');
      const t0 = Date.now();
      while (reads < 2 && Date.now() - t0 < 3_000) await new Promise((r) => setTimeout(r, 20));
      expect(reads).toBe(2);
      await hub.settled();
      expect(log.warn).toHaveBeenCalledWith(
        expect.objectContaining({ err: expect.any(Error) }),
        'live events not read; reading again shortly',
      );
      expect(log.error).not.toHaveBeenCalled();
    } finally {
      hub.closeAll();
    }
  });
});
