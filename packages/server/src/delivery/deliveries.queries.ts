import { isLanguage, type Language } from '@t0/contracts/domain/languages/languages';
import { holdsRoom, parseRoomAccess, type AccessViewer } from '@t0/contracts/domain/access/access';
import type { Db, DeliveryRow, WebhookEndpointRow } from '@t0/db';
import { sql } from 'kysely';
import {
  DEFAULT_DELIVERY_CHOICES,
  mergeMatrix,
  type AnalystRule,
  type AnalystRuleChannel,
  type DeliveryChoices,
} from '@t0/contracts/domain/delivery/delivery';
import { NOTIFICATION_SETTINGS_DEFAULTS } from '@t0/contracts/domain/common/constants';
import type { ChannelStats, Delivery, WebhookEndpoint } from '@t0/contracts/schemas/delivery/delivery';
import { isAdminRow, provenAdminEmailSql } from '../auth/users.queries';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function parseJson(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export interface StoredChoices extends DeliveryChoices {
  discordWebhookUrl: string | null;
}

function toChoices(
  row:
    | {
        channels: string;
        instruments: string;
        quietStart: string | null;
        quietEnd: string | null;
        urgentThroughQuiet: boolean;
        discordWebhookUrl: string | null;
      }
    | undefined,
): StoredChoices {
  if (!row) return { ...DEFAULT_DELIVERY_CHOICES, discordWebhookUrl: null };
  const instruments = parseJson(row.instruments);
  return {
    channels: mergeMatrix(parseJson(row.channels)),
    instruments: Array.isArray(instruments) ? instruments.filter((i): i is string => typeof i === 'string') : [],
    quietHours:
      row.quietStart && row.quietEnd
        ? { start: row.quietStart, end: row.quietEnd, urgentStillComes: row.urgentThroughQuiet }
        : null,
    discordWebhookUrl: row.discordWebhookUrl,
  };
}

export async function readDeliveryChoices(db: Db, userId: number): Promise<StoredChoices> {
  const row = await db.selectFrom('deliveryPreferences').selectAll().where('userId', '=', userId).executeTakeFirst();
  return toChoices(row);
}

export async function saveDeliveryChoices(db: Db, userId: number, c: StoredChoices): Promise<void> {
  const values = {
    channels: JSON.stringify(c.channels),
    instruments: JSON.stringify(c.instruments),
    quietStart: c.quietHours?.start ?? null,
    quietEnd: c.quietHours?.end ?? null,
    urgentThroughQuiet: c.quietHours?.urgentStillComes ?? true,
    discordWebhookUrl: c.discordWebhookUrl,
  };
  await db
    .insertInto('deliveryPreferences')
    .values({ userId, ...values })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ ...values, updatedAt: sql<Date>`now()` }))
    .execute();
}

