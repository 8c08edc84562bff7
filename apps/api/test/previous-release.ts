import { createHash, createPublicKey, randomBytes, sign, type KeyObject } from 'node:crypto';
import argon2 from 'argon2';
import canonicalize from 'canonicalize';
import { sql, type Kysely, type RawBuilder } from 'kysely';

// An install of the previous release, as that release wrote it: its schema (every migration up to
// the one before rooms and plans) and data in every table a subscriber's day touches, written with
// SQL in the shapes the previous release's code wrote them. The upgrade test
// (upgrade.int.test.ts) then migrates it to the latest schema and starts the product on it.
//
// The record is the delicate part: the previous release hashed each signal event as
//   SHA-256( prevHash + "\n" + RFC 8785 JSON of { signalId, type, price, at, actor, data[, salt] } )
// (no `salt` key on the rows written before salts existed), and signed checkpoints of the chain's
// head as `t0-checkpoint/v1\n<headId>\n<headHash>\n<eventCount>\n<createdAt>`. That formula is
// copied below from the previous release (commit 36e510c: `signalEventPreimage` in
// packages/contracts/src/domain/signals/signal-chain.ts and `appendSignalEvents` in
// packages/server/src/signals/signal-events.queries.ts), not imported from today's code, so the
// test holds today's verifiers to what the old writer really produced.

/** The last migration of the previous release. */
export const PREVIOUS_RELEASE_SCHEMA = '20261218000000_admin_email_proof';

/** Every account of the old install signs in with this password. */
export const PREVIOUS_PASSWORD = 'Str0ng!Pass';

const GENESIS_HASH = '0'.repeat(64);
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** The previous release's hashed content of one event (its `HashedContent`). */
interface V1Content {
  signalId: number;
  type: string;
  price: number | null;
  at: string;
  actor: string;
  data: unknown;
  salt: string | null;
}

/** The previous release's `signalEventPreimage`, as it was. */
function v1Preimage(prevHash: string, content: V1Content): string {
  const { salt, ...rest } = content;
  const hashed = {
    signalId: rest.signalId,
    type: rest.type,
    price: rest.price,
    at: rest.at,
    actor: rest.actor,
    data: rest.data,
    ...(salt === null || salt === undefined ? {} : { salt }),
  };
  return `${prevHash}\n${canonicalize(hashed) ?? ''}`;
}

const v1Hash = (prevHash: string, content: V1Content) =>
  createHash('sha256').update(v1Preimage(prevHash, content)).digest('hex');

/** The previous release's `roundTo(price, 5)` of an event's price. */
const price5 = (n: number) => Math.round(n * 1e5) / 1e5;

export interface OldUser {
  id: number;
  email: string;
}

/** What the old install holds that the upgrade test looks for. */
export interface PreviousRelease {
  users: {
    admin: OldUser;
    /** A yearly Stripe subscription, active. */
    subscriber: OldUser;
    /** A monthly Stripe subscription, past due within its grace period. */
    pastDue: OldUser;
    /** Free days an administrator granted, running. */
    freeDays: OldUser;
    /** Free days that ran out an hour before the upgrade, before the billing sweep came by. */
    freeDaysOver: OldUser;
    /** A monthly subscription that ended nine days ago. */
    lapsed: OldUser;
    /** An account that never paid. */
    free: OldUser;
  };
  subscriptions: { subscriber: string; pastDue: string; lapsed: string };
  /** When the free days end (`free_access_until`). */
  freeDaysUntil: Date;
  freeDaysOverUntil: Date;
  /** The subscriber's period end. */
  subscriberPeriodEnd: Date;
  signals: {
    /** GBPUSD long, written before salts existed: T0, stop to entry, closed at target (+100 pips, +2R). */
    won: number;
    /** GBPJPY short at market: closed at its stop (-50 pips, -1R). */
    lost: number;
    /** GBPUSD long at market, running, T0 reached two days ago. */
    running: number;
    /** AUDUSD long limit, waiting for its entry. */
    pending: number;
    /** US30 short limit, expired unfilled. */
    expired: number;
  };
  /** Every event the old install wrote, in chain order, as stored. */
  events: Array<{ id: number; signalId: number; type: string; hash: string; salted: boolean }>;
  /** The checkpoints the old release signed. */
  checkpoints: Array<{ id: number; headId: number; eventCount: number }>;
  /** The subscriber's read token (its secret), and one the subscriber revoked. */
  token: string;
  revokedToken: string;
  blog: { published: number; draft: number };
  resources: { active: number; inactive: number };
  notices: {
    /** The broadcast everyone sees. */
    broadcastTitle: string;
    /** The signal notices delivered to the subscribers and administrators of the time, oldest first. */
    signalTitles: string[];
  };
}

