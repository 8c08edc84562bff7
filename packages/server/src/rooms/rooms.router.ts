import type { TRPCRouterRecord } from '@trpc/server';
import { noInput } from '@t0/contracts/schemas/common/common';
import {
  roomCreateInput,
  roomListSchema,
  roomSchema,
  roomSlugInput,
  roomUpdateInput,
} from '@t0/contracts/schemas/rooms/rooms';
import { archiveRoomHandler, createRoomHandler, listRoomsHandler, updateRoomHandler } from './room-admin.handler';
import { adminProcedure } from '../procedures';

const tags = ['admin'];

/** The console's rooms: what a desk sells access to, each with its instruments (docs/features/rooms-and-plans.md). */
export const roomsRouter = {
  adminList: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/rooms',
        tags,
        protect: true,
        summary: 'Every room, archived ones too, with its listed instruments and how many users hold it now',
      },
    })
    .input(noInput)
    .output(roomListSchema)
    .query(listRoomsHandler),

  create: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/rooms',
        tags,
        protect: true,
        summary: 'Add a room; its instruments move out of the rooms that listed them',
      },
    })
    .input(roomCreateInput)
    .output(roomSchema)
    .mutation(createRoomHandler),

  update: adminProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/rooms/{slug}',
        errorResponses: { 404: 'No room has this slug' },
        tags,
        protect: true,
        summary: "Change a room (not its slug); instruments given become the room's, moved out of other rooms",
      },
    })
    .input(roomUpdateInput)
    .output(roomSchema)
    .mutation(updateRoomHandler),

  archive: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/rooms/{slug}/archive',
        errorResponses: { 404: 'No room has this slug', 409: 'The default room cannot be archived' },
        tags,
        protect: true,
        summary: 'Archive a room: its instruments fall to the default room, its signals keep it',
      },
    })
    .input(roomSlugInput)
    .output(roomSchema)
    .mutation(archiveRoomHandler),
} satisfies TRPCRouterRecord;