/** Each user's analyst rules (user id → rules, analysts by id). */
export async function readAnalystRules(db: Db, userIds: readonly number[]): Promise<Map<number, AnalystRule[]>> {
  const out = new Map<number, AnalystRule[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .selectFrom('deliveryAnalystRules')
    .selectAll()
    .where('userId', 'in', userIds)
    .orderBy('channel')
    .orderBy('analystId')
    .execute();
  for (const r of rows)
    out.set(r.userId, [
      ...(out.get(r.userId) ?? []),
      { channel: r.channel as AnalystRuleChannel, analyst: r.analystId, rule: r.rule as AnalystRule['rule'] },
    ]);
  return out;
}

/** The user's analyst rules as REST shows them (analysts by slug). */
export async function readAnalystRulesBySlug(db: Db, userId: number): Promise<AnalystRule<string>[]> {
  const rows = await db
    .selectFrom('deliveryAnalystRules as d')
    .innerJoin('analysts as a', 'a.id', 'd.analystId')
    .select(['d.channel', 'd.rule', 'a.slug'])
    .where('d.userId', '=', userId)
    .orderBy('d.channel')
    .orderBy('a.slug')
    .execute();
  return rows.map((r) => ({
    channel: r.channel as AnalystRuleChannel,
    analyst: r.slug,
    rule: r.rule as AnalystRule['rule'],
  }));
}

/** The user's analyst rules become these (analysts by id). */
export async function saveAnalystRules(db: Db, userId: number, rules: readonly AnalystRule[]): Promise<void> {
  await db.deleteFrom('deliveryAnalystRules').where('userId', '=', userId).execute();
  if (rules.length > 0)
    await db
      .insertInto('deliveryAnalystRules')
      .values(rules.map((r) => ({ userId, channel: r.channel, analystId: r.analyst, rule: r.rule })))
      .execute();
}

export interface Recipient {
  id: number;
  email: string;
  timeZone: string | null;
  /** The language they chose (`user_settings.language`); null: the desk's default. */
  language: Language | null;
  alerts: { emailNotifications: boolean; tradingSignals: boolean; priceAlerts: boolean };
  choices: StoredChoices;
  endpoints: { id: number; url: string; secret: string }[];
  /** The linked Telegram chat, or null. */
  telegramChatId: string | null;
  /** What the entitlement decision reads: the roles and the rooms held. */
  viewer: AccessViewer;
}

/**
 * Subscribers and administrators (who count as subscribed), with their choices and live endpoints.
 * `withAddress`: only those with an address of their own on a channel that keeps delivery records
 * (a browser for web push, a Telegram chat, a Discord webhook, an enabled endpoint), so a broadcast
 * to many subscribers reads and routes only those it can reach there.
 */
export async function listRecipients(
  db: Db,
  adminEmails: readonly string[],
  opts: { withAddress?: boolean; onlyUser?: number } = {},
): Promise<Recipient[]> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('userSettings', 'userSettings.userId', 'users.id')
    .leftJoin('deliveryPreferences', 'deliveryPreferences.userId', 'users.id')
    .leftJoin('telegramLinks', 'telegramLinks.userId', 'users.id')
    .select([
      'telegramLinks.chatId as telegramChatId',
      'users.id',
      'users.email',
      'users.emailNotificationsEnabled',
      'users.isAdmin',
      'users.adminEmailProvenAt',
      'users.hasActiveSubscription',
      'users.accessRooms',
      'userSettings.timeZone',
      'userSettings.language',
      'userSettings.tradingSignals',
      'userSettings.priceAlerts',
      'deliveryPreferences.channels',
      'deliveryPreferences.instruments',
      'deliveryPreferences.quietStart',
      'deliveryPreferences.quietEnd',
      'deliveryPreferences.urgentThroughQuiet',
      'deliveryPreferences.discordWebhookUrl',
    ])
    .where((eb) =>
      eb.or([
        eb('users.hasActiveSubscription', '=', true),
        eb('users.isAdmin', '=', true),
        provenAdminEmailSql('users', adminEmails),
      ]),
    )
    .$if(opts.onlyUser !== undefined, (qb) => qb.where('users.id', '=', opts.onlyUser!))
    .$if(Boolean(opts.withAddress), (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('telegramLinks.chatId', 'is not', null),
          eb('deliveryPreferences.discordWebhookUrl', 'is not', null),
          eb.exists(
            eb
              .selectFrom('pushSubscriptions')
              .select('pushSubscriptions.id')
              .whereRef('pushSubscriptions.userId', '=', 'users.id'),
          ),
          eb.exists(
            eb
              .selectFrom('webhookEndpoints')
              .select('webhookEndpoints.id')
              .whereRef('webhookEndpoints.userId', '=', 'users.id')
              .where('webhookEndpoints.enabled', '=', true),
          ),
        ]),
      ),
    )
    .orderBy('users.id')
    .execute();
  const endpoints = rows.length
    ? await db
        .selectFrom('webhookEndpoints')
        .select(['id', 'userId', 'url', 'secret'])
        .where('enabled', '=', true)
        .where(
          'userId',
          'in',
          rows.map((r) => r.id),
        )
        .execute()
    : [];
  const endpointsOf = new Map<number, { id: number; url: string; secret: string }[]>();
  for (const e of endpoints) {
    const list = endpointsOf.get(e.userId) ?? [];
    list.push({ id: e.id, url: e.url, secret: e.secret });
    endpointsOf.set(e.userId, list);
  }
  const analystRules = await readAnalystRules(
    db,
    rows.map((r) => r.id),
  );
  const d = NOTIFICATION_SETTINGS_DEFAULTS;
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    timeZone: r.timeZone ?? null,
    language: isLanguage(r.language) ? r.language : null,
    alerts: {
      emailNotifications: r.emailNotificationsEnabled,
      tradingSignals: r.tradingSignals ?? d.tradingSignals,
      priceAlerts: r.priceAlerts ?? d.priceAlerts,
    },
    choices: {
      ...toChoices(
        r.channels === null || r.channels === undefined
          ? undefined
          : {
              channels: r.channels,
              instruments: r.instruments ?? '[]',
              quietStart: r.quietStart ?? null,
              quietEnd: r.quietEnd ?? null,
              urgentThroughQuiet: r.urgentThroughQuiet ?? true,
              discordWebhookUrl: r.discordWebhookUrl ?? null,
            },
      ),
      analysts: analystRules.get(r.id) ?? [],
    },
    endpoints: endpointsOf.get(r.id) ?? [],
    telegramChatId: r.telegramChatId ?? null,
    viewer: {
      isAdmin: isAdminRow(r, adminEmails),
      hasActiveSubscription: r.hasActiveSubscription,
      access: parseRoomAccess(r.accessRooms),
    },
  }));
}

