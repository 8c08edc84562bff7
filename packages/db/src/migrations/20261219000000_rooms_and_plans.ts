import { sql, type Kysely } from 'kysely';

// Rooms and plans.
//
// A room is what a desk sells access to. Its instruments are listed in `room_instruments`; an
// instrument listed in no room belongs to the default room (`is_default`, exactly one), so the
// built-in instruments, which have no catalogue row, and every instrument added later land there
// until a desk moves them. Every signal belongs to one room, fixed at publication. A notification
// is for one room or, with `room` null, for everyone.
//
// A plan grants rooms (`plan_rooms`) on terms: recurring (an interval and a count), a pass of N
// days paid once, lifetime, or free. What a person holds is an access grant (`access_grants`) with
// an end (or none), apart from the payment that bought it. `users.access_rooms` is the grants
// folded into the rooms a user holds and until when ({ slug: end | null }), rewritten in the
// transaction of every grant change; the entitlement decision reads it with the user's row.
//
// An existing install gets one default room, "main", holding everything, and the plans it sold
// (monthly, yearly) granting that room; every user with access today gets a grant for it.
//
// The created event of a signal's chain gains a versioned context (room, author, price source):
// `signal_events.context`, hashed with the event when present.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rooms')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('chat_language', 'varchar(10)', (c) => c.notNull().defaultTo('en'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('telegram_chat_id', 'varchar(40)')
    .addColumn('discord_role_id', 'varchar(40)')
    .addColumn('archived_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index rooms_one_default on rooms (is_default) where is_default`.execute(db);
  await sql`insert into rooms (slug, name, description, is_default) values ('main', 'Signals', 'Every instrument the desk trades.', true)`.execute(
    db,
  );

  await db.schema
    .createTable('room_instruments')
    .addColumn('symbol', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id'))
    .execute();

  // A signal and a notification name their room by its slug, which is fixed once the room exists.
  await db.schema
    .alterTable('signals')
    .addColumn('room', 'varchar(40)', (c) => c.references('rooms.slug'))
    .execute();
  await sql`update signals set room = 'main'`.execute(db);
  await sql`alter table signals alter column room set not null`.execute(db);
  await db.schema.createIndex('signals_room').on('signals').column('room').execute();

  // A signal's notices name the signal too: shown whole only to a viewer entitled to it now.
  await db.schema
    .alterTable('notifications')
    .addColumn('room', 'varchar(40)', (c) => c.references('rooms.slug'))
    .addColumn('signal_id', 'integer', (c) => c.references('signals.id').onDelete('set null'))
    .execute();

  await db.schema
    .createTable('plans')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('key', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('terms', 'varchar(20)', (c) =>
      c.notNull().check(sql`terms in ('recurring', 'pass', 'lifetime', 'free')`),
    )
    .addColumn('interval', 'varchar(10)', (c) => c.check(sql`interval in ('month', 'year')`))
    .addColumn('interval_count', 'integer')
    .addColumn('pass_days', 'integer')
    // Null: the price comes from the settings (PLAN_MONTHLY_PRICE, PLAN_YEARLY_PRICE), as before plans.
    .addColumn('amount_cents', 'integer')
    .addColumn('currency', 'varchar(3)')
    // Null: STRIPE_PRICE_MONTHLY or STRIPE_PRICE_YEARLY for the two plans an install had before.
    .addColumn('stripe_price_id', 'varchar(100)')
    // Null: the site's trial setting for this plan's interval.
    .addColumn('trial_days', 'integer')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('listed', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('archived_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index plans_one_default on plans (is_default) where is_default`.execute(db);
  await db.schema
    .createTable('plan_rooms')
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('plans.id').onDelete('cascade'))
    .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id'))
    .addPrimaryKeyConstraint('plan_rooms_pk', ['plan_id', 'room_id'])
    .execute();
  await sql`
    insert into plans (key, name, terms, interval, interval_count, position, is_default)
    values ('monthly', 'Monthly', 'recurring', 'month', 1, 0, true),
           ('yearly', 'Yearly', 'recurring', 'year', 1, 1, false)`.execute(db);
  await sql`insert into plan_rooms (plan_id, room_id) select p.id, r.id from plans p, rooms r`.execute(db);

  await db.schema
    .createTable('access_grants')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('plans.id'))
    // subscription (a recurring payment), pass, lifetime, free (a free plan), free_days (granted by an administrator), test.
    .addColumn('source', 'varchar(20)', (c) => c.notNull())
    // The subscription id for a subscription's grant.
    .addColumn('source_ref', 'varchar(100)')
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ends_at', 'timestamptz')
    // Ended early (cancelled, refunded, taken back): the grant no longer counts from then.
    .addColumn('ended_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('access_grants_user').on('access_grants').column('user_id').execute();
  await sql`create unique index access_grants_one_per_subscription on access_grants (source_ref)
            where source = 'subscription' and ended_at is null`.execute(db);

  await db.schema
    .alterTable('users')
    .addColumn('access_rooms', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();

  // Everyone with access today: a paid subscription's grant, free days an administrator granted, or
  // (a test activation, say) a grant of the default plan with no end.
  await sql`
    insert into access_grants (user_id, plan_id, source, source_ref, ends_at)
    select u.id,
           coalesce((select p.id from plans p where p.key = ps.plan), (select id from plans where is_default)),
           'subscription', ps.subscription_id, null
      from users u join payment_subscriptions ps on ps.subscription_id = u.stripe_subscription_id
     where u.has_active_subscription and ps.status in ('active', 'trialing', 'past_due')`.execute(db);
  await sql`
    insert into access_grants (user_id, plan_id, source, ends_at)
    select u.id, (select id from plans where is_default), 'free_days', u.free_access_until
      from users u where u.has_active_subscription and u.free_access_until > now()`.execute(db);
  await sql`
    insert into access_grants (user_id, plan_id, source, ends_at)
    select u.id, (select id from plans where is_default), 'test', null
      from users u
     where u.has_active_subscription and not exists (select 1 from access_grants g where g.user_id = u.id)`.execute(db);
  await sql`
    update users u set access_rooms = coalesce((
      select jsonb_object_agg(slug, until) from (
        select r.slug, case when bool_or(g.ends_at is null) then null else max(g.ends_at) end as until
          from access_grants g join plan_rooms pr on pr.plan_id = g.plan_id join rooms r on r.id = pr.room_id
         where g.user_id = u.id and g.ended_at is null
         group by r.slug) held), '{}'::jsonb)`.execute(db);

  await db.schema.alterTable('signal_events').addColumn('context', 'jsonb').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('signal_events').dropColumn('context').execute();
  await db.schema.alterTable('users').dropColumn('access_rooms').execute();
  await db.schema.dropTable('access_grants').execute();
  await db.schema.dropTable('plan_rooms').execute();
  await db.schema.dropTable('plans').execute();
  await db.schema.alterTable('notifications').dropColumn('room').dropColumn('signal_id').execute();
  await db.schema.alterTable('signals').dropColumn('room').execute();
  await db.schema.dropTable('room_instruments').execute();
  await db.schema.dropTable('rooms').execute();
}