type Raw = Kysely<any>;

async function one<T>(db: Raw, query: RawBuilder<T>): Promise<T> {
  const { rows } = await query.execute(db);
  if (!rows[0]) throw new Error('no row answered');
  return rows[0];
}

/**
 * Fills a database migrated to `PREVIOUS_RELEASE_SCHEMA` as the previous release would have left
 * it, its checkpoints signed with `recordKey` (the Ed25519 private key the product is then started
 * with). `db` must be a Kysely without the camel-case plugin (the SQL below is the tables' own).
 */
export async function fillAsPreviousRelease(db: Raw, recordKey: KeyObject, now = new Date()): Promise<PreviousRelease> {
  const at = (ms: number) => new Date(now.getTime() - ms);
  const password = await argon2.hash(PREVIOUS_PASSWORD, {
    type: argon2.argon2id,
    memoryCost: 1024,
    timeCost: 1,
    parallelism: 1,
  });

  // --- Accounts, each as the previous release's paths left it.
  const user = async (
    email: string,
    fields: {
      adminProven?: boolean;
      access?: boolean;
      status?: string;
      customer?: string;
      subscription?: string;
      freeUntil?: Date;
      welcomed?: boolean;
      createdAt: Date;
    },
  ): Promise<OldUser> => {
    const row = await one<{ id: number }>(
      db,
      sql`insert into users (email, password, first_name, last_name, subscription_status, has_active_subscription,
            stripe_customer_id, stripe_subscription_id, free_access_until, admin_email_proven_at,
            welcome_email_sent_at, welcome_email_claimed_at, created_at, updated_at, last_login_at)
          values (${email}, ${password}, 'Old', 'Trader', ${fields.status ?? 'inactive'}, ${fields.access ?? false},
            ${fields.customer ?? null}, ${fields.subscription ?? null}, ${fields.freeUntil ?? null},
            ${fields.adminProven ? fields.createdAt : null}, ${fields.welcomed ? fields.createdAt : null},
            ${fields.welcomed ? fields.createdAt : null}, ${fields.createdAt}, ${fields.createdAt}, ${at(3 * DAY)})
          returning id`,
    );
    await sql`insert into user_settings (user_id, account_size, time_zone) values (${row.id}, 10000, 'Europe/London')`.execute(
      db,
    );
    return { id: row.id, email };
  };
  const freeDaysUntil = at(-12 * DAY);
  const freeDaysOverUntil = at(HOUR);
  const subscriberPeriodEnd = at(-200 * DAY);
  const subscriptions = { subscriber: 'sub_1OldYearly', pastDue: 'sub_1OldPastDue', lapsed: 'sub_1OldLapsed' };
  const users = {
    admin: await user('admin@t0.test', { adminProven: true, createdAt: at(120 * DAY) }),
    subscriber: await user('old-subscriber@t0.test', {
      access: true,
      status: 'active',
      customer: 'cus_OldYearly',
      subscription: subscriptions.subscriber,
      welcomed: true,
      createdAt: at(100 * DAY),
    }),
    pastDue: await user('old-past-due@t0.test', {
      access: true,
      status: 'past_due',
      customer: 'cus_OldPastDue',
      subscription: subscriptions.pastDue,
      welcomed: true,
      createdAt: at(90 * DAY),
    }),
    freeDays: await user('old-free-days@t0.test', {
      access: true,
      freeUntil: freeDaysUntil,
      welcomed: true,
      createdAt: at(2 * DAY),
    }),
    freeDaysOver: await user('old-free-days-over@t0.test', {
      access: true,
      freeUntil: freeDaysOverUntil,
      welcomed: true,
      createdAt: at(15 * DAY),
    }),
    lapsed: await user('old-lapsed@t0.test', {
      status: 'canceled',
      customer: 'cus_OldLapsed',
      subscription: subscriptions.lapsed,
      welcomed: true,
      createdAt: at(80 * DAY),
    }),
    free: await user('old-free@t0.test', { createdAt: at(30 * DAY) }),
  };

  // --- Payments: the Stripe subscriptions as the webhooks recorded them, with their invoices.
  const subscription = (v: {
    id: string;
    customer: string;
    email: string;
    plan: string;
    status: string;
    startedAt: Date;
    periodEnd: Date;
    pastDueSince?: Date;
    endedAt?: Date;
  }) =>
    sql`insert into payment_subscriptions (subscription_id, provider, customer_id, email, plan, status, event_at,
          current_period_end, past_due_since, started_at, ended_at, card_brand, card_last4)
        values (${v.id}, 'stripe', ${v.customer}, ${v.email}, ${v.plan}, ${v.status}, ${v.endedAt ?? v.pastDueSince ?? v.startedAt},
          ${v.periodEnd}, ${v.pastDueSince ?? null}, ${v.startedAt}, ${v.endedAt ?? null}, 'visa', '4242')`.execute(db);
  await subscription({
    id: subscriptions.subscriber,
    customer: 'cus_OldYearly',
    email: users.subscriber.email,
    plan: 'yearly',
    status: 'active',
    startedAt: at(165 * DAY),
    periodEnd: subscriberPeriodEnd,
  });
  await subscription({
    id: subscriptions.pastDue,
    customer: 'cus_OldPastDue',
    email: users.pastDue.email,
    plan: 'monthly',
    status: 'past_due',
    startedAt: at(90 * DAY),
    periodEnd: at(HOUR),
    pastDueSince: at(HOUR),
  });
  await subscription({
    id: subscriptions.lapsed,
    customer: 'cus_OldLapsed',
    email: users.lapsed.email,
    plan: 'monthly',
    status: 'canceled',
    startedAt: at(80 * DAY),
    periodEnd: at(9 * DAY),
    endedAt: at(9 * DAY),
  });
  await sql`insert into billing_invoices (subscription_id, number, amount_cents, currency, status, period_start, period_end, created_at)
      values (${subscriptions.subscriber}, 'OLD-000001', 49000, 'USD', 'paid', ${at(165 * DAY)}, ${subscriberPeriodEnd}, ${at(165 * DAY)}),
             (${subscriptions.lapsed}, 'OLD-000002', 4900, 'USD', 'paid', ${at(80 * DAY)}, ${at(50 * DAY)}, ${at(80 * DAY)})`.execute(
    db,
  );

  // --- Signals and their chain, in the order the old release wrote them.
  const actor = `admin:${users.admin.id}`;
  let prevHash = GENESIS_HASH;
  const events: PreviousRelease['events'] = [];
  const append = async (
    signalId: number,
    e: { type: string; price?: number | null; at: Date; data: Record<string, unknown>; actor?: string },
    opts: { salted?: boolean } = {},
  ) => {
    const content: V1Content = {
      signalId,
      type: e.type,
      price: e.price === null || e.price === undefined ? null : price5(e.price),
      at: e.at.toISOString(),
      actor: e.actor ?? actor,
      data: JSON.parse(JSON.stringify(e.data)),
      salt: opts.salted === false ? null : randomBytes(16).toString('hex'),
    };
    const hash = v1Hash(prevHash, content);
    const row = await one<{ id: string }>(
      db,
      sql`insert into signal_events (signal_id, type, price, at, actor, data, prev_hash, hash, salt)
          values (${signalId}, ${content.type}, ${content.price}, ${e.at}, ${content.actor},
            ${JSON.stringify(content.data)}::jsonb, ${prevHash}, ${hash}, ${content.salt})
          returning id`,
    );
    events.push({ id: Number(row.id), signalId, type: e.type, hash, salted: content.salt !== null });
    prevHash = hash;
  };
  const publicKey = createPublicKey(recordKey);
  const rawPublicKey = Buffer.from(String(publicKey.export({ format: 'jwk' }).x), 'base64url');
  const keyId = createHash('sha256').update(rawPublicKey).digest('hex').slice(0, 16);
  const checkpoints: PreviousRelease['checkpoints'] = [];
  const checkpoint = async (createdAt: Date) => {
    const head = events.at(-1)!;
    const message = [
      't0-checkpoint/v1',
      String(head.id),
      head.hash,
      String(events.length),
      createdAt.toISOString(),
    ].join('\n');
    const signature = sign(null, Buffer.from(message, 'utf8'), recordKey).toString('base64');
    const row = await one<{ id: string }>(
      db,
      sql`insert into record_checkpoints (head_id, head_hash, event_count, created_at, signature, key_id)
          values (${head.id}, ${head.hash}, ${events.length}, ${createdAt}, ${signature}, ${keyId}) returning id`,
    );
    checkpoints.push({ id: Number(row.id), headId: head.id, eventCount: events.length });
  };
  const signal = async (v: Record<string, unknown>) =>
    (
      await one<{ id: number }>(
        db,
        sql`insert into signals (instrument, direction, entry_price, sl_price, t0_price, t1_price, memo, current_price,
              status, t0_hit, confidence, monthly_bias, created_at, updated_at, stop_to_entry, risk_price, fill_price,
              best_price, worst_price, exit_price, closed_at, close_reason, order_type, expires_at, t0_share, parts, priced_at)
            values (${v.instrument}, ${v.direction}, ${v.entryPrice}, ${v.slPrice}, ${v.t0Price}, ${v.t1Price}, ${v.memo},
              ${v.currentPrice ?? null}, ${v.status}, ${v.t0Hit ?? false}, ${v.confidence}, ${v.monthlyBias},
              ${v.createdAt}, ${v.updatedAt ?? v.createdAt}, ${v.stopToEntry}, ${v.riskPrice}, ${v.fillPrice ?? null},
              ${v.bestPrice ?? null}, ${v.worstPrice ?? null}, ${v.exitPrice ?? null}, ${v.closedAt ?? null},
              ${v.closeReason ?? null}, ${v.orderType}, ${v.expiresAt ?? null}, 0, ${v.parts ?? '[]'}, ${v.pricedAt ?? null})
            returning id`,
      )
    ).id;
  /** The created event's data, as the previous release's `publishedContent` and feed facts made it. */
  const published = (v: Record<string, unknown>, status: string, feedPrice: number, feedAt: Date) => ({
    instrument: v.instrument,
    direction: v.direction,
    entryPrice: v.entryPrice,
    slPrice: v.slPrice,
    t0Price: v.t0Price,
    t1Price: v.t1Price,
    status,
    stopToEntry: v.stopToEntry,
    confidence: v.confidence,
    monthlyBias: v.monthlyBias,
    memo: v.memo,
    demo: false,
    t0Share: 0,
    orderType: v.orderType,
    feedPrice,
    feedAt: feedAt.toISOString(),
  });
  const feed = (price: number, when: Date) => ({ feedPrice: price, feedAt: when.toISOString() });

  // Won: GBPUSD long limit, written before salts existed (no salt in its hashes).
  const wonAt = { created: at(40 * DAY), filled: at(40 * DAY - 2 * HOUR), t0: at(39 * DAY), closed: at(38 * DAY) };
  const wonLevels = {
    instrument: 'GBPUSD',
    direction: 'long',
    entryPrice: 1.27,
    slPrice: 1.265,
    t0Price: 1.275,
    t1Price: 1.28,
    memo: 'Old release: range breakout',
    confidence: 80,
    monthlyBias: 'Bullish',
    stopToEntry: true,
    orderType: 'limit',
  };
  const won = await signal({
    ...wonLevels,
    slPrice: 1.27,
    status: 'closed',
    t0Hit: true,
    createdAt: wonAt.created,
    updatedAt: wonAt.closed,
    riskPrice: 0.005,
    fillPrice: 1.27,
    bestPrice: 1.2801,
    worstPrice: 1.2695,
    exitPrice: 1.28,
    closedAt: wonAt.closed,
    closeReason: 'target',
    currentPrice: 1.28,
    parts: JSON.stringify([{ kind: 'exit', share: 100, price: 1.28 }]),
  });
  const unsalted = { salted: false };
  await append(
    won,
    { type: 'created', at: wonAt.created, data: published(wonLevels, 'limit', 1.2712, wonAt.created) },
    unsalted,
  );
  await append(won, { type: 'activated', price: 1.27, at: wonAt.filled, data: feed(1.27, wonAt.filled) }, unsalted);
  await append(won, { type: 't0_hit', price: 1.275, at: wonAt.t0, data: feed(1.2751, wonAt.t0) }, unsalted);
  await append(
    won,
    { type: 'stop_moved', price: 1.275, at: wonAt.t0, data: { from: 1.265, to: 1.27, ...feed(1.2751, wonAt.t0) } },
    unsalted,
  );
  await append(
    won,
    {
      type: 'closed',
      price: 1.28,
      at: wonAt.closed,
      actor: 'system',
      data: { reason: 'target', share: 100, bestPrice: 1.2801, worstPrice: 1.2695, ...feed(1.2801, wonAt.closed) },
    },
    unsalted,
  );

  // Lost: GBPJPY short at market, stopped out. Salted from here on; the close signs a checkpoint.
  const lostAt = { created: at(20 * DAY), closed: at(19 * DAY) };
  const lostLevels = {
    instrument: 'GBPJPY',
    direction: 'short',
    entryPrice: 197,
    slPrice: 197.5,
    t0Price: 196.5,
    t1Price: 196,
    memo: 'Old release: rejection at resistance',
    confidence: 70,
    monthlyBias: 'Bearish',
    stopToEntry: true,
    orderType: 'market',
  };
  const lost = await signal({
    ...lostLevels,
    status: 'closed',
    createdAt: lostAt.created,
    updatedAt: lostAt.closed,
    riskPrice: 0.5,
    fillPrice: 197,
    bestPrice: 196.8,
    worstPrice: 197.5,
    exitPrice: 197.5,
    closedAt: lostAt.closed,
    closeReason: 'stop',
    currentPrice: 197.5,
    parts: JSON.stringify([{ kind: 'exit', share: 100, price: 197.5 }]),
  });
  await append(lost, {
    type: 'created',
    at: lostAt.created,
    data: published(lostLevels, 'active', 197, lostAt.created),
  });
  await append(lost, { type: 'activated', price: 197, at: lostAt.created, data: feed(197, lostAt.created) });
  await append(lost, {
    type: 'closed',
    price: 197.5,
    at: lostAt.closed,
    actor: 'system',
    data: { reason: 'stop', share: 100, bestPrice: 196.8, worstPrice: 197.5, ...feed(197.51, lostAt.closed) },
  });
  await checkpoint(lostAt.closed);

  // Running: GBPUSD long at market, far from its stop and T1 (the price watch leaves it alone).
  const runningAt = { created: at(10 * DAY), t0: at(2 * DAY) };
  const runningLevels = {
    instrument: 'GBPUSD',
    direction: 'long',
    entryPrice: 1.3,
    slPrice: 1.25,
    t0Price: 1.34,
    t1Price: 1.4,
    memo: 'Old release: trend continuation, hold for T1',
    confidence: 85,
    monthlyBias: 'Bullish',
    stopToEntry: false,
    orderType: 'market',
  };
  const running = await signal({
    ...runningLevels,
    status: 'active',
    t0Hit: true,
    createdAt: runningAt.created,
    updatedAt: runningAt.t0,
    riskPrice: 0.05,
    fillPrice: 1.3,
    bestPrice: 1.3455,
    worstPrice: 1.2981,
    currentPrice: 1.3452,
    pricedAt: at(HOUR),
  });
  await append(running, {
    type: 'created',
    at: runningAt.created,
    data: published(runningLevels, 'active', 1.3, runningAt.created),
  });
  await append(running, { type: 'activated', price: 1.3, at: runningAt.created, data: feed(1.3, runningAt.created) });

  // Expired: a US30 short limit that was never filled.
  const expiredAt = { created: at(8 * DAY), expired: at(6 * DAY) };
  const expiredLevels = {
    instrument: 'US30',
    direction: 'short',
    entryPrice: 45000,
    slPrice: 45200,
    t0Price: 44800,
    t1Price: 44600,
    memo: 'Old release: fade the gap',
    confidence: 60,
    monthlyBias: 'Bearish',
    stopToEntry: true,
    orderType: 'limit',
  };
  const expired = await signal({
    ...expiredLevels,
    status: 'cancelled',
    createdAt: expiredAt.created,
    updatedAt: expiredAt.expired,
    riskPrice: 200,
    closedAt: expiredAt.expired,
    closeReason: 'expired',
    expiresAt: expiredAt.expired,
    currentPrice: 42800,
  });
  await append(expired, {
    type: 'created',
    at: expiredAt.created,
    data: {
      ...published(expiredLevels, 'limit', 42790, expiredAt.created),
      expiresAt: expiredAt.expired.toISOString(),
    },
  });
  await append(expired, {
    type: 'cancelled',
    at: expiredAt.expired,
    actor: 'system',
    data: { reason: 'expired', ...feed(42810, expiredAt.expired) },
  });
  await checkpoint(expiredAt.expired);

  // Pending: an AUDUSD long limit far below the market.
  const pendingAt = at(5 * DAY);
  const pendingLevels = {
    instrument: 'AUDUSD',
    direction: 'long',
    entryPrice: 0.6,
    slPrice: 0.59,
    t0Price: 0.61,
    t1Price: 0.62,
    memo: 'Old release: buy the deep pullback',
    confidence: 65,
    monthlyBias: 'Bullish',
    stopToEntry: true,
    orderType: 'limit',
  };
  const pending = await signal({
    ...pendingLevels,
    status: 'limit',
    createdAt: pendingAt,
    riskPrice: 0.01,
    currentPrice: 0.6517,
    pricedAt: at(HOUR),
  });
  await append(pending, { type: 'created', at: pendingAt, data: published(pendingLevels, 'limit', 0.6517, pendingAt) });

  // The running signal reaches T0 (its T0 share is 0 and the stop stays): a later event of an open
  // signal, then the hourly checkpoint, whose head it is.
  await append(running, {
    type: 't0_hit',
    price: 1.34,
    at: runningAt.t0,
    actor: 'system',
    data: feed(1.3401, runningAt.t0),
  });
  await checkpoint(at(HOUR));

  // --- Notifications: one broadcast (stored once, with its item id), and the signal notices the
  // lifecycle delivered to the subscribers and administrators of the time (one row each).
  const broadcastTitle = 'Desk hours over the holidays';
  await sql`insert into notifications (title, message, type, priority, is_global, created_by, created_at, delivered_at, item_id)
      values (${broadcastTitle}, 'The desk publishes from 8:00 to 17:00 London time until January.', 'info', 'normal',
        true, ${users.admin.id}, ${at(3 * DAY)}, ${at(3 * DAY)}, nextval(pg_get_serial_sequence('user_notifications', 'id'))::int)`.execute(
    db,
  );
  // The subscriber has read it.
  await sql`insert into notification_reads (user_id, notification_id, read_at)
      select ${users.subscriber.id}, id, ${at(2 * DAY)} from notifications where is_global`.execute(db);
  const signalNotices = [
    {
      at: lostAt.closed,
      title: 'GBPJPY SHORT CLOSED: STOP',
      message: 'Closed at 197.500 (stop loss): -50.0 pips, -1.00R.',
      priority: 'high',
      recipients: [users.admin, users.subscriber, users.pastDue, users.lapsed],
    },
    {
      at: runningAt.created,
      title: 'GBPUSD LONG ACTIVATED',
      message: 'Entry 1.30000 reached: the trade is open. Stop 1.25000, T0 1.34000, T1 1.40000.',
      priority: 'normal',
      recipients: [users.admin, users.subscriber, users.pastDue, users.lapsed],
    },
    {
      at: runningAt.t0,
      title: 'GBPUSD LONG T0 HIT',
      message: 'Take Profit 0 1.34000 reached (+400.0 pips, +0.80R).',
      priority: 'normal',
      recipients: [users.admin, users.subscriber, users.pastDue],
    },
  ];
  for (const n of signalNotices) {
    const row = await one<{ id: number }>(
      db,
      sql`insert into notifications (title, message, type, priority, is_global, created_by, created_at, delivered_at)
          values (${n.title}, ${n.message}, 'signal', ${n.priority}, false, null, ${n.at}, ${n.at}) returning id`,
    );
    for (const r of n.recipients)
      await sql`insert into user_notifications (user_id, notification_id, created_at, is_read, read_at)
          values (${r.id}, ${row.id}, ${n.at}, ${r === users.subscriber}, ${r === users.subscriber ? n.at : null})`.execute(
        db,
      );
  }
  // The lapsed subscriber was one when the running signal was published, not when it reached T0.

  // --- Content: a published post and a draft, an active resource and a retired one.
  const blogPublished = await one<{ id: number }>(
    db,
    sql`insert into blog_posts (title, content, author, excerpt, is_published, created_by, created_at, updated_at)
        values ('How we size a position', 'Risk one per cent of the account per signal, measured at the stop.', 'The desk',
          'Risk one per cent.', true, ${users.admin.id}, ${at(30 * DAY)}, ${at(30 * DAY)}) returning id`,
  );
  const blogDraft = await one<{ id: number }>(
    db,
    sql`insert into blog_posts (title, content, author, is_published, created_by, created_at, updated_at)
        values ('Next quarter (draft)', 'Not ready.', 'The desk', false, ${users.admin.id}, ${at(DAY)}, ${at(DAY)}) returning id`,
  );
  const resourceActive = await one<{ id: number }>(
    db,
    sql`insert into resources (title, description, file_name, file_url, file_size, file_type, category, is_active, uploaded_by, created_at, updated_at)
        values ('Position size sheet', 'The desk''s sizing spreadsheet.', 'sizing.xlsx', '/objects/resources/sizing.xlsx', 20480,
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'trading-guides', true, ${users.admin.id},
          ${at(60 * DAY)}, ${at(60 * DAY)}) returning id`,
  );
  const resourceInactive = await one<{ id: number }>(
    db,
    sql`insert into resources (title, file_name, file_url, file_size, file_type, category, is_active, uploaded_by, created_at, updated_at)
        values ('Old checklist', 'checklist.pdf', '/objects/resources/checklist.pdf', 1024, 'application/pdf', 'general', false,
          ${users.admin.id}, ${at(70 * DAY)}, ${at(70 * DAY)}) returning id`,
  );

  // --- API tokens: the subscriber's read token for a script, and one revoked.
  const token = `t0_pat_${randomBytes(32).toString('base64url')}`;
  const revokedToken = `t0_pat_${randomBytes(32).toString('base64url')}`;
  const tokenRow = (secret: string) => ({
    hash: createHash('sha256').update(secret).digest('hex'),
    prefix: secret.slice(0, 't0_pat_'.length + 6),
  });
  await sql`insert into api_tokens (user_id, name, scope, token_hash, prefix, created_at, last_used_at, revoked_at)
      values (${users.subscriber.id}, 'signal script', 'read', ${tokenRow(token).hash}, ${tokenRow(token).prefix}, ${at(50 * DAY)}, ${at(DAY)}, null),
             (${users.subscriber.id}, 'old laptop', 'read-write', ${tokenRow(revokedToken).hash}, ${tokenRow(revokedToken).prefix}, ${at(70 * DAY)}, ${at(60 * DAY)}, ${at(55 * DAY)})`.execute(
    db,
  );

  return {
    users,
    subscriptions,
    freeDaysUntil,
    freeDaysOverUntil,
    subscriberPeriodEnd,
    signals: { won, lost, running, pending, expired },
    events,
    checkpoints,
    token,
    revokedToken,
    blog: { published: blogPublished.id, draft: blogDraft.id },
    resources: { active: resourceActive.id, inactive: resourceInactive.id },
    notices: { broadcastTitle, signalTitles: signalNotices.map((n) => n.title) },
  };
}
