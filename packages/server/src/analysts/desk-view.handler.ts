import type { DeskView } from '@t0/contracts/schemas/analysts/analysts';
import type { Desk } from '@t0/contracts/domain/analysts/analysts';
import type { Context } from '../core/context';
import { loadInstrumentCatalogue } from '../instruments/instruments.queries';
import { instrumentRoomResolver } from '../rooms/rooms.queries';
import { findAnalystByUserId } from './analysts.queries';

// What the console shows who acts at the desk: an administrator every room, an analyst only their
// rooms and the instruments of those rooms (the server refuses the rest anyway).

/** GET /desk. */
export async function deskViewHandler({
  ctx,
}: {
  ctx: Pick<Context, 'db'> & { user: { id: number }; desk: Desk };
}): Promise<DeskView> {
  if (ctx.desk.kind === 'admin')
    return { kind: 'admin', slug: null, displayName: null, rooms: null, instruments: null };
  const rooms = ctx.desk.rooms;
  const [analyst, roomOf, instruments] = await Promise.all([
    findAnalystByUserId(ctx.db, ctx.user.id),
    instrumentRoomResolver(ctx.db),
    loadInstrumentCatalogue(ctx.db),
  ]);
  return {
    kind: 'analyst',
    slug: analyst?.slug ?? null,
    displayName: analyst?.displayName ?? null,
    rooms: [...rooms],
    instruments: instruments.map((i) => i.symbol).filter((s) => rooms.includes(roomOf(s))),
  };
}
