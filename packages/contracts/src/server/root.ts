import { adminRouter } from './routers/admin';
import { authRouter } from './routers/auth';
import { billingRouter } from './routers/billing';
import { blogRouter } from './routers/blog';
import { chartMemosRouter } from './routers/chart-memos';
import { chartNotesRouter } from './routers/chart-notes';
import { notificationsRouter } from './routers/notifications';
import { paymentsRouter } from './routers/payments';
import { performanceRouter } from './routers/performance';
import { recordRouter } from './routers/record';
import { pricesRouter } from './routers/prices';
import { resourcesRouter } from './routers/resources';
import { signalsRouter } from './routers/signals';
import { siteRouter } from './routers/site';
import { testRouter } from './routers/test-endpoints';
import { userNotificationsRouter } from './routers/user-notifications';
import { candlesRouter } from './routers/candles';
import { preferencesRouter } from './routers/preferences';
import { liveRouter } from './routers/live';
import { operationsRouter } from './routers/operations';
import { apiTokensRouter } from './routers/api-tokens';
import { secondFactorRouter } from './routers/second-factor';
import { auditRouter } from './routers/audit';
import { deliveryRouter } from './routers/delivery';
import { adminUsersRouter } from './routers/admin-users';
import { telegramRouter } from './routers/telegram';
import { pushRouter } from './routers/push';
import { instrumentsRouter } from './routers/instruments';
import { communityRouter } from './routers/community';
import { adminCommunityRouter } from './routers/admin-community';
import { alertSourcesRouter } from './routers/alert-sources';
import { signalDraftsRouter } from './routers/signal-drafts';
import { router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  signals: signalsRouter,
  notifications: notificationsRouter,
  userNotifications: userNotificationsRouter,
  chartMemos: chartMemosRouter,
  chartNotes: chartNotesRouter,
  blog: blogRouter,
  resources: resourcesRouter,
  prices: pricesRouter,
  payments: paymentsRouter,
  billing: billingRouter,
  admin: adminRouter,
  test: testRouter,
  site: siteRouter,
  performance: performanceRouter,
  record: recordRouter,
  candles: candlesRouter,
  preferences: preferencesRouter,
  live: liveRouter,
  operations: operationsRouter,
  apiTokens: apiTokensRouter,
  secondFactor: secondFactorRouter,
  audit: auditRouter,
  delivery: deliveryRouter,
  adminUsers: adminUsersRouter,
  telegram: telegramRouter,
  push: pushRouter,
  instruments: instrumentsRouter,
  community: communityRouter,
  adminCommunity: adminCommunityRouter,
  alertSources: alertSourcesRouter,
  signalDrafts: signalDraftsRouter,
});

export type AppRouter = typeof appRouter;