/**
 * Whether the user may still receive, at the moment of sending: a signal's event only while they
 * hold its room (the entitlement decision), anything else while they have any access or are an
 * administrator.
 */
export async function stillEntitled(
  db: Db,
  userId: number,
  signalId: number | null,
  adminEmails: readonly string[],
): Promise<boolean> {
  const u = await db
    .selectFrom('users')
    .select(['hasActiveSubscription', 'isAdmin', 'email', 'adminEmailProvenAt', 'accessRooms'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!u) return false;
  const viewer = {
    isAdmin: isAdminRow(u, adminEmails),
    hasActiveSubscription: u.hasActiveSubscription,
    access: parseRoomAccess(u.accessRooms),
  };
  if (signalId === null) return viewer.hasActiveSubscription || viewer.isAdmin;
  const signal = await db.selectFrom('signals').select('room').where('id', '=', signalId).executeTakeFirst();
  return holdsRoom(viewer, signal?.room ?? '');
}

export interface NewDelivery {
  key: string;
  userId: number | null;
  channel: string;
  event: string;
  signalId: number | null;
  endpointId: number | null;
  payload: string;
  urgent: boolean;
  dueAt: Date | null;
}

/** Records a delivery; null when one with the same key exists (a repeated fan-out). */
export async function insertDelivery(db: Db, d: NewDelivery): Promise<DeliveryRow | null> {
  const row = await db
    .insertInto('deliveries')
    .values({ ...d, dueAt: d.dueAt ?? sql<Date>`now()`, status: d.dueAt ? 'held' : 'queued' })
    .onConflict((oc) => oc.column('key').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** Takes one attempt of a delivery: only the caller that saw `attempts` wins (a job run twice sends once). */
export function claimDelivery(db: Db, id: number, attempts: number) {
  return db
    .updateTable('deliveries')
    .set({ status: 'sending', attempts: sql<number>`attempts + 1`, claimedAt: sql<Date>`now()`, nextAttemptAt: null })
    .where('id', '=', id)
    .where('attempts', '=', attempts)
    .where('status', 'in', ['queued', 'held'])
    .returningAll()
    .executeTakeFirst();
}

export async function finishDelivery(
  db: Db,
  id: number,
  outcome: {
    status: 'sent' | 'failed' | 'skipped' | 'queued';
    error?: string | null;
    latencyMs?: number | null;
    nextAttemptAt?: Date;
  },
) {
  await db
    .updateTable('deliveries')
    .set({
      status: outcome.status,
      error: outcome.error ?? null,
      nextAttemptAt: outcome.nextAttemptAt ?? null,
      ...(outcome.latencyMs !== undefined ? { latencyMs: outcome.latencyMs } : {}),
      ...(outcome.status === 'sent' ? { sentAt: sql<Date>`now()` } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export function toDelivery(r: DeliveryRow): Delivery {
  return {
    id: r.id,
    channel: r.channel,
    event: r.event,
    status: (r.status === 'sending' ? 'queued' : r.status) as Delivery['status'],
    attempts: r.attempts,
    latencyMs: r.latencyMs,
    error: r.error,
    endpointId: r.endpointId,
    createdAt: r.createdAt.toISOString(),
    sentAt: iso(r.sentAt),
  };
}

/** A user's latest deliveries, newest first. */
export async function listUserDeliveries(db: Db, userId: number, limit = 20): Promise<Delivery[]> {
  const rows = await db
    .selectFrom('deliveries')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toDelivery);
}

export function toEndpoint(r: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: r.id,
    url: r.url,
    description: r.description,
    enabled: r.enabled,
    disabledReason: r.disabledReason,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listEndpoints(db: Db, userId: number): Promise<WebhookEndpoint[]> {
  const rows = await db.selectFrom('webhookEndpoints').selectAll().where('userId', '=', userId).orderBy('id').execute();
  return rows.map(toEndpoint);
}

/** Per channel: sent, failed, waiting (and the oldest waiting one's age), median latency and the last error (of a failed or retried attempt, not a skip). */
export async function deliveryStats(db: Db): Promise<Omit<ChannelStats, 'configured' | 'desk'>[]> {
  const rows = await sql<{
    channel: string;
    sent: number;
    failed: number;
    pending: number;
    oldest: number | null;
    median: number | string | null;
  }>`
    select channel,
      count(*) filter (where status = 'sent')::int as sent,
      count(*) filter (where status = 'failed')::int as failed,
      count(*) filter (where status in ('queued', 'held', 'sending'))::int as pending,
      (extract(epoch from now() - min(created_at) filter (where status in ('queued', 'held', 'sending'))) * 1000)::float8 as oldest,
      percentile_cont(0.5) within group (order by latency_ms) filter (where status = 'sent') as median
    from deliveries group by channel`.execute(db);
  const errors = await sql<{ channel: string; error: string; at: Date }>`
    select distinct on (channel) channel, error, created_at as at
    from deliveries where error is not null and status <> 'skipped' order by channel, id desc`.execute(db);
  return rows.rows.map((r) => {
    const e = errors.rows.find((x) => x.channel === r.channel);
    return {
      channel: r.channel,
      sent: r.sent,
      failed: r.failed,
      pending: r.pending,
      oldestPendingMs: r.oldest === null ? null : Math.max(0, Math.round(Number(r.oldest))),
      medianLatencyMs: r.median === null ? null : Math.round(Number(r.median)),
      lastError: e?.error ?? null,
      lastErrorAt: e ? new Date(e.at).toISOString() : null,
    };
  });
}

/**
 * Attempts that began more than `stalledAfterMs` ago and never finished (the process stopped
 * mid-send): back to `queued`, answered with the attempt count their next job must carry.
 */
export async function releaseStalledDeliveries(
  db: Db,
  stalledAfterMs: number,
): Promise<{ id: number; attempts: number }[]> {
  return db
    .updateTable('deliveries')
    .set({ status: 'queued', error: 'interrupted while sending; sent again', nextAttemptAt: null })
    .where('status', '=', 'sending')
    .where('claimedAt', '<', sql<Date>`now() - make_interval(secs => ${stalledAfterMs / 1000})`)
    .returning(['id', 'attempts'])
    .execute();
}

/**
 * Reads the deliveries before this one of the same signal to the same address (channel, user,
 * endpoint) still on their way (`queued` or `sending`): how many, and the longest wait until one's
 * next attempt (ms).
 */
export async function earlierPendingDeliveries(
  db: Db,
  id: number,
): Promise<{ n: number; waitMs: number | null } | undefined> {
  const { rows } = await sql<{ n: number; waitMs: number | null }>`
    select count(*)::int as n,
      max(extract(epoch from (e.next_attempt_at - now())) * 1000)::float8 as wait_ms
    from deliveries e join deliveries d on d.id = ${id}
    where e.id < d.id and e.signal_id = d.signal_id and e.channel = d.channel
      and e.user_id is not distinct from d.user_id and e.endpoint_id is not distinct from d.endpoint_id
      and e.status in ('queued', 'sending')`.execute(db);
  return rows[0];
}

/** Records a test event to one webhook endpoint, due now; answers its id. */
export function insertTestDelivery(db: Db, d: { key: string; userId: number; endpointId: number; payload: string }) {
  return db
    .insertInto('deliveries')
    .values({
      key: d.key,
      userId: d.userId,
      channel: 'webhook',
      event: 'test',
      signalId: null,
      endpointId: d.endpointId,
      payload: d.payload,
      urgent: false,
      dueAt: sql<Date>`now()`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** How many webhook endpoints a user has (enabled or not). */
export async function countEndpoints(db: Db, userId: number): Promise<number> {
  const count = await db
    .selectFrom('webhookEndpoints')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count.n);
}

/** Adds a webhook endpoint for a user; answers the stored row. */
export function insertEndpoint(db: Db, e: { userId: number; url: string; description: string; secret: string }) {
  return db.insertInto('webhookEndpoints').values(e).returningAll().executeTakeFirstOrThrow();
}

/** One webhook endpoint of this user, or undefined (another user's counts as none). */
export function findUserEndpoint(db: Db, id: number, userId: number) {
  return db
    .selectFrom('webhookEndpoints')
    .selectAll()
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** Deletes a webhook endpoint. */
export async function deleteEndpoint(db: Db, id: number): Promise<void> {
  await db.deleteFrom('webhookEndpoints').where('id', '=', id).execute();
}

/** Enables a webhook endpoint again (clears why it was disabled); answers the stored row. */
export function enableEndpoint(db: Db, id: number) {
  return db
    .updateTable('webhookEndpoints')
    .set({ enabled: true, disabledReason: null })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Where a webhook delivery goes as it is now: the endpoint's URL, secret and whether it is enabled. */
export function findEndpointTarget(db: Db, id: number) {
  return db.selectFrom('webhookEndpoints').select(['url', 'secret', 'enabled']).where('id', '=', id).executeTakeFirst();
}

/** Disables an enabled webhook endpoint with the reason; answers its URL, or undefined when it was not enabled. */
export function disableEndpoint(db: Db, id: number, reason: string) {
  return db
    .updateTable('webhookEndpoints')
    .set({ enabled: false, disabledReason: reason })
    .where('id', '=', id)
    .where('enabled', '=', true)
    .returning(['url'])
    .executeTakeFirst();
}
