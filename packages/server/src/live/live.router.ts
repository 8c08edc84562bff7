import { tracked, TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { LiveEventType } from '@t0/contracts/schemas/live/live-events';
import { LiveAddressLimitError, LiveCapacityError, type LiveStream } from '../ports';
import { findUserById } from '../auth/users.queries';
import { readingRoles } from '../second-factor/gate';
import { userProcedure } from '../procedures';

/** Where a stream resumes: our own field, or tRPC's (`tracked()` ids sent back on reconnect). */
export const liveEventsInput = z
  .object({
    lastEventId: z
      .string()
      .regex(/^\d{1,18}$/, 'lastEventId must be an event id')
      .optional(),
  })
  .optional();

/** A resume point as a number (undefined = a new stream). */
export const parseLastEventId = (raw: string | undefined | null): number | undefined => {
  if (raw === undefined || raw === null || raw === '') return undefined;
  return /^\d{1,18}$/.test(raw) ? Number(raw) : undefined;
};

async function* deliver(stream: LiveStream) {
  try {
    for await (const m of stream) {
      yield tracked(m.id, { type: m.type as LiveEventType, data: m.data });
      if (m.type === 'session.ended') return;
    }
  } finally {
    stream.close();
  }
}

export const liveRouter = {
  /**
   * Everything a signed-in user may see change, as it happens (SSE through httpSubscriptionLink).
   * Each event is `tracked(id, { type, data })`; resumed with `lastEventId`, the missed ones come
   * first, in order. `session.ended` is the last event of a stream.
   */
  events: userProcedure.input(liveEventsInput).subscription(async ({ ctx, input }) => {
    if (!ctx.live) throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'Live streams are not available here' });
    const u = ctx.user!;
    // Read as the second factor lets this session read (an administrator's role counts only past it).
    const own =
      u.secondFactor === 'enrolment_required'
        ? ((await findUserById(ctx.db, u.id))?.hasActiveSubscription ?? false)
        : u.hasActiveSubscription;
    // Bound to what it was opened with: the session, or the API token (it ends when that does).
    const key = ctx.credential?.kind === 'token' ? `pat:${ctx.credential.tokenId}` : ctx.session.currentId();
    let stream: LiveStream;
    try {
      stream = ctx.live.open(
        readingRoles(u, { hasActiveSubscription: own }),
        parseLastEventId(input?.lastEventId),
        key,
        ctx.request.ip,
      );
    } catch (err) {
      if (err instanceof LiveAddressLimitError)
        throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: err.message });
      if (err instanceof LiveCapacityError) throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: err.message });
      throw err;
    }
    return deliver(stream);
  }),
};
