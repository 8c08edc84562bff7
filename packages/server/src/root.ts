import { router } from './core/trpc';
import { adminUsersRouter } from './admin-users/admin-users.router';
import { adminRouter } from './admin/admin.router';
import { adminAffiliatesRouter, referralRouter } from './affiliates/affiliates.router';
import { analystsRouter } from './analysts/analysts.router';
import { apiTokensRouter } from './api-tokens/api-tokens.router';
import { auditRouter } from './audit/audit.router';
import { authRouter } from './auth/auth.router';
import { billingRouter } from './billing/billing.router';
import { paymentsRouter } from './billing/payments.router';
import { blacklistRouter } from './blacklist/blacklist.router';
import { blogRouter } from './blog/blog.router';
import { candlesRouter } from './candles/candles.router';
import { chartMemosRouter } from './chart-memos/chart-memos.router';
import { chartNotesRouter } from './chart-notes/chart-notes.router';
import { adminCommunityRouter } from './community/admin-community.router';
import { communityRouter } from './community/community.router';
import { deliveryRouter } from './delivery/delivery.router';
import { instrumentsRouter } from './instruments/instruments.router';
import { journalRouter } from './journal/journal.router';
import { ledgerRouter } from './ledger/ledger.router';
import { liveRouter } from './live/live.router';
import { messagesRouter } from './messages/messages.router';
import { notificationsRouter } from './notifications/notifications.router';
import { operationsRouter } from './operations/operations.router';
import { performanceRouter } from './performance/performance.router';
import { plansRouter } from './plans/plans.router';
import { preferencesRouter } from './preferences/preferences.router';
import { priceAlertsRouter } from './price-alerts/price-alerts.router';
import { pricesRouter } from './prices/prices.router';
import { adminPromotionsRouter } from './promotions/admin-promotions.router';
import { pushRouter } from './push/push.router';
import { recordRouter } from './record/record.router';
import { resourcesRouter } from './resources/resources.router';
import { roomsRouter } from './rooms/rooms.router';
import { secondFactorRouter } from './second-factor/second-factor.router';
import { alertSourcesRouter } from './signal-drafts/alert-sources.router';
import { signalDraftsRouter } from './signal-drafts/signal-drafts.router';
import { signalsRouter } from './signals/signals.router';
import { siteRouter } from './site/site.router';
import { telegramRouter } from './telegram/telegram.router';
import { testRouter } from './test-endpoints/test-endpoints.router';
import { userNotificationsRouter } from './user-notifications/user-notifications.router';

/**
 * The tRPC root: every feature's router under its name, in alphabetical order. The REST paths are
 * each procedure's own (`meta.openapi.path`), and its published operationId is `<name>-<procedure>`:
 * the console's routers keep their `admin…` names (`adminUsers`, `adminAffiliates` …) rather than
 * nesting under `admin`, which would rename the operationIds of 30 published operations (and
 * `admin.users` already names one).
 */
export const appRouter = router({
  admin: adminRouter,
  adminAffiliates: adminAffiliatesRouter,
  adminCommunity: adminCommunityRouter,
  adminPromotions: adminPromotionsRouter,
  adminUsers: adminUsersRouter,
  alertSources: alertSourcesRouter,
  analysts: analystsRouter,
  apiTokens: apiTokensRouter,
  audit: auditRouter,
  auth: authRouter,
  billing: billingRouter,
  blacklist: blacklistRouter,
  blog: blogRouter,
  candles: candlesRouter,
  chartMemos: chartMemosRouter,
  chartNotes: chartNotesRouter,
  community: communityRouter,
  delivery: deliveryRouter,
  instruments: instrumentsRouter,
  journal: journalRouter,
  ledger: ledgerRouter,
  live: liveRouter,
  messages: messagesRouter,
  notifications: notificationsRouter,
  operations: operationsRouter,
  payments: paymentsRouter,
  performance: performanceRouter,
  plans: plansRouter,
  preferences: preferencesRouter,
  priceAlerts: priceAlertsRouter,
  prices: pricesRouter,
  push: pushRouter,
  record: recordRouter,
  referral: referralRouter,
  resources: resourcesRouter,
  rooms: roomsRouter,
  secondFactor: secondFactorRouter,
  signalDrafts: signalDraftsRouter,
  signals: signalsRouter,
  site: siteRouter,
  telegram: telegramRouter,
  test: testRouter,
  userNotifications: userNotificationsRouter,
});

export type AppRouter = typeof appRouter;
