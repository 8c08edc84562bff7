import { sql, type Kysely } from 'kysely';

// API tokens may expire: `expires_at` (null: never). Tokens minted before this migration keep
// working without an end, as they were issued.
//
// A token minted before its owner turned the administrator's second factor on does not carry the
// administrator role (it is compared with `admin_second_factors.enabled_at` when the token is
// resolved). The API processes keep resolved tokens in memory, so a change of that row NOTIFYs
// `u:<user id>` on `t0_changes`: every process forgets the user's cached tokens at once.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_tokens').addColumn('expires_at', 'timestamptz').execute();

  await sql`
    create function t0_notify_second_factor_changes() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform pg_notify('t0_changes', 'u:' || old.user_id);
      else
        perform pg_notify('t0_changes', 'u:' || new.user_id);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger admin_second_factors_notice after insert or delete or update of enabled_at on admin_second_factors
    for each row execute function t0_notify_second_factor_changes()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists admin_second_factors_notice on admin_second_factors`.execute(db);
  await sql`drop function if exists t0_notify_second_factor_changes()`.execute(db);
  await db.schema.alterTable('api_tokens').dropColumn('expires_at').execute();
}
