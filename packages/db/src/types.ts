import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB } from './schema.gen';

// The table types are generated from a database migrated from scratch (schema.gen.ts, written by
// `pnpm --filter @t0/db generate-types`; a test fails when it is out of date). Columns are camelCase:
// the CamelCasePlugin maps them to the snake_case columns.
export type * from './schema.gen';

export type Database = DB;

/** The database handle, or a transaction on it: what every query function takes. */
export type Db = Kysely<Database>;

export type UserRow = Selectable<DB['users']>;
export type InstrumentRow = Selectable<DB['instruments']>;
export type OutboxRow = Selectable<DB['outbox']>;
export type AlertSourceRow = Selectable<DB['alertSources']>;
export type SignalDraftRow = Selectable<DB['signalDrafts']>;
export type PromotionCodeRow = Selectable<DB['promotionCodes']>;
export type ApiTokenRow = Selectable<DB['apiTokens']>;
export type NewUser = Insertable<DB['users']>;
export type UserUpdate = Updateable<DB['users']>;
export type SignalRow = Selectable<DB['signals']>;
export type NotificationRow = Selectable<DB['notifications']>;
export type ChartMemoRow = Selectable<DB['chartMemos']>;
export type AdminMessagesRow = Selectable<DB['adminMessages']>;
export type SavedReplyRow = Selectable<DB['savedReplies']>;
export type ChartNoteRow = Selectable<DB['chartNotes']>;
export type BlogPostRow = Selectable<DB['blogPosts']>;
export type ResourceRow = Selectable<DB['resources']>;
export type UserSettingsRow = Selectable<DB['userSettings']>;
export type EventRow = Selectable<DB['events']>;
export type SignalEventRow = Selectable<DB['signalEvents']>;
export type CandleRow = Selectable<DB['candles']>;
export type AuditLogRow = Selectable<DB['auditLog']>;
export type RecordCheckpointRow = Selectable<DB['recordCheckpoints']>;
export type RecordGapRow = Selectable<DB['recordGaps']>;
export type DeliveryRow = Selectable<DB['deliveries']>;
export type WebhookEndpointRow = Selectable<DB['webhookEndpoints']>;
export type DeliveryPreferencesRow = Selectable<DB['deliveryPreferences']>;
export type TelegramLinkRow = Selectable<DB['telegramLinks']>;
export type PushSubscriptionRow = Selectable<DB['pushSubscriptions']>;
export type CommunityTaskRow = Selectable<DB['communityTasks']>;
export type CommunityMemberRow = Selectable<DB['communityMembers']>;
export type AnalystRow = Selectable<DB['analysts']>;
