import type { Database } from '@t0/db';
import { sql, type Kysely } from 'kysely';

type Db = Kysely<Database>;

/**
 * A user who registers later still receives every global notification already delivered:
 * one set-based statement.
 */
export async function deliverGlobalNotificationsTo(db: Db, userId: number) {
  await sql`
    insert into user_notifications (user_id, notification_id, created_at)
    select ${userId}, n.id, n.created_at from notifications n
    where n.is_global and n.delivered_at is not null
    on conflict (user_id, notification_id) do nothing`.execute(db);
}
