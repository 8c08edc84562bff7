import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { mutationsSettled } from './mutations-settled';

describe('waiting for the tab’s own requests before asking who it is', () => {
  it('resolves at once with nothing in flight, and only after a mutation in flight has answered', async () => {
    const qc = new QueryClient();
    await mutationsSettled(qc);
    let answered = false;
    let finish!: () => void;
    const change = qc
      .getMutationCache()
      .build(qc, { mutationFn: () => new Promise<void>((r) => (finish = r)) })
      .execute(undefined);
    await new Promise((r) => setTimeout(r, 0));
    expect(qc.isMutating()).toBe(1);
    let settled = false;
    const waiting = mutationsSettled(qc).then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    finish();
    await change.then(() => (answered = true));
    await waiting;
    expect(answered && settled).toBe(true);
  });

  it('gives up waiting after its limit', async () => {
    const qc = new QueryClient();
    void qc
      .getMutationCache()
      .build(qc, { mutationFn: () => new Promise<void>(() => undefined) })
      .execute(undefined);
    await new Promise((r) => setTimeout(r, 0));
    const t0 = Date.now();
    await mutationsSettled(qc, 50);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(45);
    expect(qc.isMutating()).toBe(1);
  });
});
