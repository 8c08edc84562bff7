import { sql, type Kysely } from 'kysely';

// A notification delivered to everyone (a global broadcast) is stored once: its `notifications`
// row gets an `item_id` when it is delivered, the id every user's item of it carries, drawn from
// the same sequence as `user_notifications.id` so the two kinds of item never share an id. Every
// user, also one who registers later, sees it unread until they read it; only then a
// `notification_reads` row (user, notification) is written, and marking it unread again deletes
// that row. Notifications for some users only (subscribers, administrators) keep one
// `user_notifications` row per recipient.
//
// Change notices (see 20260120000000_change_notices): `notification_reads` tells `un:<user id>`
// (or `un:*`) like `user_notifications`; a statement that delivers or removes a broadcast tells
// `un:*`, as every user's unread count moved.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('item_id', 'integer').execute();
  await sql`create unique index notifications_item_id_uq on notifications (item_id) where item_id is not null`.execute(
    db,
  );

  await db.schema
    .createTable('notification_reads')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('notification_id', 'integer', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('read_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('notification_reads_pk', ['user_id', 'notification_id'])
    .execute();
  await db.schema
    .createIndex('notification_reads_notification_idx')
    .on('notification_reads')
    .column('notification_id')
    .execute();
  // A notification's own rows (folding a widened one into a broadcast, deleting one) found by index.
  await db.schema
    .createIndex('user_notifications_notification_idx')
    .on('user_notifications')
    .column('notification_id')
    .execute();

  // Existing broadcasts: one item id each (the lowest of its rows, so one user keeps theirs), the
  // read state of every user who had read it, then its per-user rows go.
  await sql`
    update notifications n
    set item_id = coalesce((select min(un.id) from user_notifications un where un.notification_id = n.id),
                           nextval(pg_get_serial_sequence('user_notifications', 'id')))
    where n.is_global and n.delivered_at is not null`.execute(db);
  await sql`
    insert into notification_reads (user_id, notification_id, read_at)
    select un.user_id, un.notification_id, coalesce(un.read_at, un.created_at)
    from user_notifications un join notifications n on n.id = un.notification_id
    where n.item_id is not null and un.is_read
    on conflict do nothing`.execute(db);
  await sql`
    delete from user_notifications un using notifications n
    where n.id = un.notification_id and n.item_id is not null`.execute(db);

  for (const op of ['insert', 'delete'] as const) {
    const table = op === 'insert' ? 'new' : 'old';
    await sql`
      create trigger ${sql.raw(`notification_reads_${op}_notice`)} after ${sql.raw(op)} on notification_reads
      referencing ${sql.raw(table)} table as ${sql.raw(`${table}_rows`)} for each statement
      execute function t0_notify_user_notifications_changes()`.execute(db);
  }

  // A broadcast delivered (or written as such), deleted or its item id changed moves every user's count: one wide notice.
  await sql`
    create function t0_notify_broadcast_changes() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        if exists (select 1 from new_rows where item_id is not null) then
          perform pg_notify('t0_changes', 'un:*');
        end if;
      elsif tg_op = 'UPDATE' then
        if exists (select 1 from old_rows o join new_rows n on n.id = o.id where n.item_id is distinct from o.item_id) then
          perform pg_notify('t0_changes', 'un:*');
        end if;
      elsif exists (select 1 from old_rows where item_id is not null) then
        perform pg_notify('t0_changes', 'un:*');
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger notifications_update_notice after update on notifications
    referencing old table as old_rows new table as new_rows for each statement
    execute function t0_notify_broadcast_changes()`.execute(db);
  await sql`
    create trigger notifications_insert_notice after insert on notifications
    referencing new table as new_rows for each statement
    execute function t0_notify_broadcast_changes()`.execute(db);
  await sql`
    create trigger notifications_delete_notice after delete on notifications
    referencing old table as old_rows for each statement
    execute function t0_notify_broadcast_changes()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const op of ['insert', 'update', 'delete'])
    await sql`drop trigger if exists ${sql.raw(`notifications_${op}_notice`)} on notifications`.execute(db);
  await sql`drop function if exists t0_notify_broadcast_changes()`.execute(db);
  for (const op of ['insert', 'delete'])
    await sql`drop trigger if exists ${sql.raw(`notification_reads_${op}_notice`)} on notification_reads`.execute(db);
  // Back to one row per user and broadcast.
  await sql`
    insert into user_notifications (user_id, notification_id, is_read, read_at, created_at)
    select u.id, n.id, r.user_id is not null, r.read_at, n.delivered_at
    from notifications n cross join users u
    left join notification_reads r on r.notification_id = n.id and r.user_id = u.id
    where n.item_id is not null
    on conflict (user_id, notification_id) do nothing`.execute(db);
  await db.schema.dropTable('notification_reads').execute();
  await sql`drop index if exists user_notifications_notification_idx`.execute(db);
  await sql`drop index if exists notifications_item_id_uq`.execute(db);
  await db.schema.alterTable('notifications').dropColumn('item_id').execute();
}
