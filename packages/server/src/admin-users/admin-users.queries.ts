import type { Database, Db, UserRow } from '@t0/db';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import {
  accessUntil,
  grantState,
  subscriberStatus,
  USER_DELIVERIES_SHOWN,
  USER_LOGINS_KEPT,
  USER_PAST_GRANTS_SHOWN,
  type AdminUserFilter,
  type SubscriberFacts,
} from '@t0/contracts/domain/admin-users/admin-users';
import { readableAgent } from '@t0/contracts/domain/auth/user-agent';
import type { AdminUserDetail, AdminUserRow } from '@t0/contracts/schemas/admin-users/admin-users';
import { isAdminRow, isProvenAdminEmail, normalizeEmail, provenAdminEmailSql } from '../auth/users.queries';
import { listCurrentGrants, listUserGrants } from '../access/access-grants.queries';
import { listPlanRooms } from '../plans/plan-admin.queries';

type Eb = ExpressionBuilder<Database & { s: Database['paymentSubscriptions'] }, 'users' | 's'>;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** `like` pattern for a substring, with the pattern's own characters escaped. */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface AdminUserListQuery {
  search?: string | undefined;
  filter: AdminUserFilter;
  limit: number;
  offset: number;
  adminEmails: readonly string[];
}

function conditions(eb: Eb, q: AdminUserListQuery): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  const search = q.search?.trim();
  if (search) {
    const p = containsPattern(search);
    parts.push(
      eb.or([
        sql<SqlBool>`lower(users.email) like ${p} escape '\\'`,
        sql<SqlBool>`lower(coalesce(users.first_name, '')) like ${p} escape '\\'`,
        sql<SqlBool>`lower(coalesce(users.last_name, '')) like ${p} escape '\\'`,
        sql<SqlBool>`lower(trim(coalesce(users.first_name, '') || ' ' || coalesce(users.last_name, ''))) like ${p} escape '\\'`,
      ]),
    );
  }
  switch (q.filter) {
    case 'active':
      parts.push(eb('users.hasActiveSubscription', '=', true));
      break;
    case 'past_due':
      parts.push(eb(eb.fn.coalesce('s.status', 'users.subscriptionStatus'), '=', 'past_due'));
      break;
    case 'cancelling':
      parts.push(
        eb.and([eb('s.cancelAtPeriodEnd', '=', true), eb('s.status', 'not in', ['canceled', 'incomplete_expired'])]),
      );
      break;
    case 'never_logged_in':
      parts.push(eb('users.lastLoginAt', 'is', null));
      break;
    case 'admin':
      parts.push(eb.or([eb('users.isAdmin', '=', true), provenAdminEmailSql('users', q.adminEmails)]));
      break;
    case 'all':
      break;
  }
  return eb.and(parts);
}

function baseQuery(db: Db) {
  return db.selectFrom('users').leftJoin('paymentSubscriptions as s', 's.subscriptionId', 'users.stripeSubscriptionId');
}

type SubscriptionBits = { subStatus: string | null; subCancelAtPeriodEnd: boolean | null; subPeriodEnd: Date | null };

export function factsOf(row: UserRow & SubscriptionBits): SubscriberFacts {
  return {
    hasActiveSubscription: row.hasActiveSubscription,
    subscriptionStatus: row.subscriptionStatus,
    freeAccessUntil: row.freeAccessUntil,
    subscription:
      row.subStatus === null
        ? null
        : { status: row.subStatus, cancelAtPeriodEnd: !!row.subCancelAtPeriodEnd, currentPeriodEnd: row.subPeriodEnd },
  };
}

export function toAdminUserRow(
  row: UserRow & SubscriptionBits,
  adminEmails: readonly string[],
  now = new Date(),
): AdminUserRow {
  const facts = factsOf(row);
  const isAdmin = isAdminRow(row, adminEmails);
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    status: subscriberStatus(facts, now),
    hasAccess: row.hasActiveSubscription || isAdmin,
    accessUntil: iso(accessUntil(facts, now)),
    isAdmin,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: iso(row.lastLoginAt),
  };
}

const withSubscription = [
  's.status as subStatus',
  's.cancelAtPeriodEnd as subCancelAtPeriodEnd',
  's.currentPeriodEnd as subPeriodEnd',
] as const;

