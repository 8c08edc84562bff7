/**
 * Subscribers inserted in bulk (`has_active_subscription`) hold nothing until they have a grant: the
 * entitlement decision reads `users.access_rooms`, which the app rewrites with every grant. This gives
 * each of them that has none a grant of the default plan with no end, and its rooms, as the upgrade
 * of an existing install does for its subscribers.
 */
export async function grantDefaultPlan(run: (sql: string) => Promise<unknown>): Promise<void> {
  const holders = `has_active_subscription and not exists (select 1 from access_grants g where g.user_id = users.id)`;
  await run(
    `update users set access_rooms = (
       select coalesce(jsonb_object_agg(r.slug, null), '{}'::jsonb)
         from plan_rooms pr join rooms r on r.id = pr.room_id
        where pr.plan_id = (select id from plans where is_default))
     where ${holders}`,
  );
  await run(
    `insert into access_grants (user_id, plan_id, source)
     select id, (select id from plans where is_default), 'test' from users where ${holders}`,
  );
}
