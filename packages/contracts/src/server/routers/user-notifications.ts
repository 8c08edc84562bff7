import type { TRPCRouterRecord } from '@trpc/server';

// Procedures of this area are added here (see the issue that owns it).
export const userNotificationsRouter = {} satisfies TRPCRouterRecord;
