import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

// Table shapes as Kysely sees them, camelCase (CamelCasePlugin maps to the snake_case columns).
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** numeric(10,5): pg returns strings; we accept numbers or strings on write. */
type Numeric = ColumnType<string, number | string, number | string>;
type NullableNumeric = ColumnType<string | null, number | string | null | undefined, number | string | null>;
type Default<T> = ColumnType<T, T | undefined, T>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  isAdmin: Default<boolean>;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  whopUserId: string | null;
  whopSubscriptionId: string | null;
  subscriptionStatus: Default<string>;
  hasActiveSubscription: Default<boolean>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  lastLoginAt: NullableTimestamp;
  sessionId: string | null;
  deviceInfo: string | null;
  ipAddress: string | null;
  needsAdminNotification: Default<boolean>;
  emailNotificationsEnabled: Default<boolean>;
  /** Written once the mail server accepted the welcome e-mail. */
  welcomeEmailSentAt: NullableTimestamp;
  /** A welcome e-mail is on its way since then (migration 20261206000000_welcome_email_claims). */
  welcomeEmailClaimedAt: NullableTimestamp;
  /** Free access an administrator granted ends then (migration 20261203000000_admin_users). */
  freeAccessUntil: NullableTimestamp;
}

export interface SessionsTable {
  sid: string;
  sess: ColumnType<unknown, string, string>;
  expire: ColumnType<Date, Date | string, Date | string>;
}

export interface SignalsTable {
  id: Generated<number>;
  instrument: string;
  direction: string;
  entryPrice: Numeric;
  slPrice: Numeric;
  t0Price: Numeric;
  t1Price: Numeric;
  memo: Default<string>;
  currentPrice: NullableNumeric;
  status: Default<string>;
  t0Hit: Default<boolean>;
  confidence: Default<number>;
  monthlyBias: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** Lifecycle (migration 20261126000000_signal_lifecycle). */
  stopToEntry: Default<boolean>;
  isDemo: Default<boolean>;
  /** |entry − stop| at publication: the R unit. */
  riskPrice: NullableNumeric;
  fillPrice: NullableNumeric;
  bestPrice: NullableNumeric;
  worstPrice: NullableNumeric;
  exitPrice: NullableNumeric;
  closedAt: NullableTimestamp;
  closeReason: string | null;
  /** Prices from the feed, targets in parts (migration 20261208000000_signal_parts). */
  orderType: Default<string>;
  expiresAt: NullableTimestamp;
  /** Percent of the position taken at T0. */
  t0Share: ColumnType<string, number | string | undefined, number | string>;
  /** Parts already closed: JSON `[{kind, share, price}]`. */
  parts: Default<string>;
}

/** One event of a signal's life, hash-chained and append-only (migration 20261126000000_signal_lifecycle). */
export interface SignalEventsTable {
  /** bigserial: read as a number. */
  id: Generated<number>;
  signalId: number;
  type: string;
  price: NullableNumeric;
  at: Timestamp;
  actor: string;
  data: ColumnType<unknown, string, never>;
  prevHash: string;
  hash: string;
  /**
   * 32 hex characters (128 random bits) inside the hashed content; null on rows written before
   * salts existed (hashed without it). Never sent to a viewer who may not see the event's content.
   */
  salt: ColumnType<string | null, string | null | undefined, never>;
}

export interface SignalEmailsTable {
  id: Generated<number>;
  signalId: number;
  userId: number;
  sentAt: Timestamp;
  deliveryStatus: Default<string>;
  attempts: Default<number>;
  lastError: string | null;
  /** 0: the publication e-mail; otherwise the lifecycle event it tells of. */
  eventId: Default<number>;
}

export interface NotificationsTable {
  id: Generated<number>;
  title: string;
  message: string;
  type: Default<string>;
  priority: Default<string>;
  isGlobal: Default<boolean>;
  createdBy: number | null;
  createdAt: Timestamp;
  expiresAt: NullableTimestamp;
  scheduledFor: NullableTimestamp;
  deliveredAt: NullableTimestamp;
  /** Set when delivered to everyone: the item id all users see it under (stored once, no per-user rows). */
  itemId: number | null;
}

