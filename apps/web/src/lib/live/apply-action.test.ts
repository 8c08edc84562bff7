import type { AppRouter } from '@t0/server';
import { QueryObserver, type QueryKey } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { describe, expect, it } from 'vitest';
import { makeQueryClient } from '../trpc';
import { applyLiveAction } from './apply-action';

// Live events that arrive while a read of the same data is still on its way: that read began
// before the event, so its answer must not overwrite what the event said (it once did on a first
// load, and the bell stayed at 0 after a broadcast).

function setup() {
  const qc = makeQueryClient();
  const client = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: 'http://127.0.0.1:9/trpc' })] });
  const trpc = createTRPCOptionsProxy<AppRouter>({ client, queryClient: qc });
  return { qc, trpc };
}

/** An active query whose reads the test answers by hand, in order. */
function watch<T>(qc: ReturnType<typeof makeQueryClient>, queryKey: QueryKey) {
  const answers: Array<(value: T) => void> = [];
  const observer = new QueryObserver<T>(qc, {
    queryKey,
    queryFn: () => new Promise<T>((resolve) => answers.push(resolve)),
  });
  const stop = observer.subscribe(() => {});
  return { answers, stop, data: () => qc.getQueryData<T>(queryKey) };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

const broadcast = {
  kind: 'notification.add',
  item: {
    id: 7,
    isRead: false,
    readAt: null,
    notification: {
      id: 3,
      type: 'info',
      priority: 'normal',
      title: 'Desk',
      message: 'Hello',
      createdAt: '2026-11-23T10:00:00.000Z',
    },
  },
} as const;

describe('applyLiveAction with a read in flight', () => {
  it('keeps a broadcast and its exact count when the first count read answers afterwards', async () => {
    const { qc, trpc } = setup();
    const count = watch<{ count: number }>(qc, trpc.userNotifications.unreadCount.queryKey());
    expect(count.answers).toHaveLength(1); // the first load, begun before the broadcast

    applyLiveAction(qc, trpc, broadcast as never, false);
    applyLiveAction(qc, trpc, { kind: 'unread.set', count: 1 }, false);
    expect(count.data()).toEqual({ count: 1 });

    count.answers[0]!({ count: 0 }); // the read from before the broadcast
    await settle();
    expect(count.data()).toEqual({ count: 1 });
    // The read made after the event (if any) answers the same.
    for (const answer of count.answers.slice(1)) answer({ count: 1 });
    await settle();
    expect(count.data()).toEqual({ count: 1 });
    count.stop();
  });

  it('counts one more from a known count, with no read on its way', async () => {
    const { qc, trpc } = setup();
    const count = watch<{ count: number }>(qc, trpc.userNotifications.unreadCount.queryKey());
    count.answers[0]!({ count: 2 });
    await settle();
    applyLiveAction(qc, trpc, broadcast as never, false);
    expect(count.data()).toEqual({ count: 3 });
    expect(count.answers).toHaveLength(1);
    count.stop();
  });

  it('fetches the signal list again when a signal is removed during its first load', async () => {
    const { qc, trpc } = setup();
    const list = watch<Array<{ id: number }>>(qc, trpc.signals.list.queryKey());
    applyLiveAction(qc, trpc, { kind: 'signal.remove', id: 5 }, false);
    list.answers[0]!([{ id: 5 }]); // read before the removal
    await settle();
    expect(list.answers).toHaveLength(2);
    list.answers[1]!([]);
    await settle();
    expect(list.data()).toEqual([]);
    list.stop();
  });
});

describe('applyLiveAction when the account changes', () => {
  it('reads again what the rooms held decide: the signal list and Billing', async () => {
    const { qc, trpc } = setup();
    const signals = watch<unknown[]>(qc, trpc.signals.list.queryKey());
    const billing = watch<{ status: string }>(qc, trpc.billing.summary.queryKey());
    signals.answers[0]!([{ id: 1, locked: false }]);
    billing.answers[0]!({ status: 'active' });
    await settle();
    expect(signals.answers).toHaveLength(1);

    applyLiveAction(qc, trpc, { kind: 'account.refetch' }, false);
    await settle();
    expect(signals.answers).toHaveLength(2);
    expect(billing.answers).toHaveLength(2);
    signals.answers[1]!([{ id: 1, locked: true }]);
    await settle();
    expect(signals.data()).toEqual([{ id: 1, locked: true }]);
    signals.stop();
    billing.stop();
  });
});
