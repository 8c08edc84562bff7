import type { Db } from '@t0/db';
import type { RoomCreateInput, RoomUpdateInput, RoomSlugInput, RoomView } from '@t0/contracts/schemas/rooms/rooms';
import type { Context } from '../core/context';
import { conflict, notFound, validationError } from '../core/errors';
import { transact } from '../core/transaction';
import { instrumentViews } from '../instruments/instruments.queries';
import { findRoomBySlug, listRooms } from './rooms.queries';
import {
  archiveRoom,
  countRoomMembers,
  insertRoom,
  listRoomInstruments,
  maxRoomPosition,
  setRoomInstruments,
  updateRoom,
} from './room-admin.queries';

// The console's rooms: list, create, change, archive. Each change and its audit entry are one transaction.

type Args<I> = { ctx: Context; input: I };

/** Every room as the console shows it: its listed instruments and how many hold it now. */
export async function roomViews(db: Db): Promise<RoomView[]> {
  const [rooms, instruments, members] = await Promise.all([
    listRooms(db),
    listRoomInstruments(db),
    countRoomMembers(db),
  ]);
  return rooms.map((r) => ({
    slug: r.slug,
    name: r.name,
    description: r.description,
    chatLanguage: r.chatLanguage,
    position: r.position,
    isDefault: r.isDefault,
    instruments: instruments.get(r.id) ?? [],
    telegramChatId: r.telegramChatId,
    discordRoleId: r.discordRoleId,
    archivedAt: r.archivedAt ? r.archivedAt.toISOString() : null,
    members: members.get(r.slug) ?? 0,
  }));
}

async function viewOf(db: Db, slug: string): Promise<RoomView> {
  const view = (await roomViews(db)).find((r) => r.slug === slug);
  if (!view) throw notFound('Room');
  return view;
}

const slugInUse = (slug: string) => validationError([{ path: ['slug'], message: `slug: ${slug} is in use already` }]);

/** The symbols once, each in the catalogue; otherwise 400 naming `instruments`. */
async function catalogued(db: Db, symbols: readonly string[]): Promise<string[]> {
  const unique = [...new Set(symbols)];
  const known = new Set((await instrumentViews(db)).map((i) => i.symbol));
  const unknown = unique.filter((s) => !known.has(s));
  if (unknown.length > 0) {
    throw validationError([
      {
        path: ['instruments'],
        message: `instruments: ${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not in the catalogue`,
      },
    ]);
  }
  return unique;
}

export function listRoomsHandler({ ctx }: { ctx: Context }): Promise<RoomView[]> {
  return roomViews(ctx.db);
}

export async function createRoomHandler({ ctx, input }: Args<RoomCreateInput>): Promise<RoomView> {
  if (await findRoomBySlug(ctx.db, input.slug)) throw slugInUse(input.slug);
  const instruments = await catalogued(ctx.db, input.instruments);
  const position = input.position ?? (await maxRoomPosition(ctx.db)) + 1;
  await transact(ctx.db, async (trx) => {
    const row = await insertRoom(trx, input.slug, {
      name: input.name,
      description: input.description,
      chatLanguage: input.chatLanguage,
      position,
      telegramChatId: input.telegramChatId,
      discordRoleId: input.discordRoleId,
    });
    // Taken between the check and the insert.
    if (!row) throw slugInUse(input.slug);
    await setRoomInstruments(trx, row.id, instruments);
  });
  return viewOf(ctx.db, input.slug);
}

export async function updateRoomHandler({ ctx, input }: Args<RoomUpdateInput>): Promise<RoomView> {
  const { slug, instruments, ...fields } = input;
  const room = await findRoomBySlug(ctx.db, slug);
  if (!room) throw notFound('Room');
  const listed = instruments === undefined ? undefined : await catalogued(ctx.db, instruments);
  await transact(ctx.db, async (trx) => {
    await updateRoom(trx, room.id, fields);
    if (listed) await setRoomInstruments(trx, room.id, listed);
  });
  return viewOf(ctx.db, slug);
}

/**
 * Archives a room: it is sold no more and its listed instruments fall to the default room (their
 * published signals keep this room). The default room cannot be archived (409).
 */
export async function archiveRoomHandler({ ctx, input }: Args<RoomSlugInput>): Promise<RoomView> {
  const room = await findRoomBySlug(ctx.db, input.slug);
  if (!room) throw notFound('Room');
  if (room.isDefault) {
    throw conflict('The default room cannot be archived: every instrument listed in no room belongs to it');
  }
  await transact(ctx.db, async (trx) => {
    await archiveRoom(trx, room.id);
    await setRoomInstruments(trx, room.id, []);
  });
  return viewOf(ctx.db, input.slug);
}