export interface UserNotificationsTable {
  id: Generated<number>;
  userId: number;
  notificationId: number;
  isRead: Default<boolean>;
  readAt: NullableTimestamp;
  createdAt: Timestamp;
}

/** A user's read state of a broadcast (a notification with `itemId`): a row means read. */
export interface NotificationReadsTable {
  userId: number;
  notificationId: number;
  readAt: Timestamp;
}

export interface ChartMemosTable {
  id: Generated<number>;
  instrument: string;
  memoText: Default<string>;
  memoImageUrls: Default<string[]>;
  keyLevels: Default<string>;
  marketStructure: Default<string>;
  riskManagement: Default<string>;
  updatedAt: Timestamp;
  updatedBy: number | null;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  email: string;
  token: string;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  used: Default<boolean>;
  createdAt: Timestamp;
  purpose: Default<string>;
}

export interface ResourcesTable {
  id: Generated<number>;
  title: string;
  description: string | null;
  fileName: string;
  fileUrl: string;
  fileSize: number;
  fileType: string;
  category: Default<string>;
  isActive: Default<boolean>;
  uploadedBy: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface BlacklistedEmailsTable {
  id: Generated<number>;
  email: string;
  reason: string | null;
  blacklistedAt: Timestamp;
  blacklistedBy: string | null;
}

export interface PendingPaymentsTable {
  id: Generated<number>;
  email: string;
  plan: string;
  createdAt: Timestamp;
  /** SHA-256 of the single-use checkout reference (the local checkout page's session). */
  referenceHash: string | null;
  provider: string | null;
  providerSessionId: string | null;
  expiresAt: NullableTimestamp;
  completedAt: NullableTimestamp;
  /** The free days this checkout offered (20261214000000; once per person, checked when it started). */
  trialDays: Default<number>;
}

export interface ProcessedPaymentEventsTable {
  eventId: string;
  provider: string;
  type: string;
  processedAt: Timestamp;
}

/** The newest known provider state of each subscription. */
export interface PaymentSubscriptionsTable {
  subscriptionId: string;
  provider: string;
  customerId: string | null;
  email: string | null;
  plan: string | null;
  status: string;
  eventAt: ColumnType<Date, Date | string, Date | string>;
  updatedAt: Timestamp;
  cancelAtPeriodEnd: Default<boolean>;
  currentPeriodEnd: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  pastDueSince: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  cancelReason: string | null;
  cancelRequestedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  cardBrand: string | null;
  cardLast4: string | null;
  /** When it first granted access (20261204000000). */
  startedAt: NullableTimestamp;
  /** When it ended (canceled or expired). */
  endedAt: NullableTimestamp;
  /** When its free trial ends (20261214000000). */
  trialEnd: NullableTimestamp;
  /** The trial-ending reminder went out (once). */
  trialReminderSentAt: NullableTimestamp;
  /** A local promotion code whose discount waits for the first paid invoice. */
  promotionCodeId: number | null;
}

/** The local test mode's invoices (Stripe keeps its own). */
export interface BillingInvoicesTable {
  id: Generated<number>;
  subscriptionId: string;
  number: string;
  amountCents: number;
  currency: string;
  status: string;
  periodStart: ColumnType<Date, Date | string, Date | string>;
  periodEnd: ColumnType<Date, Date | string, Date | string>;
  createdAt: Timestamp;
  /** The discount a promotion code took off (20261214000000). */
  discountCents: Default<number>;
  promotionCode: string | null;
}

/** The local test mode's promotion codes (Stripe keeps its own). */
export interface PromotionCodesTable {
  id: Generated<number>;
  /** In capitals; matched case-insensitively. */
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  currency: string | null;
  maxRedemptions: number | null;
  expiresAt: NullableTimestamp;
  createdBy: number | null;
  createdAt: Timestamp;
}

/** A local code used at checkout; the discount and invoice once the first paid invoice took it. */
export interface PromotionRedemptionsTable {
  id: Generated<number>;
  codeId: number;
  subscriptionId: string;
  email: string;
  discountCents: number | null;
  currency: string | null;
  invoiceNumber: string | null;
  redeemedAt: Timestamp;
}

export interface AdminMessagesTable {
  id: Generated<number>;
  userId: number;
  message: string | null;
  imageUrl: string | null;
  isFromAdmin: Default<boolean>;
  isRead: Default<boolean>;
  readAt: NullableTimestamp;
  createdAt: Timestamp;
}

export interface MessageRateLimitsTable {
  id: Generated<number>;
  userId: number;
  messageCount: Default<number>;
  windowStart: Timestamp;
}

export interface ChartNotesTable {
  id: Generated<number>;
  instrument: string;
  timeframe: string;
  note: Default<string>;
  updatedAt: Timestamp;
  updatedBy: number | null;
}

export interface BlogPostsTable {
  id: Generated<number>;
  title: string;
  content: string;
  author: string;
  excerpt: string | null;
  imageUrl: string | null;
  isPublished: Default<boolean>;
  createdBy: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface UserSettingsTable {
  userId: number;
  positionSize: Default<string>;
  riskTolerance: Default<string>;
  autoExecute: Default<boolean>;
  maxDailyTrades: Default<string>;
  smsAlerts: Default<boolean>;
  tradingSignals: Default<boolean>;
  priceAlerts: Default<boolean>;
  updatedAt: Timestamp;
  /** Account size in USD for the risk calculator (null: not given). */
  accountSize: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  /** IANA time zone the user reads times in (null: the browser's own). */
  timeZone: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One change a signed-in user may see (migration 20261123000000_live_events). */
export interface EventsTable {
  /** bigserial: read as a number (ids stay far below 2^53). */
  id: Generated<number>;
  type: string;
  audience: string;
  payload: ColumnType<unknown, string, string>;
  createdAt: Timestamp;
  /**
   * xid8, set by a trigger (20261215000000_outbox_and_event_fence): the highest transaction id of any
   * writer that had taken an event id when this one took its own. Recorded, not read: readers use
   * t0_events_fence() (the lowest id whose writer is still running). Null on older events.
   */
  horizon: ColumnType<string | null, never, never>;
}

/** The id of a signed upload URL already used, kept until it expires (20261124500001_used_upload_urls). */
export interface UsedUploadUrlsTable {
  id: string;
  expiresAt: ColumnType<Date, Date, Date>;
  usedAt: Timestamp;
}

/** One row per sign-in, registration or reset attempt and limit key (a hash). */
/** Failed passwords per account (a hash of the e-mail given) from any address. */
export interface AuthAccountFailuresTable {
  key: string;
  failures: number;
  lastFailureAt: Generated<Date>;
  /** Until when sign-ins of the account are refused but from an address it signed in from before. */
  lockedUntil: Date | null;
}

export interface AuthAttemptsTable {
  id: Generated<string>;
  key: string;
  at: Generated<Date>;
}

/** OHLC bars per symbol, timeframe and price source (see the candles migration). */
export interface CandlesTable {
  symbol: string;
  timeframe: string;
  /** `simulated` or `live`: bars of the simulated feed are never shown as a vendor's. */
  source: string;
  bucketStart: ColumnType<Date, Date | string, Date | string>;
  open: Numeric;
  high: Numeric;
  low: Numeric;
  close: Numeric;
}

/** An administrator's site setting (support address, marketing figures, legal pages): JSON per key. */
export interface SiteSettingsTable {
  key: string;
  value: unknown;
  updatedAt: Timestamp;
  updatedBy: number | null;
}

/** A personal API token (20261128000000_api_tokens): only the SHA-256 of its secret is stored. */
export interface ApiTokensTable {
  id: Generated<number>;
  userId: number;
  name: string;
  scope: 'read' | 'read-write';
  tokenHash: string;
  prefix: string;
  createdAt: Generated<Date>;
  lastUsedAt: NullableTimestamp;
  revokedAt: NullableTimestamp;
  /** When the token stops working; null: never. */
  expiresAt: NullableTimestamp;
}

/** An administrator's TOTP secret; enabled once a first code confirmed it. */
export interface AdminSecondFactorsTable {
  userId: number;
  secret: string;
  enabledAt: Date | null;
  /** The last accepted TOTP time step: a code of that step or earlier is refused. */
  lastTimeStep: number | null;
  createdAt: Generated<Date>;
  /** Wrong codes at the second-factor step since the last accepted one (or the last lock). */
  failedAttempts: Generated<number>;
  /** Until when the second-factor step is refused after too many wrong codes. */
  lockedUntil: Generated<Date | null>;
}

/**
 * One-time recovery codes, as `<scheme>$<salt hex>$<HMAC-SHA256 hex>` (`hmac-sha256`: of the
 * normalised code; `hmac-sha256-of-sha256`: of the SHA-256 hex a code made before was stored as).
 */
export interface AdminRecoveryCodesTable {
  id: Generated<number>;
  userId: number;
  codeHash: string;
  usedAt: Date | null;
  createdAt: Generated<Date>;
}

/** Devices an administrator signed in from (hash of user-agent and address). */
export interface AdminDevicesTable {
  userId: number;
  fingerprint: string;
  userAgent: string;
  address: string;
  firstSeenAt: Generated<Date>;
  lastSeenAt: Generated<Date>;
}

/** Every e-mail the product sent or tried to send, by kind (20261204000000). */
export interface EmailLogTable {
  /** bigserial: read as a number. */
  id: Generated<number>;
  kind: string;
  toAddress: string;
  subject: string;
  /** sent | failed */
  status: string;
  error: string | null;
  createdAt: Timestamp;
}

/** A signed checkpoint of the signal event chain (20261207500000_record_checkpoints). */
export interface RecordCheckpointsTable {
  /** bigserial: read as a number. */
  id: Generated<number>;
  /** The chain's newest event when signed (bigint: read as a number). */
  headId: number;
  headHash: string;
  eventCount: number;
  createdAt: Timestamp;
  /** Ed25519 over the canonical message, base64. */
  signature: string;
  keyId: string;
}

/** Append-only record of administrator mutations. */
export interface AuditLogTable {
  /** bigserial: read as a number. */
  id: Generated<number>;
  at: Generated<Date>;
  actorId: number | null;
  actorEmail: string;
  address: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  before: ColumnType<unknown, string | null, never> | null;
  after: ColumnType<unknown, string | null, never> | null;
  /** 'done' or 'refused' (20261207400000_audit_outcome). */
  outcome: Generated<'done' | 'refused'>;
  /** Why a refused attempt was refused. */
  reason: string | null;
}

/** A subscriber's delivery choices (20261128500000_deliveries); JSON kept as text. */
export interface DeliveryPreferencesTable {
  userId: number;
  channels: Default<string>;
  instruments: Default<string>;
  quietStart: string | null;
  quietEnd: string | null;
  urgentThroughQuiet: Default<boolean>;
  discordWebhookUrl: string | null;
  updatedAt: Timestamp;
}

/** A subscriber's signed webhook endpoint. */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  userId: number;
  url: string;
  description: Default<string>;
  secret: string;
  enabled: Default<boolean>;
  disabledReason: string | null;
  createdAt: Timestamp;
}

/** One message to one channel of one recipient, with its outcome. */
export interface DeliveriesTable {
  /** bigserial read as a number. */
  id: Generated<number>;
  userId: number | null;
  key: string;
  channel: string;
  event: string;
  signalId: number | null;
  endpointId: number | null;
  payload: string;
  urgent: Default<boolean>;
  status: Default<string>;
  attempts: Default<number>;
  latencyMs: number | null;
  error: string | null;
  createdAt: Timestamp;
  dueAt: Timestamp;
  sentAt: NullableTimestamp;
  /** When the current or last attempt began (a stalled `sending` is found by it). */
  claimedAt: NullableTimestamp;
  /** When a delivery waiting to be retried is due again. */
  nextAttemptAt: NullableTimestamp;
}

/** Successful sign-ins, the last 50 per user (migration 20261203000000_admin_users). */
export interface UserLoginsTable {
  /** bigserial read as a number. */
  id: Generated<number>;
  userId: number;
  at: Timestamp;
  address: string;
  userAgent: string;
  /** `password` or `register`. */
  method: string;
}

/** Administrators' notes on a user, append-only. */
export interface UserAdminNotesTable {
  id: Generated<number>;
  userId: number;
  authorId: number | null;
  authorEmail: string;
  body: string;
  createdAt: Timestamp;
}

/** A one-time Telegram link code (20261202000000_telegram_links): hashed, single use, 15 minutes. */
export interface TelegramLinkCodesTable {
  id: Generated<number>;
  userId: number;
  codeHash: string;
  createdAt: Timestamp;
  expiresAt: Date;
  usedAt: NullableTimestamp;
}

/** The Telegram chat an account is linked to. */
export interface TelegramLinksTable {
  userId: number;
  chatId: string;
  username: string | null;
  linkedAt: Timestamp;
}

/** Who is in the paid Telegram chat or holds the Discord role, as the product knows it (20261212000000_community_access). */
export interface CommunityMembersTable {
  platform: string;
  externalId: string;
  userId: number | null;
  /** member | left | removed */
  status: string;
  inviteLink: string | null;
  joinedAt: NullableTimestamp;
  updatedAt: Timestamp;
}

/** A personal invite link to the paid Telegram chat (member_limit 1, an expiry). */
export interface TelegramInviteLinksTable {
  id: Generated<number>;
  userId: number;
  inviteLink: string;
  createdAt: Timestamp;
  expiresAt: Date;
  usedAt: NullableTimestamp;
  revokedAt: NullableTimestamp;
}

/** The Discord account an account is linked to (OAuth2). */
export interface DiscordLinksTable {
  userId: number;
  discordUserId: string;
  username: string;
  linkedAt: Timestamp;
}

/** A pending Discord authorisation: its state (hashed), single use. */
export interface DiscordOauthStatesTable {
  stateHash: string;
  userId: number;
  expiresAt: Date;
}

/** One action an access change causes on Telegram or Discord, run with retries. */
export interface CommunityTasksTable {
  id: Generated<number>;
  platform: string;
  action: string;
  userId: number | null;
  externalId: string;
  reason: string;
  status: Default<string>;
  attempts: Default<number>;
  runAfter: Timestamp;
  lastError: string | null;
  createdAt: Timestamp;
  doneAt: NullableTimestamp;
}

/** One reconciliation of members against subscriptions. */
export interface CommunitySyncsTable {
  id: Generated<number>;
  platform: string;
  at: Timestamp;
  members: number;
  entitled: number;
  /** jsonb: a list of { externalId, userId, issue, action }; written as JSON text. */
  differences: ColumnType<unknown, string, string>;
  error: string | null;
}

/** Something about the paid chat or the role that needs the desk. */
export interface CommunityAlertsTable {
  platform: string;
  kind: string;
  message: string;
  since: Timestamp;
}

/** A browser a user enabled web push on (20261201000000_push_subscriptions). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: Default<string>;
  userAgent: Default<string>;
  createdAt: Timestamp;
  lastSuccessAt: NullableTimestamp;
  failures: Default<number>;
}

/** Instruments an administrator added, or built-in ones whose sizes or feed symbol were changed (issue 22). */
export interface InstrumentsTable {
  id: Generated<number>;
  symbol: string;
  tickSize: Numeric;
  unitSize: Numeric;
  unitName: string;
  decimals: number;
  feedSymbol: string;
  entryTolerance: Numeric;
  referencePrice: Numeric;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A job a committed change causes, relayed to the job queue (20261215000000_outbox_and_event_fence). */
export interface OutboxTable {
  /** bigserial read as a number. */
  id: Generated<number>;
  job: string;
  data: ColumnType<unknown, string, string>;
  startAfter: Date | null;
  singletonKey: string | null;
  createdAt: Timestamp;
  /** Until when a relay holds the row (it queues the job, then sets `relayedAt`). */
  claimedUntil: Date | null;
  /** How many times a relay claimed it. */
  relays: Default<number>;
  relayedAt: Date | null;
}

/** A TradingView alert source: a secret URL, only its SHA-256 kept (migration 20261213000000_alert_sources_and_drafts). */
export interface AlertSourcesTable {
  id: Generated<number>;
  name: string;
  tokenHash: string;
  notifyTelegram: Default<boolean>;
  createdAt: Timestamp;
  revokedAt: NullableTimestamp;
  lastAlertAt: NullableTimestamp;
}

/** A signal drawn up by an alert, waiting for the desk: pending, published or discarded. */
export interface SignalDraftsTable {
  id: Generated<number>;
  sourceId: number | null;
  instrument: string;
  direction: string;
  /** market, limit or stop, as the alert said. */
  orderType: string;
  entryPrice: Numeric;
  slPrice: Numeric;
  t0Price: Numeric;
  t1Price: Numeric;
  t0Share: ColumnType<string, number | string | undefined, number | string>;
  monthlyBias: string;
  memo: Default<string>;
  /** SHA-256 of the alert's body: the same body within a minute is folded into this draft. */
  bodyHash: string;
  /** Alerts folded into this draft (1 for the first). */
  received: Default<number>;
  state: Default<string>;
  signalId: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  decidedAt: NullableTimestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  signals: SignalsTable;
  signalEmails: SignalEmailsTable;
  notifications: NotificationsTable;
  userNotifications: UserNotificationsTable;
  notificationReads: NotificationReadsTable;
  chartMemos: ChartMemosTable;
  passwordResetTokens: PasswordResetTokensTable;
  resources: ResourcesTable;
  blacklistedEmails: BlacklistedEmailsTable;
  pendingPayments: PendingPaymentsTable;
  processedPaymentEvents: ProcessedPaymentEventsTable;
  paymentSubscriptions: PaymentSubscriptionsTable;
  adminMessages: AdminMessagesTable;
  messageRateLimits: MessageRateLimitsTable;
  chartNotes: ChartNotesTable;
  blogPosts: BlogPostsTable;
  userSettings: UserSettingsTable;
  events: EventsTable;
  signalEvents: SignalEventsTable;
  usedUploadUrls: UsedUploadUrlsTable;
  candles: CandlesTable;
  authAttempts: AuthAttemptsTable;
  authAccountFailures: AuthAccountFailuresTable;
  siteSettings: SiteSettingsTable;
  apiTokens: ApiTokensTable;
  billingInvoices: BillingInvoicesTable;
  adminSecondFactors: AdminSecondFactorsTable;
  adminRecoveryCodes: AdminRecoveryCodesTable;
  adminDevices: AdminDevicesTable;
  auditLog: AuditLogTable;
  recordCheckpoints: RecordCheckpointsTable;
  deliveryPreferences: DeliveryPreferencesTable;
  webhookEndpoints: WebhookEndpointsTable;
  deliveries: DeliveriesTable;
  userLogins: UserLoginsTable;
  userAdminNotes: UserAdminNotesTable;
  emailLog: EmailLogTable;
  telegramLinkCodes: TelegramLinkCodesTable;
  telegramLinks: TelegramLinksTable;
  pushSubscriptions: PushSubscriptionsTable;
  instruments: InstrumentsTable;
  outbox: OutboxTable;
  communityMembers: CommunityMembersTable;
  telegramInviteLinks: TelegramInviteLinksTable;
  discordLinks: DiscordLinksTable;
  discordOauthStates: DiscordOauthStatesTable;
  communityTasks: CommunityTasksTable;
  communitySyncs: CommunitySyncsTable;
  communityAlerts: CommunityAlertsTable;
  alertSources: AlertSourcesTable;
  signalDrafts: SignalDraftsTable;
  promotionCodes: PromotionCodesTable;
  promotionRedemptions: PromotionRedemptionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type InstrumentRow = Selectable<InstrumentsTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type AlertSourceRow = Selectable<AlertSourcesTable>;
export type SignalDraftRow = Selectable<SignalDraftsTable>;
export type PromotionCodeRow = Selectable<PromotionCodesTable>;
export type ApiTokenRow = Selectable<ApiTokensTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SignalRow = Selectable<SignalsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type ChartMemoRow = Selectable<ChartMemosTable>;
export type ChartNoteRow = Selectable<ChartNotesTable>;
export type BlogPostRow = Selectable<BlogPostsTable>;
export type ResourceRow = Selectable<ResourcesTable>;
export type UserSettingsRow = Selectable<UserSettingsTable>;
export type EventRow = Selectable<EventsTable>;
export type SignalEventRow = Selectable<SignalEventsTable>;
export type CandleRow = Selectable<CandlesTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type RecordCheckpointRow = Selectable<RecordCheckpointsTable>;
export type DeliveryRow = Selectable<DeliveriesTable>;
export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type DeliveryPreferencesRow = Selectable<DeliveryPreferencesTable>;
export type TelegramLinkRow = Selectable<TelegramLinksTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
export type CommunityTaskRow = Selectable<CommunityTasksTable>;
export type CommunityMemberRow = Selectable<CommunityMembersTable>;