/** One page of users matching the search and filter, newest first, and how many match in all. */
export async function listAdminUsers(db: Db, q: AdminUserListQuery): Promise<{ users: AdminUserRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    baseQuery(db)
      .selectAll('users')
      .select(withSubscription)
      .where((eb) => conditions(eb as Eb, q))
      .orderBy('users.createdAt', 'desc')
      .orderBy('users.id', 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    baseQuery(db)
      .select(sql<number>`count(*)::int`.as('n'))
      .where((eb) => conditions(eb as Eb, q))
      .executeTakeFirstOrThrow(),
  ]);
  const now = new Date();
  return { users: rows.map((r) => toAdminUserRow(r, q.adminEmails, now)), total: Number(count.n) };
}

/** The user with the state of their current subscription. */
export function findAdminUser(db: Db, userId: number) {
  return baseQuery(db).selectAll('users').select(withSubscription).where('users.id', '=', userId).executeTakeFirst();
}

/** Stored sessions of a user that have not expired. */
export async function countActiveSessions(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select(sql<number>`count(*)::int`.as('n'))
    .where(sql`(sess::jsonb ->> 'userId')::int`, '=', userId)
    .where('expire', '>', sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records a successful sign-in and keeps only the newest USER_LOGINS_KEPT of the user's. */
export async function recordLogin(db: Db, l: { userId: number; address: string; userAgent: string; method: string }) {
  await db
    .insertInto('userLogins')
    .values({
      userId: l.userId,
      address: l.address.slice(0, 45),
      userAgent: l.userAgent.slice(0, 500),
      method: l.method.slice(0, 20),
    })
    .execute();
  await db
    .deleteFrom('userLogins')
    .where('userId', '=', l.userId)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('userLogins')
        .select('id')
        .where('userId', '=', l.userId)
        .orderBy('id', 'desc')
        .limit(USER_LOGINS_KEPT),
    )
    .execute();
}

export async function insertAdminNote(
  db: Db,
  n: { userId: number; authorId: number; authorEmail: string; body: string },
) {
  return db.insertInto('userAdminNotes').values(n).returning('id').executeTakeFirstOrThrow();
}

/** Everything the drawer shows of one user (undefined when there is no such user). */
export async function readAdminUserDetail(
  db: Db,
  userId: number,
  adminEmails: readonly string[],
): Promise<AdminUserDetail | undefined> {
  const row = await findAdminUser(db, userId);
  if (!row) return undefined;
  const email = normalizeEmail(row.email);
  const subscriptionIds = await db
    .selectFrom('paymentSubscriptions')
    .select('subscriptionId')
    .where((eb) =>
      eb.or([
        eb('email', '=', email),
        ...(row.stripeSubscriptionId ? [eb('subscriptionId', '=', row.stripeSubscriptionId)] : []),
      ]),
    )
    .execute();
  const ids = subscriptionIds.map((s) => s.subscriptionId);
  const now = new Date();
  const [sub, invoices, pending, logins, deliveries, notes, activeSessions, grants] = await Promise.all([
    row.stripeSubscriptionId
      ? db
          .selectFrom('paymentSubscriptions')
          .selectAll()
          .where('subscriptionId', '=', row.stripeSubscriptionId)
          .executeTakeFirst()
      : Promise.resolve(undefined),
    ids.length
      ? db
          .selectFrom('billingInvoices')
          .selectAll()
          .where('subscriptionId', 'in', ids)
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .limit(24)
          .execute()
      : Promise.resolve([]),
    db
      .selectFrom('pendingPayments')
      .selectAll()
      .where(sql`lower(email)`, '=', email)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(10)
      .execute(),
    db
      .selectFrom('userLogins')
      .selectAll()
      .where('userId', '=', userId)
      .orderBy('id', 'desc')
      .limit(USER_LOGINS_KEPT)
      .execute(),
    db
      .selectFrom('deliveries')
      .selectAll()
      .where('userId', '=', userId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(USER_DELIVERIES_SHOWN)
      .execute(),
    db.selectFrom('userAdminNotes').selectAll().where('userId', '=', userId).orderBy('id', 'desc').execute(),
    countActiveSessions(db, userId),
    listUserGrants(db, userId, USER_PAST_GRANTS_SHOWN, now),
  ]);
  const grantRooms = await listPlanRooms(db, [...new Set(grants.grants.map((g) => g.planId))]);
  // An ADMIN_EMAILS administrator (listed and proven): the console cannot demote it.
  const adminByConfig = isProvenAdminEmail(row, adminEmails);
  return {
    account: {
      ...toAdminUserRow(row, adminEmails),
      adminByConfig,
      subscriptionStatus: row.subscriptionStatus,
      freeAccessUntil: iso(row.freeAccessUntil),
      welcomeEmailSentAt: iso(row.welcomeEmailSentAt),
      emailNotificationsEnabled: row.emailNotificationsEnabled,
      hasPassword: row.password !== '',
      activeSessions,
    },
    subscription: sub
      ? {
          id: sub.subscriptionId,
          provider: sub.provider,
          plan: sub.plan,
          status: sub.status,
          currentPeriodEnd: iso(sub.currentPeriodEnd),
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
          cancelReason: sub.cancelReason,
          pastDueSince: iso(sub.pastDueSince),
          card: sub.cardBrand && sub.cardLast4 ? `${sub.cardBrand} •••• ${sub.cardLast4}` : null,
        }
      : null,
    invoices: invoices.map((i) => ({
      id: Number(i.id),
      number: i.number,
      createdAt: i.createdAt.toISOString(),
      amountCents: i.amountCents,
      currency: i.currency,
      status: i.status,
      periodStart: i.periodStart.toISOString(),
      periodEnd: i.periodEnd.toISOString(),
    })),
    providerInvoices: [],
    providerInvoicesUnavailable: false,
    pendingPayments: pending.map((p) => ({
      id: p.id,
      plan: p.plan,
      provider: p.provider,
      createdAt: p.createdAt.toISOString(),
      completedAt: iso(p.completedAt),
      expiresAt: iso(p.expiresAt),
    })),
    logins: logins.map((l) => {
      const agent = readableAgent(l.userAgent);
      return {
        at: l.at.toISOString(),
        address: l.address,
        method: l.method,
        device: agent.device,
        browser: agent.browser,
        userAgent: l.userAgent,
      };
    }),
    deliveries: deliveries.map((d) => ({
      id: Number(d.id),
      createdAt: d.createdAt.toISOString(),
      channel: d.channel,
      event: d.event,
      status: d.status,
      attempts: d.attempts,
      error: d.error,
      sentAt: iso(d.sentAt),
    })),
    notes: notes.map((n) => ({
      id: Number(n.id),
      body: n.body,
      authorEmail: n.authorEmail,
      createdAt: n.createdAt.toISOString(),
    })),
    grants: grants.grants.map((g) => ({
      id: g.id,
      plan: { key: g.planKey, name: g.planName },
      source: g.source,
      sourceRef: g.sourceRef,
      startsAt: g.startsAt.toISOString(),
      endsAt: iso(g.endsAt),
      endedAt: iso(g.endedAt),
      state: grantState(g, now),
      rooms: grantRooms.get(g.planId) ?? [],
    })),
    olderGrants: grants.olderGrants,
  };
}

/**
 * What the audit log records of a user before and after an administrator's action on them: the
 * account's access and role, the current subscription's cancellation, the grants counting now,
 * the count of live sessions and the newest note.
 */
export async function auditSnapshotOfUser(db: Db, userId: number): Promise<Record<string, unknown> | undefined> {
  const row = await findAdminUser(db, userId);
  if (!row) return undefined;
  const sub = row.stripeSubscriptionId
    ? await db
        .selectFrom('paymentSubscriptions')
        .selectAll()
        .where('subscriptionId', '=', row.stripeSubscriptionId)
        .executeTakeFirst()
    : undefined;
  const [activeSessions, lastNote, grants] = await Promise.all([
    countActiveSessions(db, userId),
    db
      .selectFrom('userAdminNotes')
      .select(['id', 'body'])
      .where('userId', '=', userId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    listCurrentGrants(db, userId),
  ]);
  return {
    email: row.email,
    isAdmin: row.isAdmin,
    hasActiveSubscription: row.hasActiveSubscription,
    subscriptionStatus: row.subscriptionStatus,
    freeAccessUntil: row.freeAccessUntil,
    welcomeEmailSentAt: row.welcomeEmailSentAt,
    subscriptionId: sub?.subscriptionId ?? null,
    cancelAtPeriodEnd: sub?.cancelAtPeriodEnd ?? null,
    cancelReason: sub?.cancelReason ?? null,
    currentPeriodEnd: sub?.currentPeriodEnd ?? null,
    activeSessions,
    lastNote: lastNote ? lastNote.body : null,
    // The grants counting now: "plan (source) until end" (the plan free days went to, say).
    grants: grants
      .map((g) => `${g.planKey} (${g.source}) ${g.endsAt ? `until ${g.endsAt.toISOString()}` : 'no end'}`)
      .join(', '),
  };
}
