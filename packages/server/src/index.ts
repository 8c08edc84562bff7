export { appRouter, type AppRouter } from './root';
export {
  createInnerContext,
  type ApiCredential,
  type AppSettings,
  type Context,
  type Logger,
  type RequestInfo,
} from './core/context';
export type * from './ports';
export {
  readThrough,
  LiveAddressLimitError,
  LiveCapacityError,
  PaymentRefusedError,
  PlanNotForSaleError,
} from './ports';
export { isStableOutput } from '@t0/contracts/schemas/common/validated-once';
export { createCallerFactory } from './core/trpc';
export { buildOpenApiDocument, SESSION_COOKIE_NAME } from './openapi';
export { toUser, findUserById } from './auth/users.queries';
export { readingRoles, withSecondFactor } from './second-factor/gate';
export {
  ValidationFailure,
  toFieldIssues,
  RetryLater,
  retryAfterOf,
  errorBody,
  type ErrorBody,
  type FieldIssue,
} from './core/errors';
export type { AccountBudget, AuthLimits } from './core/context';
export { pruneAuthAttempts } from './auth/auth-attempts.queries';
export { unreadCount, unreadCounts } from './user-notifications/user-notifications.queries';
export { JOB_NAMES } from './core/jobs';
export { wordsFor, SERVER_NAMESPACES } from './core/words';
export { SetupRequiredError, PriceFeedUnavailableError } from './prices/price-errors';
export { deliverDueNotifications } from './notifications/notifications.handler';
export { applyPaymentEvent, type PaymentEventResult } from './billing/payment-events.handler';
export { withDisputedCharge } from './billing/disputed-charge';
export { withInvoiceCard } from './billing/invoice-card';
export { refundBlacklistedCheckout } from './blacklist/blacklisted-payment';
export { completeLocalCheckout, failLocalCheckout, type LocalPaymentFailure } from './billing/checkout.handler';
export { sweepBilling, type BillingSweepReport } from './billing/billing-sweep.job';
export { sendBillingNotice, type BillingNoticeData } from './billing/billing-notices.job';
export { giveUpWinBackOffer, makeWinBackOffer, type WinBackOfferData } from './billing/win-back-offer.job';
export { planOfferOf } from './plans/plan-offers.handler';
export { findRoomOfInstrument } from './rooms/rooms.queries';
export { mayReadMemoImage } from './chart-memos/memo-image-access';
export { isThreadImage, mayReadMessageImage } from './messages/message-image-access';
export { changeAccess } from './access/access.handler';
export { endUserGrants, insertGrant } from './access/access-grants.queries';
export { findPlanByKey } from './plans/plans.queries';
export { retryWelcomeEmail, WELCOME_EMAIL_JOB } from './billing/welcome-email.job';
export { sendPasswordResetMail, type PasswordResetMailData } from './auth/password-reset-mail.job';
export { findOpenPendingPayment } from './billing/pending-payments.queries';
export { checkPromotionCode } from './promotions/promotions.queries';
export { sendTrialReminders, TRIAL_REMINDER_BEFORE_MS } from './billing/trial-reminders.job';
export { deliverSignalEmails, type SignalEmailOptions, type SignalEmailReport } from './delivery/signal-emails.job';
export { pruneRecords, RETENTION_DAYS } from './operations/retention.queries';
export {
  emitEvent,
  emitSignalChange,
  emitSignalDeleted,
  findEvent,
  hasEventsAfter,
  listEventsAfter,
  newestEventId,
  oldestEventId,
  pruneEvents,
  pruneSupersededPrices,
  userAudience,
  type Audience,
  type NewEvent,
  type StoredEvent,
} from './events/events.queries';
export { advanceSignals, relayTransition, type AdvanceDeps, type AdvanceReport } from './lifecycle/advance-signals.job';
export {
  appendSignalEvents,
  hashedContentOf,
  listAllSignalEvents,
  listSignalEvents,
  newSignalEventSalt,
  signalEventHash,
  verifyChain,
  GENESIS_HASH,
  type HashedContent,
  type NewSignalEvent,
} from './signals/signal-events.queries';
export {
  chainHeadKey,
  computeChainVerification,
  computePerformance,
  performanceCsv,
  performanceReport,
  resolvePerformanceFilter,
  verifySignalChain,
  PERFORMANCE_CSV_COLUMNS,
  VERIFY_KEEP_MS,
} from './performance/performance.handler';
export { claimUploadUrl, releaseUploadUrl } from './uploads/used-upload-urls.queries';
export {
  foldPrices,
  insertHistory,
  listCandles,
  countCandles,
  latestCloses,
  pruneCandles,
  type CandleSource,
} from './candles/candles.queries';
export { LIVE_PING_MS } from './core/trpc';
export { parseLastEventId } from './live/live.router';
export {
  apiTokenStreamFacts,
  findActiveApiToken,
  hashApiToken,
  isApiTokenActive,
  isApiTokenExpired,
  touchApiToken,
  type ResolvedApiToken,
} from './api-tokens/api-tokens.queries';
export {
  endCredentials,
  mailRevokedTokens,
  sendTokensRevokedMail,
  TOKENS_REVOKED_MAIL_JOB,
  type CredentialEvent,
  type EndedCredentials,
  type TokensRevokedMailData,
} from './api-tokens/end-credentials';
export { resolveViewer, type ViewerCredential } from './auth/viewer';
export { limitFailedCredential } from './auth/auth-limit';
export { ChannelSendError } from './ports/delivery';
export {
  fanOutSignalEvents,
  fanOutBroadcast,
  fanOutDeskMessage,
  fanOutPriceAlert,
  fanoutJob,
  type FanoutDeps,
} from './delivery/fanout.job';
export { judgePriceAlerts } from './price-alerts/price-alerts.job';
export { enqueueJobs, type OutboxJob } from './outbox/queue';
export { outboxBacklog, pruneOutbox } from './outbox/outbox.queries';
export { relayCommitted, relayOutbox, OUTBOX_LEASE_MS, type RelayDeps } from './outbox/outbox-relay.job';
export { sendDelivery, type DeliveryAttempt, type SendDeps } from './delivery/deliver.job';
export { recoverStalledDeliveries } from './delivery/delivery-recovery.job';
export { listRecipients } from './delivery/deliveries.queries';
export { recordingMailer } from './mail/recording-mailer';
export {
  onBotStatusInChat,
  onJoinCommand,
  onOtherPrivateMessage,
  onPaidChatUpdate,
  onStartCommand,
  onStopCommand,
  telegramUpdateSchema,
  type PaidChatUpdate,
  type TelegramUpdateDeps,
  type TelegramUpdateOutcome,
} from './telegram/updates';
export { onFillReply, onJournalButton } from './journal/telegram-journal';
export { onThreadMessage } from './messages/telegram-messages';
export {
  createRecordSigner,
  newRecordKeyPem,
  parseRecordKey,
  rawPublicKey,
  recordKeyId,
  type RecordSigner,
} from './record/signer';
export { contradictedCheckpoint, heldGaps, MESSAGE_FORMAT } from './record/checkpoints';
export { allCheckpoints, latestCheckpoint, latestCheckpointSince, listCheckpoints } from './record/checkpoints.queries';
export { allRestoreGaps, insertRestoreGap } from './record/record-gaps.queries';
export { writeCheckpoint } from './record/checkpoint.job';
export { checkpointCopyMessage, sendCheckpointCopies } from './record/checkpoint-copies.job';
export { loadInstrumentCatalogue } from './instruments/instruments.queries';
export { runCommunityTasks, type CommunityDeps } from './community/community-tasks.job';
export { syncCommunity } from './community/community-sync.job';
export { completeDiscordLink, discordRedirectUri, type DiscordCallbackOutcome } from './community/community.handler';
export { CommunityError } from './ports/community';
export { saveCommunityDefaults } from './community/community.queries';
export {
  receiveAlert,
  hashAlertToken,
  draftNoticeMessage,
  type InboundAlertDeps,
  type InboundAlertOutcome,
} from './signal-drafts/inbound-alert.handler';
export { affiliateClock } from './affiliates/clock';
