import type { TRPCRouterRecord } from '@trpc/server';
import { noInput } from '@t0/contracts/schemas/common/common';
import {
  communityOverviewSchema,
  communitySyncResultSchema,
  communityUserInputSchema,
  communityUserTasksSchema,
} from '@t0/contracts/schemas/community/community';
import { communityOverviewHandler, communitySyncHandler, communityUserTasksHandler } from './community.handler';
import { adminProcedure } from '../procedures';

const tags = ['admin'];

/** The console's COMMUNITY section, and a user's community actions in the drawer. */
export const adminCommunityRouter = {
  overview: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/community',
        tags,
        protect: true,
        summary:
          "Each room's paid Telegram chat and Discord role: members against the rooms' holders, the last sync and its differences, alerts, recent actions",
      },
    })
    .input(noInput)
    .output(communityOverviewSchema)
    .query(({ ctx }) => communityOverviewHandler(ctx)),

  sync: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/community/sync',
        tags,
        protect: true,
        summary:
          "Reconcile every room's chat and role against the rooms held now (the daily sweep), and run the actions it queues",
      },
    })
    .input(noInput)
    .output(communitySyncResultSchema)
    .mutation(({ ctx }) => communitySyncHandler(ctx)),

  userTasks: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/users/{userId}/community',
        tags,
        protect: true,
        summary: "A user's community actions (invites, removals, role changes), newest first",
      },
    })
    .input(communityUserInputSchema)
    .output(communityUserTasksSchema)
    .query(({ ctx, input }) => communityUserTasksHandler(ctx, input.userId)),
} satisfies TRPCRouterRecord;
