import { sql, type Kysely } from 'kysely';

// Corrects what `20261219000000_rooms_and_plans` backfilled on an existing install. That migration
// has been released, so it stays as it is; this one repairs its result (and does nothing on a
// database made after it). Found by the upgrade test (apps/api/test/database/upgrade.int.test.ts).
//
// 1. Free days that had run out but were not yet ended. The previous release ended free days in
//    its billing sweep (every minute): between `free_access_until` and the next sweep, and for as
//    long as an install is stopped for its upgrade, `has_active_subscription` was still true. The
//    backfill gave such a user, who had no payment and no free days ahead, a `test` grant of the
//    default plan with no end, and the sweep now ends only `free_days` grants when free days run
//    out: access for ever. That grant becomes what it was: free days on the default plan, ending
//    at `free_access_until` (past), so they no longer count and the sweep tidies them as any.
// 2. The folded access. The backfill wrote each room's end into `users.access_rooms` as the
//    database's own text for a timestamp (`2026-12-11T12:17:05.44+00:00`) where every later write
//    (`refreshRoomAccess`) gives ISO 8601 UTC with milliseconds (`2026-12-11T12:17:05.440Z`): the
//    user object showed the end of backfilled free days in another format, and the first refold
//    of such a user told their streams of a change that was none.
//
// Every user holding a grant is then refolded from their grants, exactly as `refreshRoomAccess`
// (packages/server/src/access/access-grants.queries.ts) does: `access_rooms` and
// `has_active_subscription`.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update access_grants g
       set source = 'free_days', ends_at = u.free_access_until
      from users u
     where u.id = g.user_id
       and g.source = 'test' and g.source_ref is null and g.ends_at is null and g.ended_at is null
       and u.free_access_until is not null and u.free_access_until <= g.created_at`.execute(db);

  await sql`
    update users u
       set access_rooms = coalesce((
             select jsonb_object_agg(held.slug, held.until) from (
               select r.slug,
                      case when bool_or(g.ends_at is null) then null
                           else to_char(max(g.ends_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end as until
                 from access_grants g
                 join plan_rooms pr on pr.plan_id = g.plan_id
                 join rooms r on r.id = pr.room_id
                where g.user_id = u.id and g.ended_at is null and g.starts_at <= now()
                  and (g.ends_at is null or g.ends_at > now())
                group by r.slug) held), '{}'::jsonb),
           has_active_subscription = exists (
             select 1 from access_grants g
              where g.user_id = u.id and g.ended_at is null and g.starts_at <= now()
                and (g.ends_at is null or g.ends_at > now()))
     where exists (select 1 from access_grants g where g.user_id = u.id)`.execute(db);
}

// A correction of data: going down leaves the corrected grants and access as they are.
export async function down(): Promise<void> {}
