import { adminRouter } from './admin/admin.router';
import { authRouter } from './auth/auth.router';
import { billingRouter } from './billing/billing.router';
import { blogRouter } from './blog/blog.router';
import { chartMemosRouter } from './chart-memos/chart-memos.router';
import { chartNotesRouter } from './chart-notes/chart-notes.router';
import { notificationsRouter } from './notifications/notifications.router';
import { paymentsRouter } from './billing/payments.router';
import { performanceRouter } from './performance/performance.router';
import { recordRouter } from './record/record.router';
import { pricesRouter } from './prices/prices.router';
import { resourcesRouter } from './resources/resources.router';
import { signalsRouter } from './signals/signals.router';
import { siteRouter } from './site/site.router';
import { testRouter } from './test-endpoints/test-endpoints.router';
import { userNotificationsRouter } from './user-notifications/user-notifications.router';
import { candlesRouter } from './candles/candles.router';
import { preferencesRouter } from './preferences/preferences.router';
import { liveRouter } from './live/live.router';
import { operationsRouter } from './operations/operations.router';
import { apiTokensRouter } from './credentials/api-tokens.router';
import { secondFactorRouter } from './second-factor/second-factor.router';
import { auditRouter } from './audit/audit.router';
import { ledgerRouter } from './ledger/ledger.router';
import { deliveryRouter } from './delivery/delivery.router';
import { adminUsersRouter } from './admin-users/admin-users.router';
import { blacklistRouter } from './blacklist/blacklist.router';
import { messagesRouter } from './messages/messages.router';
import { telegramRouter } from './telegram/telegram.router';
import { pushRouter } from './push/push.router';
import { instrumentsRouter } from './instruments/instruments.router';
import { communityRouter } from './community/community.router';
import { adminCommunityRouter } from './community/admin-community.router';
import { adminPromotionsRouter } from './promotions/admin-promotions.router';
import { alertSourcesRouter } from './signal-drafts/alert-sources.router';
import { signalDraftsRouter } from './signal-drafts/signal-drafts.router';
import { roomsRouter } from './rooms/rooms.router';
import { plansRouter } from './plans/plans.router';
import { analystsRouter } from './analysts/analysts.router';
import { journalRouter } from './journal/journal.router';
import { priceAlertsRouter } from './price-alerts/price-alerts.router';
import { adminAffiliatesRouter, referralRouter } from './affiliates/affiliates.router';
import { router } from './core/trpc';

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
  ledger: ledgerRouter,
  delivery: deliveryRouter,
  adminUsers: adminUsersRouter,
  blacklist: blacklistRouter,
  messages: messagesRouter,
  telegram: telegramRouter,
  push: pushRouter,
  instruments: instrumentsRouter,
  community: communityRouter,
  adminCommunity: adminCommunityRouter,
  adminPromotions: adminPromotionsRouter,
  alertSources: alertSourcesRouter,
  signalDrafts: signalDraftsRouter,
  rooms: roomsRouter,
  plans: plansRouter,
  analysts: analystsRouter,
  journal: journalRouter,
  priceAlerts: priceAlertsRouter,
  referral: referralRouter,
  adminAffiliates: adminAffiliatesRouter,
});

export type AppRouter = typeof appRouter;
