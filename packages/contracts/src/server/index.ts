export { appRouter, type AppRouter } from './root';
export { createInnerContext, type ApiCredential, type AppSettings, type Context, type Logger, type RequestInfo } from './context';
export type * from './ports';
export { readThrough, LiveAddressLimitError, LiveCapacityError } from './ports';
export { isStableOutput } from '../schemas/validated-once';
export { createCallerFactory } from './trpc';
export { buildOpenApiDocument, SESSION_COOKIE_NAME } from './openapi';
export { toUser, findUserById } from './queries/users';
export { readingRoles, withSecondFactor } from './second-factor/gate';
export { ValidationFailure, toFieldIssues, RetryLater, retryAfterOf } from './errors';
export type { AccountBudget, AuthLimits } from './context';
export { pruneAuthAttempts } from './queries/auth-attempts';
export { unreadCount, unreadCounts } from './queries/user-notifications';
export { JOB_NAMES } from './jobs';
export { SetupRequiredError, PriceFeedUnavailableError } from './price-errors';
export { deliverDueNotifications } from './handlers/notifications.handler';
export { applyPaymentEvent, type PaymentEventResult } from './handlers/payment-events.handler';
export { completeLocalCheckout, failLocalCheckout, type LocalPaymentFailure } from './handlers/checkout.handler';
export { sweepBilling, type BillingSweepReport } from './handlers/billing-sweep.handler';
export { listPlans } from './handlers/billing.handler';
export { retryWelcomeEmail, WELCOME_EMAIL_JOB } from './handlers/welcome-email.handler';
export { findOpenPendingPayment } from './queries/pending-payments';
export { checkPromotionCode } from './queries/promotions';
export { sendTrialReminders, TRIAL_REMINDER_BEFORE_MS } from './handlers/trial-reminders.handler';
export { deliverSignalEmails, type SignalEmailOptions, type SignalEmailReport } from './handlers/signal-emails.handler';
export { pruneRecords, RETENTION_DAYS } from './queries/retention';
export { emitEvent, emitSignalChange, emitSignalDeleted, findEvent, hasEventsAfter, listEventsAfter, newestEventId, oldestEventId, pruneEvents, pruneSupersededPrices, userAudience, type Audience, type NewEvent, type StoredEvent } from './events';
export { advanceSignals, relayTransition, type AdvanceDeps, type AdvanceReport } from './lifecycle/advance';
export { appendSignalEvents, hashedContentOf, listAllSignalEvents, listSignalEvents, newSignalEventSalt, signalEventHash, verifyChain, GENESIS_HASH, type HashedContent, type NewSignalEvent } from './queries/signal-events';
export { chainHeadKey, computeChainVerification, computePerformance, performanceCsv, performanceReport, verifySignalChain, PERFORMANCE_CSV_COLUMNS, VERIFY_KEEP_MS } from './handlers/performance.handler';
export { claimUploadUrl, releaseUploadUrl } from './queries/used-upload-urls';
export { foldPrices, insertHistory, listCandles, countCandles, latestCloses, pruneCandles, type CandleSource } from './queries/candles';
export { LIVE_PING_MS } from './trpc';
export { parseLastEventId } from './routers/live';
export { apiTokenStreamFacts, findActiveApiToken, hashApiToken, isApiTokenActive, isApiTokenExpired, touchApiToken, type ResolvedApiToken } from './queries/api-tokens';
export { endCredentials, mailRevokedTokens, sendTokensRevokedMail, TOKENS_REVOKED_MAIL_JOB, type CredentialEvent, type EndedCredentials, type TokensRevokedMailData } from './credentials/end';
export { tokenUser } from './credentials/token-user';
export { limitFailedCredential } from './auth-limit';
export { ChannelSendError } from './ports/delivery';
export { fanOutSignalEvents, fanOutBroadcast, fanoutJob, type FanoutDeps } from './delivery/fanout';
export { enqueueJobs, type OutboxJob } from './outbox/queue';
export { outboxBacklog, pruneOutbox, relayCommitted, relayOutbox, OUTBOX_LEASE_MS, type RelayDeps } from './outbox/relay';
export { sendDelivery, type SendDeps } from './delivery/send';
export { recoverStalledDeliveries } from './delivery/recover';
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
export { createRecordSigner, newRecordKeyPem, parseRecordKey, rawPublicKey, recordKeyId, type RecordSigner } from './record/signer';
export { allCheckpoints, contradictedCheckpoint, latestCheckpoint, latestCheckpointSince, listCheckpoints, writeCheckpoint, MESSAGE_FORMAT } from './record/checkpoints';
export { checkpointCopyMessage, sendCheckpointCopies } from './record/copies';
export { loadInstrumentCatalogue } from './queries/instruments';
export { runCommunityTasks, type CommunityDeps } from './community/tasks';
export { syncCommunity } from './community/sweep';
export { completeDiscordLink, discordRedirectUri, type DiscordCallbackOutcome } from './handlers/community.handler';
export { CommunityError } from './ports/community';
export { receiveAlert, hashAlertToken, draftNoticeMessage, type InboundAlertDeps, type InboundAlertOutcome } from './handlers/inbound-alert.handler';
